// The exact scan over real[] (PostgreSQL without pgvector, or forced) and pgvector's HNSW index
// return the same results for the same data: PGlite searched both ways, and the machine's
// PostgreSQL (no pgvector) searched exactly, all compared with each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createPool } from '../../db/pool.ts';
import { migrate } from '../../db/migrate.ts';
import { detectCapabilities } from '../../db/capabilities.ts';
import { vectorSupport } from '../../db/embeddings.ts';
import { explainVectorSearch } from '../../db/skill-search.ts';
import { DEFAULT_WEIGHTS } from '../../lib/search-score.ts';
import { unitVector } from '../../worker/embeddings/provider.ts';
import { QueryEmbeddingCache } from '../../worker/embeddings/query-cache.ts';
import { embedDirectory } from '../../worker/embed-directory.ts';
import { searchSkills, type SearchDependencies, type SearchRequest } from '../../worker/search/search-skills.ts';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import { createFakeProvider } from './fake-provider.ts';

const WORDS = `pdf csv excel chart terraform docker kubernetes helm git branch commit review test flaky browser
  react form email inbox meeting notes summary release changelog security secret key audit backup restore
  index query slow profile python node image icon colour contrast design token translate locale mobile
  android store listing deep link webhook signature rate limit api schema graphql openapi`.split(/\s+/).filter(Boolean);

/** A small seeded generator, so every database gets the same directory. */
function random(seed: number): () => number {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

function directory(count: number) {
  const next = random(7);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)];
  return Array.from({ length: count }, (_, i) => {
    const words = [pick(), pick(), pick(), pick(), pick()];
    const slug = `skill-${i}-${words[0]}-${words[1]}`;
    return skillRecord({
      slug,
      name: slug,
      description: `Helps with ${words.join(' and ')}.`,
      tags: [words[0], words[2]],
      category: ['alpha', 'beta', 'gamma'][i % 3],
      content: `---\nname: ${slug}\n---\n# ${words.join(' ')}\n`,
      contentHash: `sha256:${slug}`,
      securityScore: 40 + Math.floor(next() * 61),
      stars: Math.floor(next() * 5000),
      votes: Math.floor(next() * 500),
      verified: i % 4 === 0,
    });
  });
}

const QUERIES = ['pdf tables to csv', 'kubernetes helm release', 'flaky browser test', 'secret key audit', 'slow query index',
  'translate mobile store listing', 'webhook signature', 'colour contrast design', 'email inbox summary', 'docker image'];

const REQUESTS: Omit<SearchRequest, 'q'>[] = [
  { limit: 20, threshold: 0, minScore: 0, verifiedOnly: false, tier: 'enterprise' },
  { limit: 10, threshold: 0.3, minScore: 75, verifiedOnly: false, tier: 'pro' },
  { limit: 5, threshold: 0.2, minScore: 0, verifiedOnly: true, tier: 'free', category: 'beta' },
];

interface Loaded {
  pool: pg.Pool;
  database: TestDatabase;
}

async function load(backend: 'postgres' | 'pglite'): Promise<Loaded> {
  const database = await createTestDatabase(backend);
  const pool = createPool(database.connectionString, 4);
  await migrate(pool);
  await detectCapabilities(pool);
  await addCategories(pool, ['alpha', 'beta', 'gamma']);
  await addSkills(pool, directory(300));
  await embedDirectory({ pool, provider: createFakeProvider() });
  return { pool, database };
}

const deps = (pool: pg.Pool, exact: boolean): SearchDependencies => ({ pool, provider: createFakeProvider(), cache: new QueryEmbeddingCache(), exact });

/** Results as compared: order, records, and scores to within float rounding of the two paths. */
async function results(d: SearchDependencies, request: SearchRequest) {
  const { items, method } = await searchSkills(d, request);
  return { method, items: items.map(({ _score, _similarity, ...record }) => ({ record, score: _score as number, similarity: _similarity as number })) };
}

function expectSame(a: Awaited<ReturnType<typeof results>>['items'], b: typeof a, label: string) {
  expect(a.map((i) => i.record.slug), label).toEqual(b.map((i) => i.record.slug));
  expect(a.map((i) => i.record), label).toEqual(b.map((i) => i.record));
  a.forEach((item, i) => {
    expect(item.similarity).toBeCloseTo(b[i].similarity, 3);
    expect(item.score).toBeCloseTo(b[i].score, 3);
  });
}

describe.runIf(BACKENDS.includes('pglite'))('exact and HNSW search', () => {
  let lite: Loaded;
  let postgres: Loaded | null = null;

  beforeAll(async () => {
    lite = await load('pglite');
    if (BACKENDS.includes('postgres')) postgres = await load('postgres');
  });
  afterAll(async () => {
    for (const l of [lite, postgres]) {
      await l?.pool.end();
      await l?.database.drop();
    }
  });

  it('uses pgvector and an HNSW index for the model\'s dimensions on PGlite', async () => {
    expect((await vectorSupport(lite.pool)).installed).toBe(true);
    const { rows } = await lite.pool.query(`SELECT indexname FROM pg_indexes WHERE indexname = 'skill_embeddings_hnsw_64_idx'`);
    expect(rows).toHaveLength(1);
    const provider = createFakeProvider();
    const plan = await explainVectorSearch(lite.pool, {
      method: 'hnsw', model: provider.model, vector: unitVector((await provider.embed(['pdf tables']))[0]), candidates: 100, efSearch: 100,
      iterativeScan: true, threshold: 0.5, q: 'pdf tables', weights: DEFAULT_WEIGHTS, limit: 20, tier: 'pro', filter: { verifiedOnly: true, minScore: 90, category: 'beta' },
    });
    expect(plan).toMatch(/Index Scan using skill_embeddings_hnsw_64_idx/);
  });

  it('answers every query and filter the same with the index and with the exact scan', async () => {
    let compared = 0;
    for (const q of QUERIES) {
      for (const request of REQUESTS) {
        const hnsw = await results(deps(lite.pool, false), { ...request, q });
        const exact = await results(deps(lite.pool, true), { ...request, q });
        expect(hnsw.method).toBe('hnsw');
        expect(exact.method).toBe('exact');
        expectSame(hnsw.items, exact.items, `${q} ${JSON.stringify(request)}`);
        compared += hnsw.items.length;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it.runIf(BACKENDS.includes('postgres'))('answers the same on PostgreSQL without pgvector as on PGlite with it', async () => {
    expect((await vectorSupport(postgres!.pool)).installed).toBe(false);
    for (const q of QUERIES) {
      for (const request of REQUESTS) {
        const onPostgres = await results(deps(postgres!.pool, false), { ...request, q });
        const onLite = await results(deps(lite.pool, false), { ...request, q });
        expect(onPostgres.method).toBe('exact');
        // Records differ only in timestamps, which each database set when the rows were written.
        const strip = (items: typeof onLite.items) => items.map((i) => ({ ...i, record: { ...i.record, createdAt: null, updatedAt: null } }));
        expectSame(strip(onPostgres.items), strip(onLite.items), `${q} ${JSON.stringify(request)}`);
      }
    }
  });
});
