// Directory reads and writes. Listing and one-skill reads return API-ready rows (camelCase,
// ISO timestamps with milliseconds) built by PostgreSQL as JSON, in one round trip.
import type pg from 'pg';
import type { Tier } from '../lib/tiers.ts';

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

const JSON_BY_TIER: Record<Tier, string> = {
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

function whereClause(filter: SkillFilter, values: unknown[]): string {
  const conditions = [`s.security_score >= $${values.push(filter.minScore)}`];
  if (filter.category !== undefined) conditions.push(`s.category = $${values.push(filter.category)}`);
  if (filter.verifiedOnly) conditions.push('s.verified');
  if (filter.q !== undefined) {
    const p = values.push(`%${escapeLike(filter.q)}%`);
    conditions.push(`(s.name ILIKE $${p} OR s.description ILIKE $${p})`);
  }
  return conditions.join(' AND ');
}

export async function listSkills(
  pool: pg.Pool,
  tier: Tier,
  filter: SkillFilter,
  page: { sort: SkillSort; limit: number; offset: number },
): Promise<SkillPage> {
  const values: unknown[] = [];
  const where = whereClause(filter, values);
  const limit = values.push(page.limit);
  const offset = values.push(page.offset);
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM skills s WHERE ${where})::int AS "totalCount",
            COALESCE((SELECT json_agg(p.item) FROM (
               SELECT ${JSON_BY_TIER[tier]} AS item FROM skills s WHERE ${where}
                ORDER BY ${ORDER_BY[page.sort]} LIMIT $${limit} OFFSET $${offset}) p), '[]'::json) AS items`,
    values,
  );
  return rows[0];
}

export async function getSkill(pool: pg.Pool, tier: Tier, slug: string): Promise<Record<string, unknown> | null> {
  const { rows } = await pool.query({
    text: `SELECT ${JSON_BY_TIER[tier]} AS item FROM skills s WHERE s.slug = $1`,
    values: [slug],
  });
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
