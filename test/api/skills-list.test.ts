// GET /api/v1/skills: every parameter and rule of api-spec 4.1, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord, startTestApp, type TestApp } from '../support/test-app.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe.each(BACKENDS)('skill listing on %s', (backend) => {
  let t: TestApp;
  let key: string;
  const list = async (query: string) => t.get(`/api/v1/skills${query}`, key);
  const slugs = (res: { body: any }) => res.body.data.map((s: { slug: string }) => s.slug);

  beforeAll(async () => {
    t = await startTestApp(backend);
    await addCategories(t.pool, ['testing', 'devops', 'writing']);
    await addSkills(t.pool, [
      skillRecord({ slug: 'pdf-tables', name: 'PDF tables', description: 'Extract tables from PDF files', category: 'writing', securityScore: 98, stars: 500, votes: 3, createdAt: day(1), verified: true }),
      skillRecord({ slug: 'terraform-lint', name: 'Terraform lint', description: 'Check terraform plans for mistakes', category: 'devops', securityScore: 92, stars: 50, votes: 40, createdAt: day(5) }),
      skillRecord({ slug: 'k8s-deploy', name: 'Kubernetes deploy', description: 'Write deployment manifests', category: 'devops', securityScore: 80, stars: 900, votes: 10, createdAt: day(3) }),
      skillRecord({ slug: 'unit-tests', name: 'Unit tests 100%', description: 'Generate unit_tests for React', category: 'testing', securityScore: 65, stars: 5, votes: 100, createdAt: day(4), verified: true }),
      skillRecord({ slug: 'shady-helper', name: 'Shady helper', description: 'Pipes scripts to a shell', category: 'devops', securityScore: 30, stars: 1, votes: 0, createdAt: day(6) }),
      skillRecord({ slug: 'risky-notes', name: 'Risky notes', description: 'Notes with some risk', category: 'writing', securityScore: 45, stars: 2, votes: 1, createdAt: day(2) }),
    ]);
    key = await t.key('enterprise');
  });
  afterAll(async () => t?.close());

  it('returns only grade A skills by default, newest first, with pagination and meta', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(slugs(res)).toEqual(['terraform-lint', 'pdf-tables']);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, totalCount: 2, totalPages: 1, hasNextPage: false, hasPrevPage: false });
    expect(res.body.meta.tier).toBe('enterprise');
    expect(typeof res.body.meta.requestsRemaining).toBe('number');
  });

  it('treats securityGrade as the worst grade accepted, and all as no filter', async () => {
    expect(slugs(await list('?securityGrade=B'))).toEqual(['terraform-lint', 'k8s-deploy', 'pdf-tables']);
    expect(slugs(await list('?securityGrade=c&sort=stars'))).toEqual(['k8s-deploy', 'pdf-tables', 'terraform-lint', 'unit-tests']);
    expect((await list('?securityGrade=D')).body.pagination.totalCount).toBe(5);
    expect((await list('?securityGrade=all')).body.pagination.totalCount).toBe(6);
    expect((await list('?securityGrade=F')).body.pagination.totalCount).toBe(6);
  });

  it('combines minSecurityScore with the grade filter, keeping the stricter floor', async () => {
    expect(slugs(await list('?securityGrade=all&minSecurityScore=60&sort=votes'))).toEqual(['unit-tests', 'terraform-lint', 'k8s-deploy', 'pdf-tables']);
    expect(slugs(await list('?minSecurityScore=95'))).toEqual(['pdf-tables']);
    expect(slugs(await list('?securityGrade=all&minSecurityScore=0')).length).toBe(6);
  });

  it('sorts by recent, votes and stars', async () => {
    const all = '?securityGrade=all';
    expect(slugs(await list(all + '&sort=recent'))).toEqual(['shady-helper', 'terraform-lint', 'unit-tests', 'k8s-deploy', 'risky-notes', 'pdf-tables']);
    expect(slugs(await list(all + '&sort=votes'))).toEqual(['unit-tests', 'terraform-lint', 'k8s-deploy', 'pdf-tables', 'risky-notes', 'shady-helper']);
    expect(slugs(await list(all + '&sort=stars'))).toEqual(['k8s-deploy', 'pdf-tables', 'terraform-lint', 'unit-tests', 'risky-notes', 'shady-helper']);
  });

  it('searches name and description with q, case-insensitively, treating % and _ literally', async () => {
    expect(slugs(await list('?securityGrade=all&q=TERRAFORM'))).toEqual(['terraform-lint']);
    expect(slugs(await list('?securityGrade=all&q=pdf%20files'))).toEqual(['pdf-tables']);
    expect(slugs(await list('?securityGrade=all&q=100%25'))).toEqual(['unit-tests']);
    expect(slugs(await list('?securityGrade=all&q=unit_tests'))).toEqual(['unit-tests']);
    expect(slugs(await list('?securityGrade=all&q=t_rraform'))).toEqual([]);
  });

  it('filters by category and by verified', async () => {
    expect(slugs(await list('?securityGrade=all&category=devops&sort=stars'))).toEqual(['k8s-deploy', 'terraform-lint', 'shady-helper']);
    expect(slugs(await list('?securityGrade=all&verified=true&sort=stars'))).toEqual(['pdf-tables', 'unit-tests']);
    expect((await list('?securityGrade=all&verified=false')).body.pagination.totalCount).toBe(6);
    expect(slugs(await list('?securityGrade=all&category=testing'))).toEqual(['unit-tests']);
  });

  it('pages with limit and offset', async () => {
    const first = await list('?securityGrade=all&sort=stars&limit=4');
    expect(slugs(first)).toEqual(['k8s-deploy', 'pdf-tables', 'terraform-lint', 'unit-tests']);
    expect(first.body.pagination).toEqual({ page: 1, limit: 4, totalCount: 6, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    const second = await list('?securityGrade=all&sort=stars&limit=4&offset=4');
    expect(slugs(second)).toEqual(['risky-notes', 'shady-helper']);
    expect(second.body.pagination).toEqual({ page: 2, limit: 4, totalCount: 6, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    const beyond = await list('?securityGrade=all&offset=100');
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.totalCount).toBe(6);
    expect((await list('?securityGrade=all&limit=100')).body.data).toHaveLength(6);
  });

  it.each([
    ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=abc', 'limit'], ['limit=-1', 'limit'], ['limit=2.5', 'limit'],
    ['offset=-3', 'offset'], ['offset=x', 'offset'], ['sort=popular', 'sort'], ['securityGrade=Z', 'securityGrade'],
    ['securityGrade=AB', 'securityGrade'], ['minSecurityScore=101', 'minSecurityScore'], ['minSecurityScore=-1', 'minSecurityScore'],
    ['minSecurityScore=high', 'minSecurityScore'], ['verified=maybe', 'verified'], ['category=no-such-category', 'category'],
    ['q=', 'q'], ['q=' + 'x'.repeat(201), 'q'], ['limit=1&limit=2', 'limit']
  ])('rejects %s with 400 INVALID_PARAMETER naming the parameter', async (query, name) => {
    const res = await list('?' + query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_PARAMETER');
    expect(res.body.error.message).toContain(name);
  });
});

describe.each(BACKENDS)('listing totals on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
    await addCategories(t.pool, ['testing', 'devops']);
  });
  afterAll(async () => t?.close());

  it('stay exact as skills are added, regraded, moved, verified and removed', async () => {
    const key = await t.key('pro');
    const total = async (query: string) => (await t.get(`/api/v1/skills${query}`, key)).body.pagination.totalCount;
    const truth = async (where: string) => (await t.pool.query(`SELECT count(*)::int AS n FROM skills WHERE ${where}`)).rows[0].n;
    await addSkills(t.pool, Array.from({ length: 30 }, (_, i) => skillRecord({ slug: `c-${i}`, securityScore: 30 + 2 * i, category: i % 2 ? 'testing' : 'devops' })));
    await t.pool.query(`UPDATE skills SET security_score = 95, security_grade = 'A' WHERE slug IN ('c-1', 'c-2')`);
    await t.pool.query(`UPDATE skills SET category = 'testing', verified = true WHERE slug = 'c-4'`);
    await t.pool.query(`UPDATE skills SET stars = stars + 1`);
    await t.pool.query(`DELETE FROM skills WHERE slug IN ('c-29', 'c-3')`);
    await addSkills(t.pool, [skillRecord({ slug: 'c-5', securityScore: 99, category: 'devops' })]);
    expect(await total('')).toBe(await truth('security_score >= 90'));
    expect(await total('?securityGrade=all')).toBe(await truth('true'));
    expect(await total('?securityGrade=C&category=testing')).toBe(await truth(`security_score >= 60 AND category = 'testing'`));
    expect(await total('?securityGrade=all&verified=true')).toBe(await truth('verified'));
    expect(await total('?minSecurityScore=50&securityGrade=all&category=devops')).toBe(await truth(`security_score >= 50 AND category = 'devops'`));
    const categories = (await t.get('/api/v1/categories', key)).body.data;
    expect(categories.find((c: { slug: string }) => c.slug === 'testing').skillCount).toBe(await truth(`category = 'testing'`));
  });
});
