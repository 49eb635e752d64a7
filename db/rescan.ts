// The rescan's reads and writes: the directory in keyset batches by id, with the decision to
// regrade made in SQL (only skills to regrade bring their content along), and one statement per
// batch for all its new grades and history rows.
import type pg from 'pg';
import type { GradeReason } from './grade-history.ts';

export interface RescanCandidate {
  id: number;
  contentHash: string;
  /** Null when the skill is skipped: its content was not read. */
  content: string | null;
  reason: Exclude<GradeReason, 'added'> | null;
}

export interface RegradeRow {
  id: number;
  /** The content_hash read with the batch: the write is dropped if an import changed the skill since. */
  readHash: string;
  contentHash: string;
  score: number;
  grade: string;
  findings: unknown[];
  analysis: Record<string, unknown>;
  counts: { critical: number; high: number; medium: number; low: number };
  reason: Exclude<GradeReason, 'added'>;
}

export async function countDirectorySkills(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM skills');
  return rows[0].n;
}

/**
 * The next `limit` skills after `afterId`. A skill is regraded when it was graded with another
 * rule set, or when the latest grading on record was of other content (or none is on record).
 */
export async function readRescanBatch(pool: pg.Pool, afterId: number, limit: number, rulesVersion: string): Promise<RescanCandidate[]> {
  const { rows } = await pool.query(
    `SELECT s.id, s.content_hash AS "contentHash",
            CASE WHEN s.rules_version <> $3 OR h.content_hash IS DISTINCT FROM s.content_hash THEN s.content END AS content,
            CASE WHEN h.content_hash IS NULL THEN 'unrecorded'
                 WHEN h.content_hash <> s.content_hash THEN 'content-changed'
                 WHEN s.rules_version <> $3 THEN 'rules-changed' END AS reason
       FROM skills s
       LEFT JOIN LATERAL (SELECT g.content_hash FROM grade_history g WHERE g.skill_id = s.id ORDER BY g.id DESC LIMIT 1) h ON true
      WHERE s.id > $1 ORDER BY s.id LIMIT $2`,
    [afterId, limit, rulesVersion],
  );
  return rows;
}

/** The files besides SKILL.md of these skills, by skill id. */
export async function readSkillFiles(pool: pg.Pool, ids: number[]): Promise<Map<number, { path: string; content: Buffer }[]>> {
  const files = new Map<number, { path: string; content: Buffer }[]>();
  if (ids.length === 0) return files;
  const { rows } = await pool.query<{ skill_id: number; path: string; content: Buffer }>(
    'SELECT skill_id, path, content FROM skill_files WHERE skill_id = ANY($1::bigint[]) ORDER BY skill_id, path',
    [ids],
  );
  for (const row of rows) {
    let list = files.get(row.skill_id);
    if (!list) files.set(row.skill_id, (list = []));
    list.push({ path: row.path, content: row.content });
  }
  return files;
}

/**
 * Stores new grades and their history rows in one statement; returns how many skills were
 * written. updated_at moves only for skills whose content hash changed.
 */
export async function writeRegrades(pool: pg.Pool, rulesVersion: string, rows: RegradeRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const data = rows.map((r) => ({
    id: r.id, read_hash: r.readHash, content_hash: r.contentHash, score: r.score, grade: r.grade,
    findings: r.findings, analysis: r.analysis, ...r.counts, reason: r.reason,
  }));
  const result = await pool.query(
    `WITH d AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS d(id bigint, read_hash text, content_hash text, score smallint, grade text,
                                                         findings jsonb, analysis jsonb, critical int, high int, medium int, low int, reason text)
     ), written AS (
       UPDATE skills s SET security_score = d.score, security_grade = d.grade, findings = d.findings, analysis = d.analysis,
              rules_version = $2, content_hash = d.content_hash, scanned_at = now(),
              updated_at = CASE WHEN s.content_hash <> d.content_hash THEN now() ELSE s.updated_at END
         FROM d
        WHERE s.id = d.id AND s.content_hash = d.read_hash
       RETURNING d.*
     )
     INSERT INTO grade_history (skill_id, security_score, security_grade, rules_version, content_hash, critical, high, medium, low, reason)
     SELECT id, score, grade, $2, content_hash, critical, high, medium, low, reason FROM written`,
    [JSON.stringify(data), rulesVersion],
  );
  return result.rowCount ?? 0;
}
