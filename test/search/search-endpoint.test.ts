// GET /api/v1/skills/search: the rules of api-spec 4.3 and the list's filters, on both databases
// (PostgreSQL without pgvector: exact scan; PGlite with pgvector: HNSW index).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILL_FIELDS } from '../../lib/tiers.ts';
import { DEFAULT_WEIGHTS, qualitySignal, TEXT_ONLY, VECTOR_ONLY } from '../../lib/search-score.ts';
import { searchSkills } from '../../worker/search/search-skills.ts';
import { BACKENDS } from '../support/databases.ts';
import type { SkillRecord } from '../../db/skills-write.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import { createFakeProvider } from './fake-provider.ts';
import { startSearchApp, type SearchApp } from './search-app.ts';

/** A record whose embedded text depends only on what the test says. */
const skill = (fields: Partial<SkillRecord> & { slug: string; description: string }) =>
  skillRecord({ name: fields.slug, content: `---\nname: ${fields.slug}\n---\n${fields.description}\n`, ...fields });

describe.each(BACKENDS)('semantic search endpoint on %s', (backend) => {
  let t: SearchApp;
  let pro: string;
  let enterprise: string;
  let free: string;
  const search = (query: string, key: string | null = pro) => t.get(`/api/v1/skills/search${query}`, key);
  const slugs = (res: { body: any }) => res.body.data.map((s: { slug: string }) => s.slug);

  beforeAll(async () => {
    t = await startSearchApp(backend, createFakeProvider());
    await addCategories(t.pool, ['data-analysis', 'devops', 'documents', 'writing']);
    await addSkills(t.pool, [
      skill({ slug: 'spreadsheet-charts', name: 'spreadsheet-charts', description: 'Turn an Excel spreadsheet into charts and graphs', tags: ['charts', 'excel'], category: 'data-analysis', securityScore: 95, stars: 500, votes: 40 }),
      skill({ slug: 'terraform-review', name: 'terraform-review', description: 'Check terraform code for mistakes before apply', tags: ['terraform'], category: 'devops', securityScore: 92 }),
      skill({ slug: 'pdf-tables', name: 'pdf-tables', description: 'Extract tables from PDF files into CSV', tags: ['pdf', 'csv'], category: 'documents', securityScore: 98, verified: true }),
      skill({ slug: 'chart-colours', name: 'chart-colours', description: 'Pick accessible colours for charts', tags: ['charts', 'colour'], category: 'data-analysis', securityScore: 80 }),
      skill({ slug: 'shady-charts', name: 'shady-charts', description: 'Charts from a spreadsheet by piping scripts to a shell', tags: ['charts'], category: 'data-analysis', securityScore: 30 }),
      skill({ slug: 'release-notes', name: 'release-notes', description: 'Write release notes from merged pull requests', tags: ['writing'], category: 'writing', securityScore: 91 }),
      // 25 more chart skills, so that the default and largest limits can be seen.
      ...Array.from({ length: 25 }, (_, i) =>
        skill({ slug: `chart-helper-${i}`, name: `chart-helper-${i}`, description: `Draws charts, variant ${i}`, tags: ['charts'], category: 'data-analysis', securityScore: 90 + (i % 10) }),
      ),
    ]);
    [pro, enterprise, free] = [await t.key('pro'), await t.key('enterprise'), await t.key('free')];
  });
  afterAll(async () => t?.close());

  it('finds nothing before the skills are embedded, then ranks by meaning', async () => {
    expect((await search('?q=turn+a+spreadsheet+into+charts&threshold=0')).body.data).toEqual([]);
    const summary = await t.embed();
    expect(summary).toMatchObject({ stale: 31, embedded: 31 });
    const res = await search('?q=turn+a+spreadsheet+into+charts');
    expect(res.status).toBe(200);
    expect(slugs(res)[0]).toBe('spreadsheet-charts');
    expect(res.body.meta).toEqual({ requestsRemaining: expect.any(Number), tier: 'pro' });
    expect(res.body.pagination).toBeUndefined();
    const terraform = await search('?q=check+my+terraform+for+mistakes');
    expect(slugs(terraform)[0]).toBe('terraform-review');
  });

  it('refuses Free keys with 403 TIER_RESTRICTED, and keys that are missing with 401', async () => {
    const res = await search('?q=charts', free);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('TIER_RESTRICTED');
    expect((await search('?q=charts', null)).status).toBe(401);
  });

  it('requires q: missing or blank is 400 MISSING_PARAMETER', async () => {
    for (const query of ['', '?q=', '?q=%20%20', '?limit=5']) {
      const res = await search(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('MISSING_PARAMETER');
      expect(res.body.error.message).toMatch(/\bq\b/);
    }
    const long = await search(`?q=${'a'.repeat(501)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('INVALID_PARAMETER');
  });

  it('answers any query text, however odd, without an error', async () => {
    const odd = [`it's o'neil`, 'C:\\path\\file.txt a\\b', `'x' "y" :A & | ! <-> (`, '東京 naïve émoji 🚀', 'the of and', '%_*?', 'a'.repeat(500)];
    for (const q of odd) {
      const res = await search(`?q=${encodeURIComponent(q)}&threshold=0`);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
    const twice = await search(`?q=${encodeURIComponent('q=charts&limit=1')}&threshold=0`);
    expect(twice.status).toBe(200);
  });

  it('returns 20 results by default and at most limit, from 1 to 100', async () => {
    expect((await search('?q=charts&threshold=0')).body.data).toHaveLength(20);
    expect((await search('?q=charts&threshold=0&limit=3')).body.data).toHaveLength(3);
    const all = (await search('?q=charts&threshold=0&limit=100')).body.data;
    expect(all.length).toBeGreaterThanOrEqual(26);
    for (const bad of ['0', '101', '-1', 'ten', '2.5']) {
      const res = await search(`?q=charts&limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_PARAMETER', message: expect.stringContaining('limit') });
    }
  });

  it('applies threshold (0 to 1, default 0.5) to _similarity', async () => {
    const loose = (await search('?q=charts&threshold=0&limit=100')).body.data;
    const byDefault = (await search('?q=charts&limit=100')).body.data;
    expect(byDefault.length).toBeLessThanOrEqual(loose.length);
    expect(byDefault.every((s: any) => s._similarity >= 0.5)).toBe(true);
    expect(byDefault).toEqual(loose.filter((s: any) => s._similarity >= 0.5));
    const strict = (await search('?q=charts&threshold=0.7&limit=100')).body.data;
    expect(strict.every((s: any) => s._similarity >= 0.7)).toBe(true);
    expect((await search('?q=charts&threshold=1')).body.data.every((s: any) => s._similarity >= 0.99995)).toBe(true);
    for (const bad of ['-0.1', '1.5', 'high', '']) {
      const res = await search(`?q=charts&threshold=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'INVALID_PARAMETER', message: expect.stringContaining('threshold') });
    }
  });

  it('orders results by _score, a combination of similarity, text match and quality', async () => {
    const items = (await search('?q=spreadsheet+charts&threshold=0&limit=100&securityGrade=all')).body.data;
    const scores = items.map((s: any) => s._score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const s of items) {
      expect(typeof s._score).toBe('number');
      expect(s._similarity).toBeGreaterThanOrEqual(0);
      expect(s._similarity).toBeLessThanOrEqual(1);
    }
  });

  it('computes _score as the documented sum of similarity, text match and quality', async () => {
    const request = { q: 'spreadsheet into charts', limit: 100, threshold: 0, minScore: 0, verifiedOnly: false, tier: 'pro' } as const;
    const bySlug = async (weights: typeof DEFAULT_WEIGHTS, semantic = true) =>
      new Map((await searchSkills(t.deps, { ...request, weights, semantic })).items.map((i) => [i.slug as string, i]));
    const combined = await bySlug(DEFAULT_WEIGHTS);
    const similarity = await bySlug(VECTOR_ONLY);
    const quality = await bySlug({ similarity: 0, text: 0, quality: 1 });
    const text = await bySlug(TEXT_ONLY, false);
    expect(combined.size).toBeGreaterThan(5);
    for (const [slug, item] of combined) {
      expect(similarity.get(slug)!._score).toBeCloseTo(item._similarity as number, 4);
      expect(quality.get(slug)!._score).toBeCloseTo(qualitySignal(item as any), 4);
      const textScore = (text.get(slug)?._score as number) ?? 0;
      expect(textScore).toBeGreaterThanOrEqual(0);
      expect(textScore).toBeLessThanOrEqual(1);
      const expected = 0.4 * (item._similarity as number) + 0.55 * textScore + 0.05 * qualitySignal(item as any);
      expect(item._score).toBeCloseTo(expected, 3);
    }
    // The skill holding every query word in its name scores a full text match.
    expect(text.get('spreadsheet-charts')!._score).toBeGreaterThan(0.9);
    expect(text.get('spreadsheet-charts')!._similarity).toBeNull();
  });

  it('filters by category, and says when the category does not exist', async () => {
    const docs = await search('?q=extract+tables+from+pdf&category=documents&threshold=0');
    expect(slugs(docs)).toEqual(['pdf-tables']);
    const none = await search('?q=charts&category=nope&threshold=0');
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'INVALID_PARAMETER', message: expect.stringContaining('"nope"') });
  });

  it('takes the list\'s grade, score and verified filters, with grade A by default', async () => {
    const q = '?q=spreadsheet+charts+colours&threshold=0&limit=100';
    const byDefault = slugs(await search(q));
    expect(byDefault).not.toContain('chart-colours');
    expect(byDefault).not.toContain('shady-charts');
    expect(slugs(await search(q + '&securityGrade=B'))).toContain('chart-colours');
    expect(slugs(await search(q + '&securityGrade=B'))).not.toContain('shady-charts');
    expect(slugs(await search(q + '&securityGrade=all'))).toContain('shady-charts');
    const floor = (await search(q + '&securityGrade=all&minSecurityScore=96')).body.data;
    expect(floor.length).toBeGreaterThan(0);
    expect(floor.every((s: any) => s.securityScore >= 96)).toBe(true);
    expect(slugs(await search('?q=tables&threshold=0&verified=true'))).toEqual(['pdf-tables']);
    expect((await search(q + '&securityGrade=Z')).body.error.code).toBe('INVALID_PARAMETER');
  });

  it('returns the fields of the tier, as the list does, plus _score and _similarity', async () => {
    const proItem = (await search('?q=spreadsheet+charts&limit=1')).body.data[0];
    expect(Object.keys(proItem).sort()).toEqual([...SKILL_FIELDS.pro, '_score', '_similarity'].sort());
    const entItem = (await search('?q=spreadsheet+charts&limit=1', enterprise)).body.data[0];
    expect(Object.keys(entItem).sort()).toEqual([...SKILL_FIELDS.enterprise, '_score', '_similarity'].sort());
    const listed = (await t.get('/api/v1/skills/spreadsheet-charts', pro)).body.data;
    const { _score, _similarity, ...record } = proItem;
    expect(record).toEqual(listed);
  });
});
