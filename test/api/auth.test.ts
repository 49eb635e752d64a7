// The same authentication and limit-header checks against every route, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord, startTestApp, type TestApp } from '../support/test-app.ts';

const ROUTES = ['/api/v1/skills', '/api/v1/skills/known-skill', '/api/v1/categories', '/api/v1/stats'];

describe.each(BACKENDS)('authentication on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await addCategories(t.pool, ['testing']);
    await addSkills(t.pool, [skillRecord({ slug: 'known-skill' })]);
  });
  afterAll(async () => t?.close());

  describe.each(ROUTES)('%s', (route) => {
    it('answers 401 MISSING_API_KEY without a key, with no limit headers', async () => {
      const res = await t.get(route, null);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('MISSING_API_KEY');
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    });

    it('answers 401 INVALID_API_KEY for a malformed, unknown, revoked or expired key', async () => {
      const revoked = await t.key('pro');
      await t.pool.query(`UPDATE api_keys SET status = 'revoked' WHERE prefix = $1`, [revoked.slice(0, 11)]);
      const expired = await t.key('pro', { expiresAt: new Date(Date.now() - 1000) });
      const real = await t.key('pro');
      const wrongSecret = real.slice(0, 12) + (real[12] === 'A' ? 'B' : 'A') + real.slice(13);
      for (const key of ['nonsense', 'sg_abcdefgh_' + 'x'.repeat(43), revoked, expired, wrongSecret]) {
        const res = await t.get(route, key);
        expect(res.status, key).toBe(401);
        expect(res.body.error.code).toBe('INVALID_API_KEY');
      }
    });

    it('accepts the key in Authorization: Bearer and in x-api-key, with limit headers', async () => {
      const key = await t.key('free');
      const viaBearer = await t.get(route, key);
      const viaHeader = await t.get(route, null, { 'x-api-key': key });
      for (const res of [viaBearer, viaHeader]) {
        expect(res.status).toBe(200);
        expect(res.headers.get('x-ratelimit-tier')).toBe('free');
        expect(res.headers.get('x-ratelimit-limit')).toBe('100');
        expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      }
      expect(viaBearer.headers.get('x-ratelimit-remaining')).toBe('99');
      expect(viaHeader.headers.get('x-ratelimit-remaining')).toBe('98');
    });
  });

  it('uses the Authorization header when both headers are sent', async () => {
    const pro = await t.key('pro');
    const free = await t.key('free');
    const res = await t.get('/api/v1/stats', pro, { 'x-api-key': free });
    expect(res.body.data.key.tier).toBe('pro');
    const bad = await t.get('/api/v1/stats', 'sg_zzzzzzzz_' + 'y'.repeat(43), { 'x-api-key': free });
    expect(bad.status).toBe(401);
  });

  it('counts requests that fail after authentication (404, 400) and carries the headers on them', async () => {
    const key = await t.key('free');
    const missing = await t.get('/api/v1/skills/no-such-skill', key);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('99');
    const bad = await t.get('/api/v1/skills?limit=0', key);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('98');
  });

  it('refuses requests over the daily limit with 429 and Retry-After, without counting them', async () => {
    const key = await t.key('free');
    await t.pool.query(
      `INSERT INTO api_usage (key_id, day, requests) SELECT id, (now() AT TIME ZONE 'UTC')::date, 99 FROM api_keys WHERE prefix = $1`,
      [key.slice(0, 11)],
    );
    expect((await t.get('/api/v1/categories', key)).status).toBe(200);
    const refused = await t.get('/api/v1/categories', key);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // The envelope says when the day resets, as the tool server's refusal does.
    expect(refused.body.error.retryAfterSeconds).toBe(retryAfter);
    expect(Date.parse(refused.body.error.resetAt)).toBe(Number(refused.headers.get('x-ratelimit-reset')) * 1000);
    expect((await t.get('/api/v1/categories', key)).status).toBe(429);
    const { rows } = await t.pool.query(`SELECT requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.prefix = $1`, [key.slice(0, 11)]);
    expect(rows[0].requests).toBe(100);
  });

  it('resets the count on a new UTC day', async () => {
    const key = await t.key('free');
    await t.pool.query(
      `INSERT INTO api_usage (key_id, day, requests) SELECT id, (now() AT TIME ZONE 'UTC')::date - 1, 100 FROM api_keys WHERE prefix = $1`,
      [key.slice(0, 11)],
    );
    const res = await t.get('/api/v1/categories', key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('applies each tier its own limit', async () => {
    for (const [tier, limit] of [['free', 100], ['pro', 1000], ['enterprise', 10000]] as const) {
      const res = await t.get('/api/v1/categories', await t.key(tier));
      expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(limit - 1));
      expect(res.body.meta).toEqual({ requestsRemaining: limit - 1, tier });
    }
  });
});
