// The semantic search search_skills uses when asked for `semantic: true`. The tool server does not
// build it: the service composes it from the search core and passes it in, and without it
// semantic requests are answered with a tool error saying semantic search is unavailable.
import type { Tier } from '../../lib/tiers.ts';

export interface SemanticSearchRequest {
  query: string;
  /** Most results wanted, 1-100. */
  limit: number;
  /** Category slug to keep, when given. */
  category?: string;
  /** Lowest security score to keep (the grade filter expressed as a score floor, as on the list). */
  minScore: number;
  /** Tier whose skill fields the records carry. */
  tier: Tier;
}

/**
 * Skill records as GET /api/v1/skills/search returns them for the tier, best first, each with
 * `_score` (combined relevance) and `_similarity` (vector similarity).
 */
export type SemanticSearch = (request: SemanticSearchRequest) => Promise<Record<string, unknown>[]>;
