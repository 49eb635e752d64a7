// npm run bench:search: semantic search over 100,000 skills on the embedded database (PGlite with
// pgvector's HNSW index): latency of searches with a cached and an uncached query embedding,
// through HTTP and through the search core, and the index's recall@10 against exact search.
// Then the exact scan over real[] that a PostgreSQL without pgvector runs, on the machine's
// PostgreSQL (BENCH_DATABASE_URL, default the local server; "none" skips it).
//
// Embedding 100,000 skill texts with the bundled model takes hours on one core, so the benchmark
// embeds BENCH_BASE_TEXTS (default 2,000) generated skill texts and derives every skill's vector
// from them: a point between two of them plus Gaussian noise (db/bench-vectors.ts).
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp } from '../api/app.ts';
import { listen } from '../api/server.ts';
import { openMemoryDatabase } from '../db/embedded.ts';
import { createPool } from '../db/pool.ts';
import { migrate } from '../db/migrate.ts';
import { detectCapabilities } from '../db/capabilities.ts';
import { generateSkills } from '../db/bulk-generate.ts';
import { upsertEmbeddings } from '../db/embeddings.ts';
import { deriveEmbeddings, interpolationPoint, rebuildVectorIndex } from '../db/bench-vectors.ts';
import { explainVectorSearch, nearestSkillIds } from '../db/skill-search.ts';
import { refreshSearchTerms } from '../db/search-terms.ts';
import { issueKey } from '../lib/issue-key.ts';
import { createLogger } from '../lib/logger.ts';
import { DEFAULT_WEIGHTS } from '../lib/search-score.ts';
import { DEMO_DIR } from '../worker/seed-directory.ts';
import { parseFrontmatter } from '../worker/scanner/frontmatter.ts';
import { createUseProvider } from '../worker/embeddings/use-provider.ts';
import { unitVector } from '../worker/embeddings/provider.ts';
import { QueryEmbeddingCache } from '../worker/embeddings/query-cache.ts';
import { DEFAULT_EF_SEARCH, MIN_CANDIDATES, embedQuery, searchSkills, type SearchDependencies } from '../worker/search/search-skills.ts';
import { machineLine } from './support.ts';

const SKILLS = Number(process.env.BENCH_SKILLS ?? 100_000);
const BASE_TEXTS = Number(process.env.BENCH_BASE_TEXTS ?? 2_000);
const NOISE_VECTORS = 997;
const NOISE_NORM = 0.1;
const RECALL_QUERIES = Number(process.env.BENCH_RECALL_QUERIES ?? 40);
const CACHED_ROUNDS = 3;
const EF_VALUES = [40, 100, 200, 300, DEFAULT_EF_SEARCH];
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'skillgate_bench_search';
const MODEL = 'bench-derived-use-en';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function stats(values: number[]): string {
  return `median ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (${values.length} searches)`;
}

/** A seeded generator: the same texts and noise on every run. */
function random(seed: number): () => number {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

/**
 * Skill-like texts recombined from the demo directory: one skill's name, sentences of two others,
 * tags of two more, so that the texts spread over the directory's topics rather than repeating it.
 */
async function generatedTexts(count: number): Promise<string[]> {
  const catalog = JSON.parse(await readFile(join(DEMO_DIR, 'catalog.json'), 'utf8')) as { slug: string; tags: string[] }[];
  const skills = await Promise.all(
    catalog.map(async (e) => {
      const md = await readFile(join(DEMO_DIR, 'skills', e.slug, 'SKILL.md'), 'utf8');
      const description = parseFrontmatter(/^---\r?\n([\s\S]*?)\r?\n---/.exec(md)![1]).description ?? '';
      return { name: e.slug.replace(/-/g, ' '), tags: e.tags, sentences: description.split(/(?<=[.!?])\s+/).filter(Boolean) };
    }),
  );
  const next = random(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)];
  return Array.from({ length: count }, () => {
    const [a, b, c, d] = [pick(skills), pick(skills), pick(skills), pick(skills)];
    return `${a.name}. ${pick(b.sentences)} ${pick(c.sentences)} Tags: ${pick(d.tags)}, ${pick(a.tags)}.`;
  });
}

/** Embeddings of the texts, kept in the temporary folder between runs (they take minutes). */
async function embedCached(provider: ReturnType<typeof createUseProvider>, texts: string[]): Promise<{ vectors: number[][]; cached: boolean }> {
  const key = createHash('sha256').update(provider.model).update(JSON.stringify(texts)).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `skillgate-bench-search-${key}.json`);
  try {
    return { vectors: JSON.parse(await readFile(file, 'utf8')) as number[][], cached: true };
  } catch {
    const vectors: number[][] = [];
    for (let i = 0; i < texts.length; i += 32) vectors.push(...(await provider.embed(texts.slice(i, i + 32))).map(unitVector));
    await writeFile(file, JSON.stringify(vectors));
    return { vectors, cached: false };
  }
}

function gaussianNoise(count: number, dims: number): number[][] {
  const next = random(7);
  const sigma = NOISE_NORM / Math.sqrt(dims);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return Array.from({ length: count }, () => Array.from({ length: dims }, () => gauss() * sigma));
}

/** The vector deriveEmbeddings computes in SQL, computed here (for the PostgreSQL without pgvector). */
function derivedVector(id: number, bases: number[][], noise: number[][]): number[] {
  const a = bases[id % bases.length];
  const b = bases[(Math.floor(id / bases.length) * 131 + id * 7) % bases.length];
  const n = noise[(Math.floor(id / bases.length) + id * 13) % noise.length];
  const t = interpolationPoint(id);
  return unitVector(a.map((x, d) => x + t * (b[d] - x) + n[d]));
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, performance.now() - t];
}

async function pgliteBenchmark(queries: string[], bases: number[][], noise: number[][], provider: ReturnType<typeof createUseProvider>): Promise<void> {
  const database = await openMemoryDatabase();
  const pool = createPool(database.connectionString, 4);
  const logger = createLogger('silent');
  const server = { stop: async (_: number) => {} };
  try {
    await migrate(pool);
    await detectCapabilities(pool);
    let [, ms] = await timed(() => generateSkills(pool, SKILLS));
    console.log(`PGlite: generated ${SKILLS} skills in ${seconds(ms)}`);
    [, ms] = await timed(() => deriveEmbeddings(pool, { model: MODEL, bases, noise }));
    console.log(`PGlite: derived ${SKILLS} vectors in SQL in ${seconds(ms)}`);
    [, ms] = await timed(() => rebuildVectorIndex(pool, 512));
    console.log(`PGlite: built the HNSW index (m 16, ef_construction 64) in ${seconds(ms)}`);
    await refreshSearchTerms(pool);

    // Searches see the derived vectors as the model's: the provider embeds queries with the real model.
    const deps: SearchDependencies = { pool, provider: { ...provider, model: MODEL, embed: (t) => provider.embed(t) }, cache: new QueryEmbeddingCache() };
    const vectors = await Promise.all(queries.map((q) => embedQuery(deps, q)));
    const plan = await explainVectorSearch(pool, {
      method: 'hnsw', model: MODEL, vector: vectors[0], candidates: MIN_CANDIDATES, efSearch: DEFAULT_EF_SEARCH, iterativeScan: true,
      threshold: 0.5, q: queries[0], weights: DEFAULT_WEIGHTS, limit: 20, tier: 'pro', filter: { verifiedOnly: false, minScore: 90 },
    });
    console.log(`plan of a search: ${/Index Scan using (\S+)/.exec(plan)?.[1] ?? 'no index scan'} for the nearest ${MIN_CANDIDATES} candidates`);

    // Recall@10 of the index against pgvector's exact search (every vector, no index).
    const recallQueries = vectors.slice(0, RECALL_QUERIES);
    const exact: number[][] = [];
    const exactMs: number[] = [];
    for (const vector of recallQueries) {
      const [ids, t] = await timed(() => nearestSkillIds(pool, { model: MODEL, vector, k: 10, exact: true, efSearch: 0 }));
      exact.push(ids);
      exactMs.push(t);
    }
    console.log(`\nexact nearest 10 (pgvector, no index): ${stats(exactMs)}`);
    for (const ef of EF_VALUES) {
      let found = 0;
      const times: number[] = [];
      for (let i = 0; i < recallQueries.length; i++) {
        const [ids, t] = await timed(() => nearestSkillIds(pool, { model: MODEL, vector: recallQueries[i], k: 10, exact: false, efSearch: ef }));
        times.push(t);
        found += ids.filter((id) => exact[i].includes(id)).length;
      }
      const recall = found / (10 * recallQueries.length);
      const used = ef === DEFAULT_EF_SEARCH ? '  <- used by search' : '';
      console.log(`HNSW ef_search ${String(ef).padStart(3)}: recall@10 ${recall.toFixed(3)} over ${recallQueries.length} queries, nearest 10 ${stats(times)}${used}`);
    }

    // Latency through the search core and through HTTP (key check and daily count included).
    const base = { limit: 20, threshold: 0.5, minScore: 90, verifiedOnly: false, tier: 'pro' } as const;
    const core: number[] = [];
    for (let round = 0; round < CACHED_ROUNDS; round++) {
      for (const q of queries) core.push((await timed(() => searchSkills(deps, { ...base, q })))[1]);
    }
    const app = createApp({ pool, logger, search: deps });
    const running = await listen(app, 0, '127.0.0.1');
    server.stop = running.stop;
    const key = (await issueKey(pool, { tier: 'enterprise', name: 'bench-search' })).key;
    const get = async (q: string) => {
      const res = await fetch(`http://127.0.0.1:${running.port}/api/v1/skills/search?q=${encodeURIComponent(q)}`, { headers: { 'x-api-key': key } });
      if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: unknown[] }).data.length;
    };
    const http: number[] = [];
    let results = 0;
    for (let round = 0; round < CACHED_ROUNDS; round++) {
      for (const q of queries) {
        const [n, t] = await timed(() => get(q));
        http.push(t);
        results += n;
      }
    }
    const uncached: number[] = [];
    const embedOnly: number[] = [];
    for (const q of queries) {
      deps.cache.clear();
      uncached.push((await timed(() => get(q)))[1]);
      embedOnly.push((await timed(() => provider.embed([q])))[1]);
    }
    console.log(`\nsearch with defaults (limit 20, threshold 0.5, grade A), ${queries.length} different queries, one at a time, ${(results / http.length).toFixed(1)} results on average:`);
    console.log(`  cached query embedding, search core:        ${stats(core)}`);
    console.log(`  cached query embedding, GET over HTTP:      ${stats(http)}`);
    console.log(`  uncached query embedding, GET over HTTP:    ${stats(uncached)}`);
    console.log(`  (embedding one query alone:                 ${stats(embedOnly)})`);
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    console.log(`bars: cached median ${percentile(http, 50).toFixed(1)} ms <= 30: ${pass(percentile(http, 50) <= 30)}; cached p99 ${percentile(http, 99).toFixed(1)} ms <= 100: ${pass(percentile(http, 99) <= 100)}; uncached median ${percentile(uncached, 50).toFixed(1)} ms <= 200: ${pass(percentile(uncached, 50) <= 200)}`);

    const exactSql: number[] = [];
    for (const q of queries.slice(0, 2)) exactSql.push((await timed(() => searchSkills({ ...deps, exact: true }, { ...base, q })))[1]);
    console.log(`\nPGlite, exact scan over real[] in SQL (the path without pgvector): ${exactSql.map((t) => seconds(t)).join(', ')} per search`);
  } finally {
    await server.stop(1000);
    await pool.end();
    await database.close();
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function postgresExactBenchmark(queries: string[], bases: number[][], noise: number[][], provider: ReturnType<typeof createUseProvider>): Promise<void> {
  try {
    await admin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  } catch (err) {
    console.log(`\nPostgreSQL at ${new URL(ADMIN_URL).host} not reachable (${(err as Error).message}): exact-scan figures skipped`);
    return;
  }
  await admin(`CREATE DATABASE ${PG_DB}`);
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + PG_DB;
  const pool = createPool(url.toString(), 4);
  try {
    await migrate(pool);
    await detectCapabilities(pool);
    await generateSkills(pool, SKILLS);
    const { rows } = await pool.query(`SELECT id, content_hash, skill_metadata_hash(name, description, tags) AS mh FROM skills ORDER BY id`);
    const [, ms] = await timed(async () => {
      for (let i = 0; i < rows.length; i += 500) {
        await upsertEmbeddings(pool, rows.slice(i, i + 500).map((r) => ({
          skillId: r.id, model: MODEL, contentHash: r.content_hash, metadataHash: r.mh, embedding: derivedVector(r.id, bases, noise),
        })));
      }
    });
    await pool.query('VACUUM ANALYZE skill_embeddings');
    await refreshSearchTerms(pool);
    console.log(`\nPostgreSQL ${(await pool.query('SHOW server_version')).rows[0].server_version} without pgvector: ${SKILLS} skills, vectors loaded in ${seconds(ms)}`);
    const deps: SearchDependencies = { pool, provider: { ...provider, model: MODEL, embed: (t) => provider.embed(t) }, cache: new QueryEmbeddingCache() };
    const times: number[] = [];
    for (const q of queries.slice(0, 10)) {
      await embedQuery(deps, q);
      const [result, t] = await timed(() => searchSkills(deps, { q, limit: 20, threshold: 0.5, minScore: 90, verifiedOnly: false, tier: 'pro' }));
      if (result.method !== 'exact') throw new Error(`expected the exact scan, got ${result.method}`);
      times.push(t);
    }
    console.log(`exact scan over real[] in SQL, cached query embedding: ${stats(times)}`);
  } finally {
    await pool.end();
    await admin(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  const { queries } = JSON.parse(await readFile(new URL('../test/search/queries.json', import.meta.url), 'utf8')) as { queries: { q: string }[] };
  const texts = queries.map((q) => q.q);
  const provider = createUseProvider();
  const generated = await generatedTexts(BASE_TEXTS);
  const [{ vectors: bases, cached }, ms] = await timed(() => embedCached(provider, generated));
  const noise = gaussianNoise(NOISE_VECTORS, bases[0].length);
  const took = cached ? 'read from the cache of an earlier run' : `in ${seconds(ms)} (${(ms / BASE_TEXTS).toFixed(0)} ms a text)`;
  console.log(`vectors: ${BASE_TEXTS} generated skill texts embedded with ${provider.model} ${took};`);
  console.log(`  each of the ${SKILLS} skills gets a point between two of them plus noise, l2_normalize(base[a] + t * (base[b] - base[a]) + noise[c]),`);
  console.log(`  t from 0 to 0.5, from ${BASE_TEXTS} bases and ${NOISE_VECTORS} Gaussian noise vectors of norm about ${NOISE_NORM} (db/bench-vectors.ts)`);
  console.log(`queries: the ${texts.length} labelled queries of test/search/queries.json, embedded with the same model`);
  await pgliteBenchmark(texts, bases, noise, provider);
  if (ADMIN_URL !== 'none') await postgresExactBenchmark(texts, bases, noise, provider);
  await provider.close();
}

await main();
