// Writes of directory skills: insert or update by slug, with their files, in one transaction.
import type pg from 'pg';
import { withTransaction } from './pool.ts';

export interface SkillRecord {
  slug: string;
  name: string;
  description: string;
  tags: string[];
  category: string;
  author: string;
  stars: number;
  forks: number;
  language: string | null;
  votes: number;
  verified: boolean;
  content: string;
  contentHash: string;
  securityScore: number;
  securityGrade: string;
  findings: unknown[];
  analysis: Record<string, unknown>;
  rulesVersion: string;
  sourceRepo: string | null;
  sourcePath: string | null;
  createdAt?: Date;
  /** Files besides SKILL.md, paths relative to the skill folder. */
  files: { path: string; content: Buffer }[];
}

export async function upsertSkill(pool: pg.Pool, skill: SkillRecord): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO skills (slug, name, description, tags, category, author, stars, forks, language, votes, verified,
                           content, content_hash, security_score, security_grade, findings, analysis, rules_version,
                           source_repo, source_path, scanned_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, now(),
               COALESCE($21, now()), COALESCE($21, now()))
       ON CONFLICT (slug) DO UPDATE SET
         name = EXCLUDED.name, description = EXCLUDED.description, tags = EXCLUDED.tags, category = EXCLUDED.category,
         author = EXCLUDED.author, stars = EXCLUDED.stars, forks = EXCLUDED.forks, language = EXCLUDED.language,
         votes = EXCLUDED.votes, verified = EXCLUDED.verified, content = EXCLUDED.content,
         content_hash = EXCLUDED.content_hash, security_score = EXCLUDED.security_score,
         security_grade = EXCLUDED.security_grade, findings = EXCLUDED.findings, analysis = EXCLUDED.analysis,
         rules_version = EXCLUDED.rules_version, source_repo = EXCLUDED.source_repo, source_path = EXCLUDED.source_path,
         scanned_at = now(),
         updated_at = CASE WHEN skills.content_hash IS DISTINCT FROM EXCLUDED.content_hash THEN now() ELSE skills.updated_at END
       RETURNING id`,
      [
        skill.slug, skill.name, skill.description, skill.tags, skill.category, skill.author, skill.stars, skill.forks,
        skill.language, skill.votes, skill.verified, skill.content, skill.contentHash, skill.securityScore,
        skill.securityGrade, JSON.stringify(skill.findings), JSON.stringify(skill.analysis), skill.rulesVersion,
        skill.sourceRepo, skill.sourcePath, skill.createdAt ?? null,
      ],
    );
    const id = rows[0].id;
    await client.query('DELETE FROM skill_files WHERE skill_id = $1', [id]);
    for (const file of skill.files) {
      await client.query('INSERT INTO skill_files (skill_id, path, content) VALUES ($1, $2, $3)', [id, file.path, file.content]);
    }
    return id;
  });
}
