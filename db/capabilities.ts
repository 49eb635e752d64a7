// What the connected server can do, found once per pool: whether it is the embedded PGlite (one
// shared session, where two connections preparing the same named statement collide) and whether
// the pgvector extension is available.
import type pg from 'pg';

export interface Capabilities {
  embedded: boolean;
  /** Named (server-side prepared) statements: skip parsing and planning on every call. */
  namedStatements: boolean;
  vectorAvailable: boolean;
}

const known = new WeakMap<pg.Pool, Capabilities>();

export async function detectCapabilities(pool: pg.Pool): Promise<Capabilities> {
  const { rows } = await pool.query(
    `SELECT version() AS version, EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS vector`,
  );
  const embedded = /PGlite|emscripten/i.test(rows[0].version);
  const capabilities = { embedded, namedStatements: !embedded, vectorAvailable: rows[0].vector === true };
  known.set(pool, capabilities);
  return capabilities;
}

export function capabilitiesOf(pool: pg.Pool): Capabilities | undefined {
  return known.get(pool);
}

/** A query config that is a named prepared statement where the server allows it. */
export function statement(pool: pg.Pool, name: string, text: string, values: unknown[]): pg.QueryConfig {
  return known.get(pool)?.namedStatements ? { name, text, values } : { text, values };
}
