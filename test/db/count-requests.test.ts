// The limiter's batched statement: one round trip counts many requests, several of them for one
// key, exactly up to the tier's limit and in request order; invalid keys are never counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createPool } from '../../db/pool.ts';
import { migrate } from '../../db/migrate.ts';
import { detectCapabilities } from '../../db/capabilities.ts';
import { findKeysAndCountRequests } from '../../db/keys.ts';
import { hashKey, keyPrefix } from '../../lib/api-keys.ts';
import { issueKey } from '../../lib/issue-key.ts';
import { DAILY_LIMITS } from '../../lib/tiers.ts';
import { RequestCounter } from '../../api/request-counter.ts';
import { BACKENDS, createTestDatabase, type Backend, type TestDatabase } from '../support/databases.ts';

const presented = (key: string) => ({ prefix: keyPrefix(key)!, hash: hashKey(key) });

/** A migrated database of its own for the describe block that calls this. */
function migratedDatabase(backend: Backend): { pool: () => pg.Pool } {
  let database: TestDatabase;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    pool = createPool(database.connectionString, 4);
    await migrate(pool);
    await detectCapabilities(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });
  return { pool: () => pool };
}

describe.each(BACKENDS)('counting requests in batches on %s', (backend) => {
  const db = migratedDatabase(backend);
  let pool: pg.Pool;
  beforeAll(() => {
    pool = db.pool();
  });

  it('counts several requests of one key in request order, and stops at the limit', async () => {
    const a = (await issueKey(pool, { tier: 'free', name: 'a' })).key;
    const b = (await issueKey(pool, { tier: 'pro', name: 'b' })).key;
    await pool.query(`UPDATE api_usage SET requests = 0`); // none yet; the statement creates the rows
    const first = await findKeysAndCountRequests(pool, [presented(a), presented(b), presented(a)], DAILY_LIMITS);
    expect(first.map((r) => r?.requestsToday)).toEqual([1, 1, 2]);
    const keyId = first[0]!.keyId;
    await pool.query(`UPDATE api_usage SET requests = 97 WHERE key_id = $1`, [keyId]);
    const batch = await findKeysAndCountRequests(pool, Array.from({ length: 5 }, () => presented(a)), DAILY_LIMITS);
    expect(batch.map((r) => r?.requestsToday)).toEqual([98, 99, 100, null, null]);
    const { rows } = await pool.query(`SELECT requests FROM api_usage WHERE key_id = $1`, [keyId]);
    expect(rows[0].requests).toBe(100);
    const full = await findKeysAndCountRequests(pool, [presented(a), presented(b)], DAILY_LIMITS);
    expect(full.map((r) => r?.requestsToday)).toEqual([null, 2]);
  });

  it('never counts a wrong secret, a revoked key or an unknown prefix, and keeps their places', async () => {
    const good = (await issueKey(pool, { tier: 'enterprise', name: 'good' })).key;
    const revoked = (await issueKey(pool, { tier: 'pro', name: 'revoked' })).key;
    await pool.query(`UPDATE api_keys SET status = 'revoked' WHERE prefix = $1`, [keyPrefix(revoked)]);
    const forged = { prefix: keyPrefix(good)!, hash: hashKey(good + 'x') };
    const unknown = { prefix: 'sg_zzzzzzzz', hash: hashKey('sg_zzzzzzzz_nothing') };
    const rows = await findKeysAndCountRequests(pool, [forged, presented(revoked), unknown, presented(good)], DAILY_LIMITS);
    expect(rows[0]).toMatchObject({ prefix: keyPrefix(good), requestsToday: null });
    expect(rows[1]).toMatchObject({ status: 'revoked', requestsToday: null });
    expect(rows[2]).toBeNull();
    expect(rows[3]).toMatchObject({ prefix: keyPrefix(good), requestsToday: 1 });
  });

  it('batches concurrent requests into fewer statements, still exact', async () => {
    const key = (await issueKey(pool, { tier: 'free', name: 'burst' })).key;
    let statements = 0;
    const counting = new Proxy(pool, {
      get(target, prop, receiver) {
        if (prop === 'query') return (...args: unknown[]) => (statements++, (target.query as (...a: unknown[]) => unknown).apply(target, args));
        return Reflect.get(target, prop, receiver);
      },
    });
    const counter = new RequestCounter(counting, DAILY_LIMITS, { maxInFlight: 1 });
    const rows = await Promise.all(Array.from({ length: 120 }, () => counter.count(presented(key))));
    const counted = rows.map((r) => r!.requestsToday).filter((n) => n !== null);
    expect(counted.sort((x, y) => x! - y!)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(statements).toBeLessThan(10);
  });
});

describe.each(BACKENDS)('the directory version on %s', (backend) => {
  const db = migratedDatabase(backend);
  let pool: pg.Pool;
  beforeAll(() => {
    pool = db.pool();
  });
  const version = async (conn: pg.Pool | pg.PoolClient = pool) => (await conn.query('SELECT version::text AS v FROM directory_version')).rows[0].v as string;

  it('changes once per committed change of skills or categories, at commit, and not on rollback', async () => {
    const v0 = await version();
    await pool.query(`INSERT INTO categories (slug, name, description) VALUES ('c1', 'C1', 'd'), ('c2', 'C2', 'd')`);
    const v1 = await version();
    expect(BigInt(v1)).toBe(BigInt(v0) + 1n);

    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE categories SET description = 'changed'`);
      await client.query(`UPDATE categories SET name = upper(name)`);
      // Not yet visible to others, nor to this transaction: the bump happens at commit. (The
      // embedded database is one session: another connection would wait for this transaction.)
      expect(await version(client)).toBe(v1);
      if (backend === 'postgres') expect(await version()).toBe(v1);
      await client.query('COMMIT');
      expect(BigInt(await version())).toBe(BigInt(v1) + 1n);

      const v2 = await version();
      await client.query('BEGIN');
      await client.query(`DELETE FROM categories WHERE slug = 'c2'`);
      await client.query('ROLLBACK');
      expect(await version()).toBe(v2);
    } finally {
      client.release();
    }
  });
});
