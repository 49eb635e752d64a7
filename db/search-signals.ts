// The SQL shared by the searches of db/skill-search.ts and db/text-search.ts: the signals of
// lib/search-score.ts (quality, text match) over skills `s`, the filters, and the final ranking
// that builds the tier's skill records (db/skills.ts) for the top results only.
import type { Tier } from '../lib/tiers.ts';
import { QUALITY, TEXT_MATCH, type SearchWeights } from '../lib/search-score.ts';
import { JSON_BY_TIER } from './skills.ts';

export interface SearchFilter {
  category?: string;
  verifiedOnly: boolean;
  /** Lowest security score accepted. */
  minScore: number;
}

export interface ScoredSkill {
  item: Record<string, unknown>;
  /** null in text-only search. */
  similarity: number | null;
  text: number;
  quality: number;
  score: number;
}

const saturating = (column: string, at: number) => `least(1.0, ln(1 + ${column}::float8) / ln(${1 + at}))`;

/** lib/search-score.ts qualitySignal. */
export const QUALITY_SQL = `(${QUALITY.stars} * ${saturating('s.stars', QUALITY.starsSaturation)}
  + ${QUALITY.votes} * ${saturating('s.votes', QUALITY.votesSaturation)}
  + ${QUALITY.grade} * s.security_score / 100.0)`;

/** The skill's text-match document (a stored column, migration 008). */
export const DOCUMENT_SQL = 's.search_document';

/**
 * CTEs `terms` (the query's lexemes with their inverse document frequencies, BM25's form, from
 * search_terms and the trigger-maintained skill count, and two one-word queries per lexeme: in
 * the name or tags, anywhere) and `query_weight` (the sum of the frequencies).
 */
export const termsSql = (qtext: string) => `terms AS (
       SELECT t.lexeme, ln(1 + (n.total - least(COALESCE(st.documents, 0), n.total) + 0.5)
                            / (least(COALESCE(st.documents, 0), n.total) + 0.5)) AS idf,
              (quote_literal(t.lexeme) || ':A')::tsquery AS in_name, quote_literal(t.lexeme)::tsquery AS anywhere
         FROM unnest(to_tsvector('english', ${qtext})) t
         CROSS JOIN (SELECT greatest(COALESCE(sum(c.n), 0), 1)::float8 AS total FROM skill_counts c) n
         LEFT JOIN search_terms st ON st.lexeme = t.lexeme),
     query_weight AS (SELECT NULLIF(sum(idf), 0) AS total FROM terms)`;

/**
 * lib/search-score.ts text match, given `terms` and `query_weight qw`: the IDF-weighted share of
 * the query's lexemes found in the skill, full credit in the name or tags (weight A), less in the
 * description. Each lexeme is looked up in the skill's document (a binary search), which costs
 * less than unpacking every document.
 */
export const TEXT_SQL = `COALESCE((SELECT sum(t.idf * CASE WHEN ${DOCUMENT_SQL} @@ t.in_name THEN 1.0
                                         WHEN ${DOCUMENT_SQL} @@ t.anywhere THEN ${TEXT_MATCH.descriptionCredit} ELSE 0 END)
                     FROM terms t) / qw.total, 0)::float8`;

export function filterSql(filter: SearchFilter, values: unknown[]): string {
  const clauses = [`s.security_score >= $${values.push(filter.minScore)}`];
  if (filter.category !== undefined) clauses.push(`s.category = $${values.push(filter.category)}`);
  if (filter.verifiedOnly) clauses.push('s.verified');
  return clauses.join(' AND ');
}

/**
 * Ends a search whose CTE `ranked` holds skill_id, similarity, text and quality: the combined
 * score with these weights, the best `limit`, and their records.
 */
export function rankedSelect(tier: Tier, weights: SearchWeights, limit: number, values: unknown[]): string {
  const w = (x: number) => `$${values.push(x)}::float8`;
  return `, top AS (
    SELECT r.*, ${w(weights.similarity)} * COALESCE(r.similarity, 0) + ${w(weights.text)} * r.text + ${w(weights.quality)} * r.quality AS score
      FROM ranked r ORDER BY score DESC, r.skill_id LIMIT $${values.push(limit)})
  SELECT ${JSON_BY_TIER[tier]} AS item, t.similarity, t.text, t.quality, t.score
    FROM top t JOIN skills s ON s.id = t.skill_id
   ORDER BY t.score DESC, t.skill_id`;
}

export function toScored(rows: ScoredSkill[]): ScoredSkill[] {
  return rows.map((r) => ({ item: r.item, similarity: r.similarity, text: r.text, quality: r.quality, score: r.score }));
}

/** A prepared statement's name from the parts that change the query's text. */
export function statementName(parts: (string | number | boolean)[]): string {
  return `skillgate_${parts.map(String).join('_')}`;
}
