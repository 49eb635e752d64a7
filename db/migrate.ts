// Applies the numbered plain-SQL files of db/migrations in order, each in its own transaction,
// under an advisory lock so that processes starting together take turns instead of racing.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// An arbitrary constant shared by every skillgate process: the advisory lock's name.
const MIGRATION_LOCK_ID = 7_340_019_201;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    migrations.push({ version: Number(file.split('_')[0]), name: file, sql: await readFile(dir + file, 'utf8') });
  }
  return migrations;
}

/**
 * Applies pending migrations; returns the names of those applied by this call. Each migration runs
 * in its own transaction that first takes a transaction-level advisory lock, so concurrent callers
 * queue behind it and then find the migration already recorded. (A transaction-level lock also
 * holds on the embedded database, where every connection shares one session.)
 */
export async function migrate(pool: pg.Pool, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations());
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    for (const m of all) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
        await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
        const done = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
        if (done.rowCount === 0) {
          await client.query(m.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
          applied.push(m.name);
        }
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  } finally {
    client.release();
  }
  return applied;
}
