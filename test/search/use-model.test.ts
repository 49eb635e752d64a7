// The bundled Universal Sentence Encoder end to end, on both databases: a few demo skills are
// embedded by the embed job's core and found by meaning through the endpoint.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DIR } from '../../worker/seed-directory.ts';
import { parseFrontmatter } from '../../worker/scanner/frontmatter.ts';
import { createUseProvider, USE_MODEL_ID } from '../../worker/embeddings/use-provider.ts';
import { unitVector } from '../../worker/embeddings/provider.ts';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import { startSearchApp, type SearchApp } from './search-app.ts';

const SLUGS = ['spreadsheet-to-charts', 'terraform-review', 'pdf-tables-to-csv', 'flaky-test-hunter', 'secret-scanning-setup', 'meeting-notes-summarizer'];

async function demoSkill(slug: string) {
  const catalog = JSON.parse(await readFile(join(DEMO_DIR, 'catalog.json'), 'utf8')) as { slug: string; category: string; tags: string[] }[];
  const entry = catalog.find((e) => e.slug === slug)!;
  const content = await readFile(join(DEMO_DIR, 'skills', slug, 'SKILL.md'), 'utf8');
  const meta = parseFrontmatter(/^---\r?\n([\s\S]*?)\r?\n---/.exec(content)![1]);
  return skillRecord({ slug, name: slug, description: meta.description, tags: entry.tags, category: entry.category, content, contentHash: `sha256:${slug}` });
}

describe('Universal Sentence Encoder provider', () => {
  it('embeds offline into 512 dimensions, similar sentences closer than unrelated ones', async () => {
    const provider = createUseProvider();
    expect(provider.model).toBe(USE_MODEL_ID);
    expect(provider.model).toMatch(/^use-en@\d+\.\d+\.\d+$/);
    const [a, b, c] = (await provider.embed(['turn a spreadsheet into charts', 'plot graphs from an Excel workbook', 'rotate leaked cloud credentials'])).map(unitVector);
    expect(a).toHaveLength(512);
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i], 0);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c) + 0.2);
  });
});

describe.each(BACKENDS)('search with the bundled model on %s', (backend) => {
  let t: SearchApp;
  let key: string;

  beforeAll(async () => {
    t = await startSearchApp(backend, createUseProvider());
    await addCategories(t.pool, ['data-analysis', 'cloud-infrastructure', 'documents', 'testing', 'security', 'productivity']);
    await addSkills(t.pool, await Promise.all(SLUGS.map(demoSkill)));
    key = await t.key('pro');
  });
  afterAll(async () => t?.close());

  it('finds skills by meaning', async () => {
    expect(await t.embed()).toMatchObject({ embedded: SLUGS.length });
    const top = async (q: string) => (await t.get(`/api/v1/skills/search?q=${encodeURIComponent(q)}&threshold=0`, key)).body.data[0].slug;
    expect(await top('turn a spreadsheet into charts')).toBe('spreadsheet-to-charts');
    expect(await top('check my infrastructure code for mistakes before applying it')).toBe('terraform-review');
    expect(await top('tests that fail randomly in CI')).toBe('flaky-test-hunter');
    expect(await top('stop people committing passwords')).toBe('secret-scanning-setup');
  });
});
