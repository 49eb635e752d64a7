// What a download of a directory skill needs: its SKILL.md text, its other files and its grade.
import type pg from 'pg';

export interface SkillDownload {
  slug: string;
  name: string;
  securityGrade: string;
  securityScore: number;
  updatedAt: Date;
  /** The SKILL.md text. */
  content: string;
  /** Files besides SKILL.md, paths relative to the skill folder, sorted by path. */
  files: { path: string; content: Buffer }[];
}

export async function getSkillDownload(pool: pg.Pool, slug: string): Promise<SkillDownload | null> {
  const { rows } = await pool.query(
    `SELECT s.id, s.slug, s.name, s.security_grade AS "securityGrade", s.security_score AS "securityScore",
            s.updated_at AS "updatedAt", s.content
       FROM skills s WHERE s.slug = $1`,
    [slug],
  );
  if (!rows[0]) return null;
  const { id, ...skill } = rows[0];
  const files = await pool.query<{ path: string; content: Buffer }>(
    'SELECT path, content FROM skill_files WHERE skill_id = $1 ORDER BY path',
    [id],
  );
  return { ...skill, files: files.rows };
}
