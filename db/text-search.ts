// Text-only search: skills holding any of the query's words (the GIN index of migration 008),
// ranked by the text match and quality signals. Semantic search without embeddings, and the text
// baseline of the search evaluation.
import type pg from 'pg';
import type { Tier } from '../lib/tiers.ts';
import type { SearchWeights } from '../lib/search-score.ts';
import { statement } from './capabilities.ts';
import { DOCUMENT_SQL, filterSql, QUALITY_SQL, rankedSelect, statementName, TEXT_SQL, termsSql, toScored, type ScoredSkill, type SearchFilter } from './search-signals.ts';

export interface TextSearch {
  /** The query text, for the text signal. */
  q: string;
  /** Its words: a skill holding any of them is a candidate. */
  words: string[];
  weights: SearchWeights;
  limit: number;
  tier: Tier;
  filter: SearchFilter;
}

export async function searchByText(pool: pg.Pool, search: TextSearch): Promise<ScoredSkill[]> {
  const values: unknown[] = [];
  // An OR query of plain words (letters and digits only, so nothing to escape); null when none.
  const tsquery = `$${values.push(search.words.length ? search.words.join(' | ') : null)}::text`;
  const qtext = `$${values.push(search.q)}::text`;
  const where = filterSql(search.filter, values);
  const text =
    `WITH q AS (SELECT to_tsquery('english', ${tsquery}) AS query),
     ${termsSql(qtext)},
     ranked AS (
       SELECT s.id AS skill_id, NULL::float8 AS similarity, ${TEXT_SQL} AS text, ${QUALITY_SQL} AS quality
         FROM skills s CROSS JOIN q CROSS JOIN query_weight qw
        WHERE ${DOCUMENT_SQL} @@ q.query AND ${where})` + rankedSelect(search.tier, search.weights, search.limit, values);
  const name = statementName(['tsearch', search.tier, search.filter.category !== undefined, search.filter.verifiedOnly]);
  return toScored((await pool.query(statement(pool, name, text, values))).rows);
}
