// The semantic search search_skills uses when asked for `semantic: true`. The tool server does not
// build it: the service composes it from the search core (semanticSearchOver) and passes it in, and
// without it semantic requests are answered with a tool error saying semantic search is unavailable.
import type { Tier } from '../../lib/tiers.ts';
import { DEFAULT_THRESHOLD, searchSkills, type SearchDependencies } from '../../worker/search/search-skills.ts';

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

/** search_skills' semantic search over the same core, threshold and ranking as GET /api/v1/skills/search. */
export function semanticSearchOver(deps: SearchDependencies): SemanticSearch {
  return async (request) => {
    const { items } = await searchSkills(deps, {
      q: request.query,
      limit: request.limit,
      category: request.category,
      threshold: DEFAULT_THRESHOLD,
      minScore: request.minScore,
      verifiedOnly: false,
      tier: request.tier,
    });
    return items;
  };
}
