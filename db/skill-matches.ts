// Matching skills installed on a caller's machine to the directory (audit_skills): by slug or,
// case-insensitively, by name, and which earlier versions of a listed skill the directory graded.
import type pg from 'pg';

export interface ListedMatch {
  /** Index of the name in the list asked about. */
  index: number;
  skillId: number;
  slug: string;
  name: string;
  slugMatch: boolean;
  stars: number;
  /** The listed SKILL.md text (its hash is compared with an installed SKILL.md). */
  content: string;
  /** Hash of every file of the listed version. */
  contentHash: string;
  securityGrade: string;
  securityScore: number;
  findings: unknown[];
  analysis: Record<string, unknown>;
  updatedAt: Date;
}

/** Every listed skill whose slug or name equals one of `names` (compared lowercase). */
export async function findListedByNames(pool: pg.Pool, names: string[]): Promise<ListedMatch[]> {
  const { rows } = await pool.query(
    `SELECT (n.idx - 1)::int AS index, s.id AS "skillId", s.slug, s.name, s.slug = n.name AS "slugMatch", s.stars,
            s.content, s.content_hash AS "contentHash", s.security_grade AS "securityGrade",
            s.security_score AS "securityScore", s.findings, s.analysis, s.updated_at AS "updatedAt"
       FROM unnest($1::text[]) WITH ORDINALITY AS n(name, idx)
       JOIN skills s ON s.slug = n.name OR lower(s.name) = n.name
      ORDER BY n.idx, s.id`,
    [names.map((n) => n.trim().toLowerCase())],
  );
  return rows;
}

/**
 * Of the given (skill, hash) pairs, those the directory once graded (grade history), with the
 * last time each was graded: an installed copy with such a hash is an earlier listed version.
 */
export async function gradedVersions(
  pool: pg.Pool,
  pairs: { skillId: number; contentHash: string }[],
): Promise<{ skillId: number; contentHash: string; lastGradedAt: Date }[]> {
  if (pairs.length === 0) return [];
  const { rows } = await pool.query(
    `SELECT h.skill_id AS "skillId", h.content_hash AS "contentHash", max(h.graded_at) AS "lastGradedAt"
       FROM grade_history h
       JOIN unnest($1::bigint[], $2::text[]) AS p(skill_id, content_hash)
         ON h.skill_id = p.skill_id AND h.content_hash = p.content_hash
      GROUP BY 1, 2`,
    [pairs.map((p) => p.skillId), pairs.map((p) => p.contentHash)],
  );
  return rows;
}
