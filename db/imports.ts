// Writes of imported skills, inside the import's transaction: the skills of one repository, new
// ones with their files, changed ones replaced, regrades, removals, and the categories and slugs
// they need.
import type pg from 'pg';
import type { Queryable } from './queryable.ts';

export interface ImportedSkillRow {
  id: number;
  slug: string;
  /** Folder of the skill in the repository, "" for the root. */
  sourcePath: string;
  contentHash: string;
  rulesVersion: string;
  securityScore: number;
  securityGrade: string;
}

export interface SkillGradeColumns {
  contentHash: string;
  securityScore: number;
  securityGrade: string;
  findings: unknown[];
  analysis: Record<string, unknown>;
  rulesVersion: string;
}

export interface ImportedSkillContent extends SkillGradeColumns {
  name: string;
  description: string;
  tags: string[];
  category: string;
  content: string;
  /** Files besides SKILL.md, paths relative to the skill folder. */
  files: { path: string; content: Buffer }[];
}

export interface NewImportedSkill extends ImportedSkillContent {
  slug: string;
  repositoryId: number;
  sourceRepo: string;
  sourcePath: string;
  author: string;
  stars: number;
  forks: number;
  language: string | null;
}

/** The skills already imported from a repository, found by its full name (any letter case). */
export async function listImportedSkills(db: Queryable, fullName: string): Promise<ImportedSkillRow[]> {
  const { rows } = await db.query(
    `SELECT s.id, s.slug, s.source_path AS "sourcePath", s.content_hash AS "contentHash", s.rules_version AS "rulesVersion",
            s.security_score AS "securityScore", s.security_grade AS "securityGrade"
       FROM skills s JOIN source_repositories r ON r.id = s.repository_id
      WHERE lower(r.full_name) = lower($1) ORDER BY s.source_path`,
    [fullName],
  );
  return rows;
}

export async function listCategorySlugs(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ slug: string }>('SELECT slug FROM categories ORDER BY slug');
  return rows.map((r) => r.slug);
}

export async function ensureCategory(db: Queryable, category: { slug: string; name: string; description: string }): Promise<void> {
  await db.query('INSERT INTO categories (slug, name, description) VALUES ($1, $2, $3) ON CONFLICT (slug) DO NOTHING', [
    category.slug, category.name, category.description,
  ]);
}

/** Which of these slugs some skill already has. */
export async function takenSlugs(db: Queryable, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const { rows } = await db.query<{ slug: string }>('SELECT slug FROM skills WHERE slug = ANY($1::text[])', [slugs]);
  return new Set(rows.map((r) => r.slug));
}

async function replaceFiles(client: pg.PoolClient, skillId: number, files: { path: string; content: Buffer }[]): Promise<void> {
  await client.query('DELETE FROM skill_files WHERE skill_id = $1', [skillId]);
  if (files.length === 0) return;
  await client.query(
    `INSERT INTO skill_files (skill_id, path, content) SELECT $1, f.path, f.content FROM unnest($2::text[], $3::bytea[]) AS f(path, content)`,
    [skillId, files.map((f) => f.path), files.map((f) => f.content)],
  );
}

export async function insertImportedSkill(client: pg.PoolClient, skill: NewImportedSkill): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO skills (slug, name, description, tags, category, author, stars, forks, language, content, content_hash,
                         security_score, security_grade, findings, analysis, rules_version, source_repo, source_path,
                         repository_id, scanned_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, now())
     RETURNING id`,
    [
      skill.slug, skill.name, skill.description, skill.tags, skill.category, skill.author, skill.stars, skill.forks,
      skill.language, skill.content, skill.contentHash, skill.securityScore, skill.securityGrade,
      JSON.stringify(skill.findings), JSON.stringify(skill.analysis), skill.rulesVersion, skill.sourceRepo,
      skill.sourcePath, skill.repositoryId,
    ],
  );
  await replaceFiles(client, rows[0].id, skill.files);
  return rows[0].id;
}

/** New content for a skill whose files changed: text, derived fields, grade and files. Votes and verification stay. */
export async function updateImportedSkillContent(client: pg.PoolClient, id: number, skill: ImportedSkillContent): Promise<void> {
  await client.query(
    `UPDATE skills SET name = $2, description = $3, tags = $4, category = $5, content = $6, content_hash = $7,
            security_score = $8, security_grade = $9, findings = $10, analysis = $11, rules_version = $12,
            scanned_at = now(), updated_at = now()
      WHERE id = $1`,
    [
      id, skill.name, skill.description, skill.tags, skill.category, skill.content, skill.contentHash,
      skill.securityScore, skill.securityGrade, JSON.stringify(skill.findings), JSON.stringify(skill.analysis), skill.rulesVersion,
    ],
  );
  await replaceFiles(client, id, skill.files);
}

/** A new grade for unchanged content (the rule set changed). */
export async function updateSkillGrade(db: Queryable, id: number, grade: SkillGradeColumns): Promise<void> {
  await db.query(
    `UPDATE skills SET security_score = $2, security_grade = $3, findings = $4, analysis = $5, rules_version = $6, scanned_at = now()
      WHERE id = $1 AND content_hash = $7`,
    [id, grade.securityScore, grade.securityGrade, JSON.stringify(grade.findings), JSON.stringify(grade.analysis), grade.rulesVersion, grade.contentHash],
  );
}

export async function deleteSkills(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('DELETE FROM skills WHERE id = ANY($1::bigint[])', [ids]);
}
