// Semantic search queries: the skills nearest to a query's embedding (pgvector's HNSW index, or an
// exact scan over real[] on a server without pgvector), dropped under the threshold and re-ranked
// by the combined score (db/search-signals.ts), and the bare nearest neighbours for benchmarks.
import type pg from 'pg';
import type { Tier } from '../lib/tiers.ts';
import type { SearchWeights } from '../lib/search-score.ts';
import { statement } from './capabilities.ts';
import { withTransaction } from './pool.ts';
import { filterSql, QUALITY_SQL, rankedSelect, statementName, TEXT_SQL, termsSql, toScored, type ScoredSkill, type SearchFilter } from './search-signals.ts';

export type { ScoredSkill, SearchFilter } from './search-signals.ts';

export interface VectorSearch {
  /** hnsw: pgvector's operators and its index for the dimensions; exact: SQL over real[]. */
  method: 'hnsw' | 'exact';
  model: string;
  /** The query's embedding, unit length. */
  vector: number[];
  /** Nearest skills re-ranked by the combined score. */
  candidates: number;
  /** hnsw.ef_search; at least `candidates`. */
  efSearch: number;
  /** pgvector >= 0.8: keep walking the index while filters reject rows. */
  iterativeScan: boolean;
  threshold: number;
  /** The query text, for the text signal. */
  q: string;
  weights: SearchWeights;
  limit: number;
  tier: Tier;
  filter: SearchFilter;
}

function checkedDimensions(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 16000) throw new Error(`invalid dimensions ${n}`);
  return n;
}

// Nine significant digits hold a float4 exactly; shorter text is quicker for the server to parse.
const digits = (v: number[]) => v.map((x) => x.toPrecision(9)).join(',');
const vectorLiteral = (v: number[]) => `[${digits(v)}]`;
const arrayLiteral = (v: number[]) => `{${digits(v)}}`;

/** The SQL of a vector search, its values, and the name of its prepared statement. */
function vectorSearchQuery(search: VectorSearch): { name: string; text: string; values: unknown[] } {
  const dims = checkedDimensions(search.vector.length);
  const values: unknown[] = [];
  const model = `$${values.push(search.model)}`;
  let similarity: string;
  let order: string;
  if (search.method === 'hnsw') {
    // The expression of the partial index (migration 008), so that the planner can use it.
    const q = `$${values.push(vectorLiteral(search.vector))}::vector(${dims})`;
    similarity = `1 - ((e.embedding::vector(${dims})) <=> ${q})`;
    order = `(e.embedding::vector(${dims})) <=> ${q}`;
  } else {
    // Vectors are unit length, so the dot product is the cosine similarity pgvector computes.
    const q = `$${values.push(arrayLiteral(search.vector))}::real[]`;
    similarity = `(SELECT sum(a::float8 * b::float8) FROM unnest(e.embedding, ${q}) AS t (a, b))`;
    order = 'similarity DESC, e.skill_id';
  }
  const where = filterSql(search.filter, values);
  const candidates = `$${values.push(search.candidates)}`;
  const threshold = `$${values.push(search.threshold)}`;
  const qtext = `$${values.push(search.q)}::text`;
  const text =
    `WITH nearest AS MATERIALIZED (
       SELECT e.skill_id, ${similarity} AS similarity
         FROM skill_embeddings e JOIN skills s ON s.id = e.skill_id
        WHERE e.model = ${model} AND e.dimensions = ${dims} AND ${where}
        ORDER BY ${order} LIMIT ${candidates}),
     ${termsSql(qtext)},
     ranked AS (
       SELECT n.skill_id, n.similarity::float8 AS similarity, ${TEXT_SQL} AS text, ${QUALITY_SQL} AS quality
         FROM nearest n JOIN skills s ON s.id = n.skill_id CROSS JOIN query_weight qw
        WHERE n.similarity >= ${threshold})` + rankedSelect(search.tier, search.weights, search.limit, values);
  const name = statementName(['vsearch', search.method, dims, search.tier, search.filter.category !== undefined, search.filter.verifiedOnly]);
  return { name, text, values };
}

/** Runs `run` where the search's index settings apply: for HNSW, in a transaction that sets them. */
async function withSearchSettings<T>(pool: pg.Pool, search: VectorSearch, run: (db: pg.Pool | pg.PoolClient) => Promise<T>): Promise<T> {
  if (search.method === 'exact') return run(pool);
  // Settings last for this transaction only; the values are checked integers.
  const ef = Math.max(1, Math.min(1000, Math.round(search.efSearch)));
  const settings = [
    `SET LOCAL hnsw.ef_search = ${ef}`,
    // Walk the index for the nearest skills instead of sorting every vector by distance, which
    // the planner prefers on small directories and which would not be approximate at all.
    'SET LOCAL enable_sort = off',
    ...(search.iterativeScan ? ['SET LOCAL hnsw.iterative_scan = strict_order'] : []),
  ];
  return withTransaction(pool, async (client) => {
    await client.query(settings.join('; '));
    return run(client);
  });
}

export async function searchByVector(pool: pg.Pool, search: VectorSearch): Promise<ScoredSkill[]> {
  const query = vectorSearchQuery(search);
  const config = statement(pool, query.name, query.text, query.values);
  return withSearchSettings(pool, search, async (db) => toScored((await db.query(config)).rows));
}

/**
 * The plan of a vector search (tests and benchmarks check that the HNSW index serves it); with
 * `analyze`, run and timed node by node.
 */
export async function explainVectorSearch(pool: pg.Pool, search: VectorSearch, options: { analyze?: boolean } = {}): Promise<string> {
  const query = vectorSearchQuery(search);
  return withSearchSettings(pool, search, async (db) => {
    const { rows } = await db.query(`EXPLAIN (${options.analyze ? 'ANALYZE, ' : ''}COSTS OFF) ${query.text}`, query.values);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/**
 * Ids of the k skills nearest to `vector` among vectors of `model`, without filters or scores:
 * through the HNSW index with this ef_search, or exactly (pgvector's distance over every vector).
 * Benchmarks measure the index's recall with it.
 */
export async function nearestSkillIds(
  pool: pg.Pool,
  search: { model: string; vector: number[]; k: number; exact: boolean; efSearch: number },
): Promise<number[]> {
  const dims = checkedDimensions(search.vector.length);
  const ef = Math.max(1, Math.min(1000, Math.round(search.efSearch)));
  const settings = search.exact ? 'SET LOCAL enable_indexscan = off' : `SET LOCAL hnsw.ef_search = ${ef}; SET LOCAL enable_sort = off`;
  return withTransaction(pool, async (client) => {
    await client.query(settings);
    const { rows } = await client.query(
      `SELECT e.skill_id FROM skill_embeddings e WHERE e.model = $1 AND e.dimensions = ${dims}
        ORDER BY (e.embedding::vector(${dims})) <=> $2::vector(${dims}) LIMIT $3`,
      [search.model, vectorLiteral(search.vector), search.k],
    );
    return rows.map((r) => r.skill_id as number);
  });
}
