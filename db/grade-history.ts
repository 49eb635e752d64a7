// The grade history of directory skills (see migration 005): written by imports and rescans,
// read by operators and tests.
import type pg from 'pg';
import type { Queryable } from './queryable.ts';

export type GradeReason = 'added' | 'content-changed' | 'rules-changed' | 'unrecorded';

export interface GradeHistoryInput {
  skillId: number;
  score: number;
  grade: string;
  rulesVersion: string;
  contentHash: string;
  counts: { critical: number; high: number; medium: number; low: number };
  reason: GradeReason;
}

export interface GradeHistoryEntry {
  gradedAt: Date;
  score: number;
  grade: string;
  rulesVersion: string;
  contentHash: string;
  critical: number;
  high: number;
  medium: number;
  low: number;
  reason: GradeReason;
}

/** One statement for any number of rows. */
export async function insertGradeHistory(db: Queryable, rows: GradeHistoryInput[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO grade_history (skill_id, security_score, security_grade, rules_version, content_hash, critical, high, medium, low, reason)
     SELECT h.skill_id, h.score, h.grade, h.rules_version, h.content_hash, h.critical, h.high, h.medium, h.low, h.reason
       FROM jsonb_to_recordset($1::jsonb) AS h(skill_id bigint, score smallint, grade text, rules_version text, content_hash text,
                                                critical int, high int, medium int, low int, reason text)`,
    [
      JSON.stringify(
        rows.map((r) => ({
          skill_id: r.skillId, score: r.score, grade: r.grade, rules_version: r.rulesVersion, content_hash: r.contentHash,
          ...r.counts, reason: r.reason,
        })),
      ),
    ],
  );
}

/** A skill's gradings, oldest first. */
export async function listGradeHistory(pool: pg.Pool, slug: string): Promise<GradeHistoryEntry[]> {
  const { rows } = await pool.query(
    `SELECT h.graded_at AS "gradedAt", h.security_score AS score, h.security_grade AS grade, h.rules_version AS "rulesVersion",
            h.content_hash AS "contentHash", h.critical, h.high, h.medium, h.low, h.reason
       FROM grade_history h JOIN skills s ON s.id = h.skill_id
      WHERE s.slug = $1 ORDER BY h.id`,
    [slug],
  );
  return rows;
}
