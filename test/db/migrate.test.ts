// Migrations: applied once, in order, even when several processes start together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../db/pool.ts';
import { loadMigrations, migrate } from '../../db/migrate.ts';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../support/databases.ts';

describe.each(BACKENDS)('migrations on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => database?.drop());

  it('applies every migration exactly once when four pools migrate at the same moment', async () => {
    const pools = Array.from({ length: 4 }, () => createPool(database.connectionString, 2));
    try {
      const results = await Promise.all(pools.map((p) => migrate(p)));
      const all = (await loadMigrations()).map((m) => m.name);
      expect(results.flat().sort()).toEqual(all.sort());
      const { rows } = await pools[0].query('SELECT name FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.name)).toEqual(all);
      expect(await migrate(pools[1])).toEqual([]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('rolls back a failing migration and names it', async () => {
    const pool = createPool(database.connectionString, 2);
    try {
      const bad = [{ version: 9000, name: '9000_broken.sql', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
      await expect(migrate(pool, bad)).rejects.toThrow(/9000_broken\.sql/);
      const { rows } = await pool.query(`SELECT to_regclass('half_done') AS t`);
      expect(rows[0].t).toBeNull();
    } finally {
      await pool.end();
    }
  });
});
