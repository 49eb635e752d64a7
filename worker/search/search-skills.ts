// Semantic search of the directory, shared by GET /api/v1/skills/search and the tool server:
// embed the query (cached), take the nearest skills by cosine similarity (pgvector's HNSW index
// where the server has it, an exact scan otherwise), drop those under the threshold, and order
// the rest by the combined score of lib/search-score.ts. Skills are embedded by the embed job,
// never here; a skill without a current vector is not found until the job has embedded it.
import type pg from 'pg';
import type { Tier } from '../../lib/tiers.ts';
import { DEFAULT_WEIGHTS, type SearchWeights } from '../../lib/search-score.ts';
import { vectorSupport } from '../../db/embeddings.ts';
import { searchByVector, type ScoredSkill } from '../../db/skill-search.ts';
import { searchByText } from '../../db/text-search.ts';
import { unitVector, type EmbeddingProvider } from '../embeddings/provider.ts';
import { normalizeQuery, type QueryEmbeddingCache } from '../embeddings/query-cache.ts';

export const DEFAULT_THRESHOLD = 0.5;
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 100;
/** Nearest skills re-ranked by the combined score (or `limit`, when larger). */
export const MIN_CANDIDATES = 100;
/**
 * hnsw.ef_search (or the candidate count, when larger). `npm run bench:search` measures recall@10
 * against exact search over 100,000 skills: 0.82 at 100, 0.90 at 200, 0.98 at 400, which costs
 * about 8 ms more per search than 100 there.
 */
export const DEFAULT_EF_SEARCH = 400;

export interface SearchDependencies {
  pool: pg.Pool;
  provider: EmbeddingProvider;
  cache: QueryEmbeddingCache;
  /** Always scan exactly, even where pgvector exists (tests and benchmarks compare the two). */
  exact?: boolean;
  efSearch?: number;
}

export interface SearchRequest {
  q: string;
  limit: number;
  category?: string;
  /** Lowest `_similarity` kept, 0 to 1. */
  threshold: number;
  /** Lowest security score kept (the grade filter as a score floor). */
  minScore: number;
  verifiedOnly: boolean;
  /** The tier whose skill fields the records carry. */
  tier: Tier;
  /** false: text match and quality only, no embeddings (`_similarity` is null). Default true. */
  semantic?: boolean;
  /** Other weights of the combined score (the evaluation ranks by one signal alone with these). */
  weights?: SearchWeights;
}

export interface SearchResults {
  /** Skill records of the tier, best first, each with `_score` and `_similarity`. */
  items: Record<string, unknown>[];
  method: 'hnsw' | 'exact' | 'text';
}

/** Lower-case words of the query, once each, for the text signal. */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 32);
}

/** The query's unit-length embedding, from the cache or the provider. */
export function embedQuery(deps: Pick<SearchDependencies, 'provider' | 'cache'>, q: string): Promise<number[]> {
  const text = normalizeQuery(q);
  return deps.cache.get(deps.provider.model, text, async () => unitVector((await deps.provider.embed([text]))[0]));
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

function present(rows: ScoredSkill[]): Record<string, unknown>[] {
  return rows.map((r) => ({ ...r.item, _score: round(r.score), _similarity: r.similarity === null ? null : round(r.similarity) }));
}

export async function searchSkills(deps: SearchDependencies, request: SearchRequest): Promise<SearchResults> {
  const weights = request.weights ?? DEFAULT_WEIGHTS;
  const filter = { category: request.category, verifiedOnly: request.verifiedOnly, minScore: request.minScore };
  if (request.semantic === false) {
    const words = queryWords(request.q);
    const rows = await searchByText(deps.pool, { q: request.q, words, weights, limit: request.limit, tier: request.tier, filter });
    return { items: present(rows), method: 'text' };
  }
  const [vector, support] = await Promise.all([embedQuery(deps, request.q), vectorSupport(deps.pool)]);
  const method = support.installed && !deps.exact ? 'hnsw' : 'exact';
  const candidates = Math.max(request.limit, MIN_CANDIDATES);
  const rows = await searchByVector(deps.pool, {
    method,
    model: deps.provider.model,
    vector,
    candidates,
    efSearch: Math.max(candidates, deps.efSearch ?? DEFAULT_EF_SEARCH),
    iterativeScan: iterativeScanAvailable(support.version),
    threshold: request.threshold,
    q: request.q,
    weights,
    limit: request.limit,
    tier: request.tier,
    filter,
  });
  return { items: present(rows), method };
}

/** pgvector 0.8 added iterative index scans, which keep filtered searches from coming back short. */
function iterativeScanAvailable(version: string | null): boolean {
  if (!version) return false;
  const [major, minor] = version.split('.').map(Number);
  return major > 0 || minor >= 8;
}
