// The daily limit is exact under concurrency, in one API process and spread over two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { spawnServer, type ChildServer } from '../support/spawn-server.ts';

async function statuses(urls: string[], key: string): Promise<number[]> {
  const results = await Promise.all(urls.map((u) => fetch(u, { headers: { 'x-api-key': key } }).then(async (r) => (await r.arrayBuffer(), r.status))));
  return results;
}

function tally(codes: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}

describe.each(BACKENDS)('daily limit on %s', (backend) => {
  let t: TestApp;
  let second: ChildServer | undefined;
  let third: ChildServer | undefined;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await second?.stop();
    await third?.stop();
    await t?.close();
  });

  it('serves exactly 100 of 110 simultaneous requests on a fresh Free key', async () => {
    const key = await t.key('free');
    const codes = await statuses(Array.from({ length: 110 }, () => `${t.baseUrl}/api/v1/categories`), key);
    expect(tally(codes)).toEqual({ 200: 100, 429: 10 });
    const { rows } = await t.pool.query(`SELECT requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.prefix = $1`, [key.slice(0, 11)]);
    expect(rows[0].requests).toBe(100);
  });

  it('serves exactly 100 of 110 simultaneous requests spread over two API processes', async () => {
    const env = { DATABASE_URL: t.database.connectionString, DB_POOL_MAX: '5' };
    [second, third] = await Promise.all([spawnServer(['--api-only'], env), spawnServer(['--api-only'], env)]);
    const key = await t.key('free');
    const urls = Array.from({ length: 110 }, (_, i) => `${(i % 2 ? second! : third!).baseUrl}/api/v1/categories`);
    const codes = await statuses(urls, key);
    expect(tally(codes)).toEqual({ 200: 100, 429: 10 });
  });
});
