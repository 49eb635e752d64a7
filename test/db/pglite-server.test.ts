// The embedded database's wire server: one PGlite session shared by many connections. A client
// that vanishes while its statement runs inside a transaction must not leave the session held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openMemoryDatabase, type EmbeddedDatabase } from '../../db/embedded.ts';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> {
  return Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);
}

describe('embedded database server', () => {
  let db: EmbeddedDatabase;
  beforeAll(async () => {
    db = await openMemoryDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('serves other connections after a client disconnects while its statement runs in a transaction', async () => {
    const leaving = new pg.Client({ connectionString: db.connectionString });
    leaving.on('error', () => undefined);
    await leaving.connect();
    // The unit opens a transaction and is still running when the client goes away.
    const pending = leaving.query('BEGIN; CREATE TABLE held (n int); SELECT pg_sleep(0.3)').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    (leaving as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await pending;

    const staying = new pg.Client({ connectionString: db.connectionString });
    try {
      const answer = await withTimeout(staying.connect().then(() => staying.query('SELECT 1 AS one')), 5_000);
      expect(answer).not.toBe('timed out');
      // The vanished client's transaction was rolled back, not left open or committed.
      const { rows } = await staying.query(`SELECT to_regclass('held') AS held`);
      expect(rows[0].held).toBeNull();
    } finally {
      await withTimeout(staying.end(), 1_000);
    }
  });
});
