// Loads the demo directory (demo/: categories.json, catalog.json, skills/<slug>/) into the
// database, grading every skill with the scanner. Safe to run again: rows are upserted by slug.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type pg from 'pg';
import { upsertCategories } from '../db/categories.ts';
import { upsertSkill } from '../db/skills-write.ts';
import { gradeSkill } from './grade-skill.ts';
import { readSkillFolder } from './read-skill-folder.ts';
import { parseFrontmatter } from './scanner/frontmatter.ts';

export const DEMO_DIR = fileURLToPath(new URL('../demo/', import.meta.url));

interface CatalogEntry {
  slug: string;
  category: string;
  author: string;
  tags: string[];
  stars: number;
  forks: number;
  language: string | null;
  votes: number;
  verified: boolean;
  repo: string;
  createdAt: string;
}

function frontmatterOf(skillMd: string): Record<string, string> {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(skillMd);
  return m ? parseFrontmatter(m[1]) : {};
}

export async function seedDirectory(
  pool: pg.Pool,
  options: { demoDir?: string; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ categories: number; skills: number; grades: Record<string, number> }> {
  const dir = options.demoDir ?? DEMO_DIR;
  const categories = JSON.parse(await readFile(join(dir, 'categories.json'), 'utf8'));
  const catalog: CatalogEntry[] = JSON.parse(await readFile(join(dir, 'catalog.json'), 'utf8'));
  await upsertCategories(pool, categories);
  const grades: Record<string, number> = {};
  let done = 0;
  for (const entry of catalog) {
    const files = await readSkillFolder(join(dir, 'skills', entry.slug));
    const skillMd = files.find((f) => f.path === 'SKILL.md');
    if (!skillMd) throw new Error(`demo skill ${entry.slug} has no SKILL.md`);
    const content = skillMd.content.toString('utf8');
    const meta = frontmatterOf(content);
    const graded = gradeSkill(files);
    grades[graded.grade] = (grades[graded.grade] ?? 0) + 1;
    await upsertSkill(pool, {
      slug: entry.slug,
      name: meta.name || entry.slug,
      description: meta.description || '',
      tags: entry.tags,
      category: entry.category,
      author: entry.author,
      stars: entry.stars,
      forks: entry.forks ?? 0,
      language: entry.language ?? null,
      votes: entry.votes,
      verified: entry.verified,
      content,
      contentHash: graded.contentHash,
      securityScore: graded.score,
      securityGrade: graded.grade,
      findings: graded.findings,
      analysis: { ...graded.analysis },
      rulesVersion: graded.rulesVersion,
      sourceRepo: entry.repo ?? null,
      sourcePath: null,
      createdAt: new Date(entry.createdAt),
      files: files.filter((f) => f.path !== 'SKILL.md'),
    });
    options.onProgress?.(++done, catalog.length);
  }
  return { categories: categories.length, skills: catalog.length, grades };
}
