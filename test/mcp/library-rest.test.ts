// /api/v1/library: the REST face of my_library, over the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import { startMcpTestService, type McpTestService } from './mcp-service.ts';

describe(`library routes on ${BACKENDS[0]}`, () => {
  let t: McpTestService;

  beforeAll(async () => {
    t = await startMcpTestService(BACKENDS[0]);
    await addCategories(t.db.pool, ['testing']);
    await addSkills(t.db.pool, ['lib-a', 'lib-b', 'lib-c'].map((slug) => skillRecord({ slug, name: slug })));
  });
  afterAll(async () => t?.close());

  it('adds with PUT (201, then 200 when already there) and POST, lists newest first with pagination', async () => {
    const key = await t.key('pro');
    const first = await t.request('PUT', '/api/v1/library/lib-a', key);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ slug: 'lib-a', securityGrade: 'A', addedAt: expect.stringMatching(/^\d{4}-.*Z$/) });
    expect(first.body.meta).toEqual({ requestsRemaining: 999, tier: 'pro' });
    expect((await t.request('PUT', '/api/v1/library/lib-a', key)).status).toBe(200);
    expect((await t.request('POST', '/api/v1/library/lib-b', key)).status).toBe(201);
    await t.request('PUT', '/api/v1/library/lib-c', key);

    const list = await t.request('GET', '/api/v1/library', key);
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: any) => s.slug)).toEqual(['lib-c', 'lib-b', 'lib-a']);
    expect(list.body.pagination).toEqual({ page: 1, limit: 20, totalCount: 3, totalPages: 1, hasNextPage: false, hasPrevPage: false });
    const page = await t.request('GET', '/api/v1/library?limit=2&offset=2', key);
    expect(page.body.data.map((s: any) => s.slug)).toEqual(['lib-a']);
    expect(page.body.pagination).toMatchObject({ page: 2, totalCount: 3, hasPrevPage: true, hasNextPage: false });
    expect(list.headers.get('x-ratelimit-remaining')).toBe(String(1000 - 5));
  });

  it('removes with DELETE, and answers 404 when the skill is not in the library', async () => {
    const key = await t.key('enterprise');
    await t.request('PUT', '/api/v1/library/lib-b', key);
    const removed = await t.request('DELETE', '/api/v1/library/lib-b', key);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ slug: 'lib-b', removed: true });
    const again = await t.request('DELETE', '/api/v1/library/lib-b', key);
    expect(again.status).toBe(404);
    expect(again.body.error).toEqual({ code: 'NOT_FOUND', message: `"lib-b" is not in this key's library` });
    expect((await t.request('GET', '/api/v1/library', key)).body.data).toEqual([]);
  });

  it('answers 404 naming an unknown slug', async () => {
    const res = await t.request('PUT', '/api/v1/library/no-such-skill', await t.key('pro'));
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'No skill with slug "no-such-skill"' });
  });

  it('serves every tier with the fields of its tier, each key its own library', async () => {
    const free = await t.key('free');
    expect((await t.request('PUT', '/api/v1/library/lib-c', free)).status).toBe(201);
    const list = await t.request('GET', '/api/v1/library', free);
    expect(list.body.data).toEqual([expect.objectContaining({ slug: 'lib-c', addedAt: expect.any(String) })]);
    expect(list.body.data[0]).not.toHaveProperty('securityGrade');
    expect(list.body.data[0]).not.toHaveProperty('content');
    const enterprise = await t.key('enterprise');
    await t.request('PUT', '/api/v1/library/lib-c', enterprise);
    expect((await t.request('GET', '/api/v1/library', enterprise)).body.data[0]).toHaveProperty('contentHash');
  });

  it('needs a key and rejects bad paging', async () => {
    expect((await t.request('GET', '/api/v1/library', null)).status).toBe(401);
    const bad = await t.request('GET', '/api/v1/library?limit=101', await t.key('pro'));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_PARAMETER');
  });

  it('drops a library entry when its skill leaves the directory', async () => {
    const key = await t.key('pro');
    await addSkills(t.db.pool, [skillRecord({ slug: 'lib-gone', name: 'lib-gone' })]);
    await t.request('PUT', '/api/v1/library/lib-gone', key);
    await t.db.pool.query(`DELETE FROM skills WHERE slug = 'lib-gone'`);
    expect((await t.request('GET', '/api/v1/library', key)).body.pagination.totalCount).toBe(0);
  });
});
