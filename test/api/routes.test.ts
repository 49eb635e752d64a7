// One skill, categories, stats, unknown routes, health, and the field set of every tier on every
// skill route, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord, startTestApp, type TestApp } from '../support/test-app.ts';

const BASIC = ['slug', 'name', 'description', 'tags', 'category', 'author', 'stars', 'verified', 'votes', 'createdAt', 'updatedAt'];
const PRO = [...BASIC, 'content', 'securityGrade', 'securityScore', 'forks', 'language'];
const ENTERPRISE = [...PRO, 'findings', 'analysis', 'contentHash'];
const FIELDS = { free: BASIC, pro: PRO, enterprise: ENTERPRISE } as const;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(BACKENDS)('routes on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await addCategories(t.pool, ['testing', 'devops', 'empty']);
    await addSkills(t.pool, [
      skillRecord({
        slug: 'pdf-tables', category: 'testing', tags: ['pdf', 'csv'], securityScore: 97, content: '# PDF tables',
        findings: [{ ruleId: 'NET-09', severity: 'low' }], analysis: { summary: 'One low finding.' }, contentHash: 'sha256:abc',
        createdAt: new Date('2026-03-04T05:06:07.089Z'),
      }),
      skillRecord({ slug: 'helm-check', category: 'devops', securityScore: 91 }),
      skillRecord({ slug: 'risky', category: 'devops', securityScore: 20 }),
    ]);
  });
  afterAll(async () => t?.close());

  describe.each(['free', 'pro', 'enterprise'] as const)('a %s key', (tier) => {
    it('reads exactly its tier fields from the list and from one skill', async () => {
      const key = await t.key(tier);
      const listed = await t.get('/api/v1/skills?securityGrade=all', key);
      for (const item of listed.body.data) expect(Object.keys(item).sort()).toEqual([...FIELDS[tier]].sort());
      const one = await t.get('/api/v1/skills/pdf-tables', key);
      expect(one.status).toBe(200);
      expect(Object.keys(one.body.data).sort()).toEqual([...FIELDS[tier]].sort());
      expect(one.body.meta.tier).toBe(tier);
      expect(one.body.data.createdAt).toBe('2026-03-04T05:06:07.089Z');
      expect(one.body.data.tags).toEqual(['pdf', 'csv']);
      if (tier !== 'free') expect(one.body.data).toMatchObject({ securityGrade: 'A', securityScore: 97, content: '# PDF tables' });
      if (tier === 'enterprise') {
        expect(one.body.data.findings).toEqual([{ ruleId: 'NET-09', severity: 'low' }]);
        expect(one.body.data.contentHash).toBe('sha256:abc');
      }
    });
  });

  it('answers 404 NOT_FOUND naming the slug', async () => {
    const res = await t.get('/api/v1/skills/no-such-thing', await t.key('free'));
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('no-such-thing') });
  });

  it('lists categories with slug, name, description and skill count', async () => {
    const res = await t.get('/api/v1/categories', await t.key('free'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { slug: 'devops', name: 'Devops', description: 'All about devops', skillCount: 2 },
      { slug: 'empty', name: 'Empty', description: 'All about empty', skillCount: 0 },
      { slug: 'testing', name: 'Testing', description: 'All about testing', skillCount: 1 },
    ]);
    expect(res.body.meta.tier).toBe('free');
  });

  it('reports the key, today\'s usage and 7 days of history with zero days filled in', async () => {
    const key = await t.key('pro', { name: 'stats-key' });
    const prefix = key.slice(0, 11);
    await t.pool.query(
      `INSERT INTO api_usage (key_id, day, requests)
       SELECT id, (now() AT TIME ZONE 'UTC')::date - d, 10 * d FROM api_keys, (VALUES (2), (5), (9)) v(d) WHERE prefix = $1`,
      [prefix],
    );
    await t.get('/api/v1/categories', key);
    const res = await t.get('/api/v1/stats', key);
    expect(res.status).toBe(200);
    const { key: k, usage, history } = res.body.data;
    expect(k).toEqual({ prefix, name: 'stats-key', tier: 'pro', status: 'active', createdAt: expect.stringMatching(ISO_MS) });
    expect(usage).toEqual({ today: 2, remaining: 998, limit: 1000, resetAt: expect.stringMatching(ISO_MS) });
    const reset = new Date(usage.resetAt);
    expect(reset.getUTCHours() + reset.getUTCMinutes() + reset.getUTCSeconds()).toBe(0);
    expect(reset.getTime() - Date.now()).toBeGreaterThan(0);
    expect(reset.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(history).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(history[6]).toEqual({ date: today, requests: 2 });
    const back = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
    expect(history.map((h: { date: string }) => h.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(back));
    expect(history.map((h: { requests: number }) => h.requests)).toEqual([0, 50, 0, 0, 20, 0, 2]);
    expect(res.body.meta).toEqual({ requestsRemaining: 998, tier: 'pro' });
  });

  it('answers unknown routes with the 404 envelope, with or without a key', async () => {
    const key = await t.key('free');
    for (const [path, k] of [['/api/v1/nothing', key], ['/nothing', null], ['/api/v2/skills', null]] as const) {
      const res = await t.get(path, k);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    const post = await fetch(`${t.baseUrl}/api/v1/skills`, { method: 'POST', headers: { 'x-api-key': key } });
    expect(post.status).toBe(404);
  });

  it('never answers 500 to odd input', async () => {
    const key = await t.key('enterprise');
    const odd = ['/api/v1/skills/%E0%A4%A', '/api/v1/skills/' + 'a'.repeat(5000), '/api/v1/skills?q=%00', '/api/v1/skills?q=%F0%9F%98%80',
      '/api/v1/skills/%00', "/api/v1/skills/'; DROP TABLE skills; --", '/api/v1/skills?category=%27'];
    for (const path of odd) {
      const res = await t.get(path, key);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.error?.code ?? 'ok', path).not.toBe('INTERNAL_ERROR');
    }
    expect((await t.get('/api/v1/skills/pdf-tables', key)).status).toBe(200);
  });

  it('answers every odd parameter value, alone and in combinations, with JSON and no 5xx', async () => {
    const key = await t.key('enterprise');
    const values = ['', '0', '-1', '1', '100', '101', '1e309', 'NaN', '1.5', '0x10', ' 5', '%', '_', '\\', "'", '"', '😀',
      'a'.repeat(3000), 'A', 'F', 'all', 'ALL', 'true', 'TRUE', 'null', '[]', '9'.repeat(25), '-0', 'stars', 'newest', 'devops'];
    const names = ['q', 'category', 'sort', 'limit', 'offset', 'verified', 'securityGrade', 'minSecurityScore', 'q[]', 'limit[x]', '__proto__'];
    const urls: string[] = [];
    // Every value of every parameter on the list, and every value as a slug.
    for (const name of names) for (const value of values) urls.push(`/api/v1/skills?${name}=${encodeURIComponent(value)}`);
    for (const value of values) urls.push(`/api/v1/skills/${encodeURIComponent(value)}`);
    // Then combinations, repeated parameters included, from a fixed seed (the same every run).
    let seed = 20261122;
    const next = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    for (let i = 0; i < 100; i++) {
      const query = Array.from({ length: 2 + Math.floor(next() * 4) }, () => `${pick(names)}=${encodeURIComponent(pick(values))}`);
      urls.push(`${pick(['/api/v1/skills', '/api/v1/categories', '/api/v1/stats'])}?${query.join('&')}`);
    }
    const wrong: string[] = [];
    for (const url of urls) {
      const res = await fetch(`${t.baseUrl}${url}`, { headers: { 'x-api-key': key } });
      const text = await res.text();
      if (res.status >= 500 || !text.startsWith('{')) wrong.push(`${res.status} ${url.slice(0, 200)}: ${text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers /healthz and /readyz without a key', async () => {
    expect((await t.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await t.get('/readyz')).body).toEqual({ status: 'ready' });
  });
});
