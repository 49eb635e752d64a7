// Directory reads and writes. Listing and one-skill reads return API-ready rows (camelCase,
// ISO timestamps with milliseconds) built by PostgreSQL as JSON, in one round trip.
import type pg from 'pg';
import type { Tier } from '../lib/tiers.ts';
import { statement } from './capabilities.ts';

export type SkillSort = 'recent' | 'votes' | 'stars';

export interface SkillFilter {
  q?: string;
  category?: string;
  verifiedOnly: boolean;
  /** Lowest security score accepted (the grade filter is expressed as a score floor). */
  minScore: number;
}

export interface SkillPage {
  totalCount: number;
  items: Record<string, unknown>[];
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The JSON members each tier reads (lib/tiers.ts names the same fields); identifiers are constants.
const BASIC_COLUMNS = [
  `'slug', s.slug`, `'name', s.name`, `'description', s.description`, `'tags', s.tags`,
  `'category', s.category`, `'author', s.author`, `'stars', s.stars`, `'verified', s.verified`,
  `'votes', s.votes`, `'createdAt', ${ISO('s.created_at')}`, `'updatedAt', ${ISO('s.updated_at')}`,
];
const PRO_COLUMNS = [
  `'content', s.content`, `'securityGrade', s.security_grade`, `'securityScore', s.security_score`,
  `'forks', s.forks`, `'language', s.language`,
];
const ENTERPRISE_COLUMNS = [`'findings', s.findings`, `'analysis', s.analysis`, `'contentHash', s.content_hash`];

export const JSON_BY_TIER: Record<Tier, string> = {
  free: `json_build_object(${BASIC_COLUMNS.join(', ')})`,
  pro: `json_build_object(${[...BASIC_COLUMNS, ...PRO_COLUMNS].join(', ')})`,
  enterprise: `json_build_object(${[...BASIC_COLUMNS, ...PRO_COLUMNS, ...ENTERPRISE_COLUMNS].join(', ')})`,
};

const ORDER_BY: Record<SkillSort, string> = {
  recent: 's.created_at DESC, s.id DESC',
  votes: 's.votes DESC, s.id DESC',
  stars: 's.stars DESC, s.id DESC',
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/**
 * The filter as SQL over skills (`s`) and, when there is no text query, over the
 * trigger-maintained skill_counts buckets (`c`), whose sum is the exact total without counting rows.
 */
function filterClauses(filter: SkillFilter, values: unknown[]): { skills: string; counts: string | null } {
  const score = values.push(filter.minScore);
  const skills = [`s.security_score >= $${score}`];
  const counts = [`c.security_score >= $${score}`];
  if (filter.category !== undefined) {
    const p = values.push(filter.category);
    skills.push(`s.category = $${p}`);
    counts.push(`c.category = $${p}`);
  }
  if (filter.verifiedOnly) {
    skills.push('s.verified');
    counts.push('c.verified');
  }
  if (filter.q !== undefined) {
    const p = values.push(`%${escapeLike(filter.q)}%`);
    skills.push(`(s.name ILIKE $${p} OR s.description ILIKE $${p})`);
    return { skills: skills.join(' AND '), counts: null };
  }
  return { skills: skills.join(' AND '), counts: counts.join(' AND ') };
}

export async function listSkills(
  pool: pg.Pool,
  tier: Tier,
  filter: SkillFilter,
  page: { sort: SkillSort; limit: number; offset: number },
): Promise<SkillPage> {
  const values: unknown[] = [];
  const where = filterClauses(filter, values);
  const total = where.counts
    ? `SELECT COALESCE(sum(c.n), 0) FROM skill_counts c WHERE ${where.counts}`
    : `SELECT count(*) FROM skills s WHERE ${where.skills}`;
  const limit = values.push(page.limit);
  const offset = values.push(page.offset);
  const text = `SELECT (${total})::int AS "totalCount",
            COALESCE((SELECT json_agg(p.item) FROM (
               SELECT ${JSON_BY_TIER[tier]} AS item FROM skills s WHERE ${where.skills}
                ORDER BY ${ORDER_BY[page.sort]} LIMIT $${limit} OFFSET $${offset}) p), '[]'::json) AS items`;
  // One prepared statement per shape of the query (tier, sort and which filters are present).
  const shape = [tier, page.sort, filter.category !== undefined, filter.verifiedOnly, filter.q !== undefined].join('_');
  const { rows } = await pool.query(statement(pool, `skillgate_list_${shape}`, text, values));
  return rows[0];
}

export async function getSkill(pool: pg.Pool, tier: Tier, slug: string): Promise<Record<string, unknown> | null> {
  const { rows } = await pool.query(
    statement(pool, `skillgate_get_skill_${tier}`, `SELECT ${JSON_BY_TIER[tier]} AS item FROM skills s WHERE s.slug = $1`, [slug]),
  );
  return rows[0]?.item ?? null;
}

export async function categoryExists(pool: pg.Pool, slug: string): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM categories WHERE slug = $1', [slug]);
  return rowCount === 1;
}

export async function countSkills(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM skills');
  return rows[0].n;
}
