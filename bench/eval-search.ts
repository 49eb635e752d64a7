// npm run eval:search: ranking quality of semantic search on the demo directory. Loads the demo
// skills into an in-memory embedded database, embeds them with the default model, runs every
// labelled query of test/search/queries.json three ways (similarity alone, text match alone, the
// combined _score) and prints recall@5, MRR and nDCG@10 of each. Ranking is measured over the
// whole directory: threshold 0 and every grade (the endpoint's defaults are reported after).
// EVAL_WEIGHTS=sim,text,quality tries other weights of the combined score.
import { readFile } from 'node:fs/promises';
import { openMemoryDatabase } from '../db/embedded.ts';
import { createPool } from '../db/pool.ts';
import { migrate } from '../db/migrate.ts';
import { detectCapabilities } from '../db/capabilities.ts';
import { seedDirectory } from '../worker/seed-directory.ts';
import { embedDirectory } from '../worker/embed-directory.ts';
import { createUseProvider } from '../worker/embeddings/use-provider.ts';
import { QueryEmbeddingCache } from '../worker/embeddings/query-cache.ts';
import { DEFAULT_THRESHOLD, searchSkills, type SearchDependencies, type SearchRequest } from '../worker/search/search-skills.ts';
import { DEFAULT_WEIGHTS, TEXT_ONLY, VECTOR_ONLY, type SearchWeights } from '../lib/search-score.ts';
import { GRADE_FLOOR } from '../lib/grades.ts';
import { summarise, recallAt, type Relevance, type RankingSummary } from './ranking-metrics.ts';
import { machineLine } from './support.ts';

interface LabelledQuery {
  q: string;
  relevant: Relevance;
}

const QUERIES = new URL('../test/search/queries.json', import.meta.url);

function weightsFromEnv(): SearchWeights {
  const raw = process.env.EVAL_WEIGHTS;
  if (!raw) return DEFAULT_WEIGHTS;
  const [similarity, text, quality] = raw.split(',').map(Number);
  return { similarity, text, quality };
}

async function main(): Promise<void> {
  console.log(machineLine());
  const { queries } = JSON.parse(await readFile(QUERIES, 'utf8')) as { queries: LabelledQuery[] };
  const database = await openMemoryDatabase();
  const pool = createPool(database.connectionString, 4);
  try {
    await migrate(pool);
    await detectCapabilities(pool);
    let t = Date.now();
    const seeded = await seedDirectory(pool);
    console.log(`demo directory: ${seeded.skills} skills graded and loaded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const provider = createUseProvider();
    t = Date.now();
    const embedded = await embedDirectory({ pool, provider });
    console.log(`embedded ${embedded.embedded} skills with ${provider.model} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    const deps: SearchDependencies = { pool, provider, cache: new QueryEmbeddingCache() };
    const combinedWeights = weightsFromEnv();

    const base = { limit: 10, threshold: 0, minScore: 0, verifiedOnly: false, tier: 'pro' } as const;
    const modes: { name: string; request: Partial<SearchRequest> }[] = [
      { name: 'vector only (similarity)', request: { weights: VECTOR_ONLY } },
      { name: 'text only (full-text rank)', request: { semantic: false, weights: TEXT_ONLY } },
      { name: `combined _score ${JSON.stringify(combinedWeights)}`, request: { weights: combinedWeights } },
    ];
    const results: RankingSummary[] = [];
    const rankedByMode: string[][][] = [];
    for (const mode of modes) {
      const runs = [];
      const ranked: string[][] = [];
      for (const query of queries) {
        const { items } = await searchSkills(deps, { ...base, ...mode.request, q: query.q });
        const slugs = items.map((i) => i.slug as string);
        ranked.push(slugs);
        runs.push({ ranked: slugs, relevant: query.relevant });
      }
      results.push(summarise(runs));
      rankedByMode.push(ranked);
    }

    console.log(`\n${queries.length} labelled queries (test/search/queries.json), top 10 over all ${seeded.skills} skills, threshold 0:`);
    console.log(`${'ranking'.padEnd(52)} recall@5     MRR  nDCG@10`);
    modes.forEach((m, i) => {
      const r = results[i];
      console.log(`${m.name.padEnd(52)} ${r.recallAt5.toFixed(3).padStart(8)} ${r.mrr.toFixed(3).padStart(7)} ${r.ndcgAt10.toFixed(3).padStart(8)}`);
    });
    const [vector, text, combined] = results;
    const metrics = ['recallAt5', 'mrr', 'ndcgAt10'] as const;
    const verdicts = metrics.map((m) => `${m} ${combined[m] > vector[m] && combined[m] > text[m] ? 'PASS' : 'FAIL'}`);
    console.log(`combined beats vector only and text only: ${verdicts.join(', ')}`);

    // What callers see with the endpoint's threshold and grade filter: similarity alone decides
    // what is kept, and the bundled model scores many relevant skills under 0.5.
    console.log('\nwith a threshold and the grade filter (combined ranking, top 10):');
    for (const [threshold, minScore, label] of [
      [DEFAULT_THRESHOLD, GRADE_FLOOR.A, 'endpoint defaults: threshold 0.5, securityGrade A'],
      [DEFAULT_THRESHOLD, 0, 'threshold 0.5, securityGrade all'],
      [0.3, 0, 'threshold 0.3, securityGrade all'],
    ] as const) {
      const runs = [];
      for (const query of queries) {
        const { items } = await searchSkills(deps, { ...base, weights: combinedWeights, threshold, minScore, q: query.q });
        runs.push({ ranked: items.map((i) => i.slug as string), relevant: query.relevant, count: items.length });
      }
      const r = summarise(runs);
      const empty = runs.filter((d) => d.count === 0).length;
      console.log(`  ${label.padEnd(50)} recall@5 ${r.recallAt5.toFixed(3)}, MRR ${r.mrr.toFixed(3)}, nDCG@10 ${r.ndcgAt10.toFixed(3)}; ${empty} queries find nothing`);
    }
    if (process.env.EVAL_VERBOSE) {
      queries.forEach((q, i) => {
        const r = modes.map((_, m) => recallAt(5, rankedByMode[m][i], q.relevant).toFixed(1)).join(' ');
        console.log(`${r}  ${q.q} -> ${rankedByMode[2][i].slice(0, 3).join(', ')}`);
      });
    }
  } finally {
    await pool.end();
    await database.close();
  }
}

await main();
