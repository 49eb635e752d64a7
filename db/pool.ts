// The connection pool. Errors of idle clients (a restarted server) are logged, not fatal: the pool
// drops the broken client and the next query opens a new connection.
import pg from 'pg';
import type { Logger } from '../lib/logger.ts';

// Return bigint ids and counts as numbers: they stay far below 2^53 here.
pg.types.setTypeParser(20, (v) => Number(v));
// Dates (`day` columns) stay 'YYYY-MM-DD' strings instead of local-time Date objects.
pg.types.setTypeParser(1082, (v) => v);

export type Pool = pg.Pool;

export function createPool(connectionString: string, max: number, logger?: Logger, options: { asyncCommit?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // For writes whose loss in a crash is harmless (request counts): commit without waiting for
    // the WAL flush. A crash can forget the last fraction of a second of them, nothing more.
    options: options.asyncCommit ? '-c synchronous_commit=off' : undefined,
  });
  pool.on('error', (err) => logger?.warn('database connection lost', { err }));
  return pool;
}

/**
 * Runs `fn` inside a transaction on one client. While the client is checked out, a lost
 * connection is reported to the pending query, not thrown as an uncaught 'error' event, and the
 * broken client is discarded rather than returned to the pool.
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => {
    broken = err;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    broken ??= await client.query('ROLLBACK').then(() => undefined, (e: Error) => e);
    throw err;
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
