// Skill reads are served from a per-process cache while the directory is unchanged: every change
// (committed) shows in the next response, and `meta` is still per request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord, startTestApp, type TestApp } from '../support/test-app.ts';

describe.each(BACKENDS)('cached skill reads on %s', (backend) => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp(backend);
    key = await t.key('pro');
    await addCategories(t.pool, ['testing', 'other']);
    await addSkills(t.pool, [skillRecord({ slug: 'cached-one', description: 'first words' }), skillRecord({ slug: 'cached-two' })]);
  });
  afterAll(async () => t?.close());

  it('shows a changed skill in the next read of it and of the list, with meta counted per request', async () => {
    const before = await t.get('/api/v1/skills/cached-one', key);
    const again = await t.get('/api/v1/skills/cached-one', key);
    expect(again.body.data).toEqual(before.body.data);
    expect(again.body.meta.requestsRemaining).toBe(before.body.meta.requestsRemaining - 1);
    const list = await t.get('/api/v1/skills?sort=stars', key);
    expect(list.body.data.map((s: { slug: string }) => s.slug)).toContain('cached-one');

    await t.pool.query(`UPDATE skills SET description = 'second words', stars = 99999 WHERE slug = 'cached-one'`);
    const after = await t.get('/api/v1/skills/cached-one', key);
    expect(after.body.data.description).toBe('second words');
    const listAfter = await t.get('/api/v1/skills?sort=stars', key);
    expect(listAfter.body.data[0]).toMatchObject({ slug: 'cached-one', description: 'second words', stars: 99999 });
    expect(listAfter.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/);
  });

  it('drops a removed skill and a moved one from cached pages at once', async () => {
    expect((await t.get('/api/v1/skills/cached-two', key)).status).toBe(200);
    expect((await t.get('/api/v1/skills?category=testing', key)).body.pagination.totalCount).toBe(2);
    await t.pool.query(`UPDATE skills SET category = 'other' WHERE slug = 'cached-one'`);
    expect((await t.get('/api/v1/skills?category=testing', key)).body.pagination.totalCount).toBe(1);
    await t.pool.query(`DELETE FROM skills WHERE slug = 'cached-two'`);
    expect((await t.get('/api/v1/skills/cached-two', key)).status).toBe(404);
    expect((await t.get('/api/v1/skills?category=testing', key)).body.pagination.totalCount).toBe(0);
  });

  it('answers a read from the cache with the headers of any response, and HEAD with them alone', async () => {
    for (const path of ['/api/v1/skills/cached-one', '/api/v1/skills?category=other']) {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(t.baseUrl + path, { headers: { 'x-api-key': key, 'x-request-id': `read-${i}` } });
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
        expect(res.headers.get('x-request-id')).toBe(`read-${i}`);
        expect(res.headers.get('x-ratelimit-tier')).toBe('pro');
        expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(JSON.parse(bytes.toString('utf8')).meta.requestsRemaining);
      }
      const head = await fetch(t.baseUrl + path, { method: 'HEAD', headers: { 'x-api-key': key } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('keeps tiers apart: a Free key never gets a Pro body from the cache', async () => {
    const free = await t.key('free');
    expect((await t.get('/api/v1/skills/cached-one', key)).body.data.content).toBeDefined();
    expect((await t.get('/api/v1/skills/cached-one', free)).body.data.content).toBeUndefined();
  });
});
