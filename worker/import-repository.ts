// Directory ingestion: finds the skills of a GitHub repository (every folder with a SKILL.md, at
// any depth, below an optional path), records the repository's owner, stars, forks and language,
// grades the skills and stores them. Importing again compares content hashes: changed skills are
// regraded and replaced, unchanged ones only get fresh metadata (and a regrade when the rule set
// changed), and skills that left the repository are removed from the directory. Skills from other
// sources are never touched. All writes of one import are one transaction.
import type pg from 'pg';
import { AppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { withTransaction } from '../db/pool.ts';
import { insertGradeHistory, type GradeHistoryInput } from '../db/grade-history.ts';
import { refreshSourceRepository, upsertSourceRepository, type RepositoryMetadata } from '../db/source-repositories.ts';
import {
  deleteSkills, ensureCategory, insertImportedSkill, listCategorySlugs, listImportedSkills, takenSlugs,
  updateImportedSkillContent, updateSkillGrade, type ImportedSkillRow,
} from '../db/imports.ts';
import type { ArchiveLimits } from './archive/limits.ts';
import { unpackZip } from './archive/unzip.ts';
import { stripSingleRootFolder, type GitHubClient } from './github/client.ts';
import { contentHashOf, gradeSkill, type SkillFile, type SkillGrade } from './grade-skill.ts';
import { discoverSkills, type DiscoveredSkill } from './scanner/discover.ts';
import { parseFrontmatter } from './scanner/frontmatter.ts';
import { RULES_VERSION } from './scanner/index.ts';
import type { InputFile } from './scanner/types.ts';
import { parseImportTarget } from './import-target.ts';
import { slugCandidates } from './skill-slug.ts';
import { FALLBACK_CATEGORY, inferCategory } from './infer-category.ts';

export interface ImportDependencies {
  pool: pg.Pool;
  github: GitHubClient;
  limits: ArchiveLimits;
  logger?: Logger;
}

export interface ImportOptions {
  /** Branch, tag or commit; default: the one in a /tree/ link, else the default branch. */
  ref?: string;
}

export type ImportStatus = 'added' | 'updated' | 'regraded' | 'unchanged' | 'removed';

export interface ImportedSkillResult {
  slug: string;
  /** Folder in the repository, "" for the root. */
  folder: string;
  status: ImportStatus;
  /** The grade after the import (the last one, for removed skills). */
  grade: string;
  score: number;
}

export interface ImportResult {
  repository: string;
  ref: string;
  path: string | null;
  author: string;
  stars: number;
  forks: number;
  language: string | null;
  skills: ImportedSkillResult[];
  counts: Record<ImportStatus, number>;
}

/** A skill found in the archive, in the form it is stored: SKILL.md text plus its other files. */
interface FoundSkill {
  folder: string;
  name: string;
  description: string;
  tags: string[];
  text: string;
  /** SKILL.md (as stored) first, then the other files; paths relative to the skill folder. */
  files: SkillFile[];
  contentHash: string;
}

const MAX_NAME = 200;
const MAX_DESCRIPTION = 1000;
const MAX_TAGS = 10;

export async function importRepository(deps: ImportDependencies, target: string, options: ImportOptions = {}): Promise<ImportResult> {
  const location = parseImportTarget(target);
  const ref = options.ref ?? location.ref;
  const repository = await deps.github.getRepository(location.owner, location.repo);
  const archive = await deps.github.downloadArchive(repository.owner, repository.repo, ref, deps.limits.maxArchiveBytes);
  const where = location.path ? `${repository.fullName}/${location.path}` : repository.fullName;
  const files = underPath(stripSingleRootFolder(unpackZip(archive.bytes, deps.limits).files), location.path, where);
  const found = discoverSkills(files, { maxFileBytes: deps.limits.maxFileBytes }).skills.map((skill) => prepare(skill, repository.repo));
  // An empty result leaves the directory as it is: a broken branch should not wipe a repository.
  if (found.length === 0) throw new AppError('NOT_FOUND', `no skills (folders with a SKILL.md) in ${where}`);

  // Grading is the slow part, so it happens before the transaction, for every skill whose content
  // or rule set differs from what is stored; the transaction grades any skill a concurrent import
  // changed in between.
  const grades = new Map<string, SkillGrade>();
  const gradeOf = (skill: FoundSkill): SkillGrade => {
    let grade = grades.get(skill.folder);
    if (!grade) grades.set(skill.folder, (grade = gradeSkill(skill.files)));
    return grade;
  };
  const stored = byFolder(await listImportedSkills(deps.pool, repository.fullName));
  for (const skill of found) {
    const old = stored.get(skill.folder);
    if (!old || old.contentHash !== skill.contentHash || old.rulesVersion !== RULES_VERSION) gradeOf(skill);
  }

  const meta: RepositoryMetadata = {
    owner: repository.owner,
    name: repository.repo,
    fullName: repository.fullName,
    description: repository.description,
    stars: repository.stars,
    forks: repository.forks,
    language: repository.language,
    defaultBranch: repository.defaultBranch,
  };
  const results = await withTransaction(deps.pool, async (client) => {
    const repositoryId = await upsertSourceRepository(client, meta);
    const existing = byFolder(await listImportedSkills(client, repository.fullName));
    const categories = await listCategorySlugs(client);
    const categoryOf = async (skill: FoundSkill): Promise<string> => {
      const slug = inferCategory({ name: skill.name, description: skill.description, body: skill.text }, categories);
      if (slug === FALLBACK_CATEGORY.slug && !categories.includes(slug)) {
        await ensureCategory(client, FALLBACK_CATEGORY);
        categories.push(slug);
      }
      return slug;
    };
    const slugs = await assignSlugs(client, repository.owner, repository.repo, found.filter((s) => !existing.has(s.folder)));
    const results: ImportedSkillResult[] = [];
    const history: GradeHistoryInput[] = [];

    for (const skill of found) {
      const old = existing.get(skill.folder);
      if (old && old.contentHash === skill.contentHash && old.rulesVersion === RULES_VERSION) {
        results.push({ slug: old.slug, folder: skill.folder, status: 'unchanged', grade: old.securityGrade, score: old.securityScore });
        continue;
      }
      const grade = gradeOf(skill);
      const columns = {
        contentHash: grade.contentHash,
        securityScore: grade.score,
        securityGrade: grade.grade,
        findings: grade.findings,
        analysis: { ...grade.analysis },
        rulesVersion: grade.rulesVersion,
      };
      let id: number;
      let status: ImportStatus;
      if (!old) {
        status = 'added';
        id = await insertImportedSkill(client, {
          ...columns, ...contentOf(skill), category: await categoryOf(skill), slug: slugs.get(skill.folder)!, repositoryId,
          sourceRepo: repository.fullName, sourcePath: skill.folder, author: repository.owner,
          stars: repository.stars, forks: repository.forks, language: repository.language,
        });
        results.push({ slug: slugs.get(skill.folder)!, folder: skill.folder, status, grade: grade.grade, score: grade.score });
      } else {
        id = old.id;
        if (old.contentHash !== skill.contentHash) {
          status = 'updated';
          await updateImportedSkillContent(client, id, { ...columns, ...contentOf(skill), category: await categoryOf(skill) });
        } else {
          status = 'regraded';
          await updateSkillGrade(client, id, columns);
        }
        results.push({ slug: old.slug, folder: skill.folder, status, grade: grade.grade, score: grade.score });
      }
      history.push({
        skillId: id, score: grade.score, grade: grade.grade, rulesVersion: grade.rulesVersion, contentHash: grade.contentHash,
        counts: grade.analysis.findingCounts, reason: status === 'added' ? 'added' : status === 'updated' ? 'content-changed' : 'rules-changed',
      });
    }

    const present = new Set(found.map((s) => s.folder));
    const gone = [...existing.values()].filter((s) => isUnder(s.sourcePath, location.path) && !present.has(s.sourcePath));
    await deleteSkills(client, gone.map((s) => s.id));
    for (const s of gone) results.push({ slug: s.slug, folder: s.sourcePath, status: 'removed', grade: s.securityGrade, score: s.securityScore });

    await insertGradeHistory(client, history);
    await refreshSourceRepository(client, repositoryId, meta);
    return results;
  });

  results.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  const counts: Record<ImportStatus, number> = { added: 0, updated: 0, regraded: 0, unchanged: 0, removed: 0 };
  for (const r of results) counts[r.status]++;
  deps.logger?.info('repository imported', { repository: repository.fullName, ref: archive.ref, path: location.path ?? null, ...counts });
  return {
    repository: repository.fullName,
    ref: archive.ref,
    path: location.path ?? null,
    author: repository.owner,
    stars: repository.stars,
    forks: repository.forks,
    language: repository.language,
    skills: results,
    counts,
  };
}

function byFolder(rows: ImportedSkillRow[]): Map<string, ImportedSkillRow> {
  return new Map(rows.map((r) => [r.sourcePath, r]));
}

function isUnder(folder: string, path: string | undefined): boolean {
  return !path || folder === path || folder.startsWith(path + '/');
}

/** The files of the archive below `path`, paths still relative to the repository root. */
function underPath(files: InputFile[], path: string | undefined, where: string): InputFile[] {
  if (!path) return files;
  const selected = files.filter((f) => f.path === path || f.path.startsWith(path + '/'));
  if (selected.length === 0) throw new AppError('NOT_FOUND', `no path ${where} in the repository`);
  return selected;
}

function prepare(discovered: DiscoveredSkill, repo: string): FoundSkill {
  const folder = discovered.folder;
  const relative = (path: string) => (folder ? path.slice(folder.length + 1) : path);
  const skillMd = discovered.files.find((f) => f.path === discovered.skillMdPath)!;
  // Stored as text (PostgreSQL text holds no NUL), and graded and hashed exactly as stored, so a
  // rescan that reads it back computes the same hash.
  const text = Buffer.from(skillMd.content).toString('utf8').replaceAll('\0', '');
  const files: SkillFile[] = [
    { path: 'SKILL.md', content: Buffer.from(text, 'utf8') },
    ...discovered.files.filter((f) => f !== skillMd).map((f) => ({ path: relative(f.path), content: Buffer.from(f.content) })),
  ];
  const meta = frontmatterOf(text);
  const lastSegment = folder.slice(folder.lastIndexOf('/') + 1);
  return {
    folder,
    name: (meta.name || lastSegment || repo).slice(0, MAX_NAME),
    description: (meta.description || '').slice(0, MAX_DESCRIPTION),
    tags: tagsOf(meta.tags),
    text,
    files,
    contentHash: contentHashOf(files),
  };
}

function contentOf(skill: FoundSkill) {
  return { name: skill.name, description: skill.description, tags: skill.tags, content: skill.text, files: skill.files.slice(1) };
}

function frontmatterOf(text: string): Record<string, string> {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  return m ? parseFrontmatter(m[1]) : {};
}

function tagsOf(raw: string | undefined): string[] {
  if (!raw) return [];
  const tags = raw.split(',').map((t) => t.trim().toLowerCase().slice(0, 40)).filter(Boolean);
  return [...new Set(tags)].slice(0, MAX_TAGS);
}

/** Slugs for new skills: the first candidate no skill has, and that this import has not given out. */
async function assignSlugs(client: pg.PoolClient, owner: string, repo: string, skills: FoundSkill[]): Promise<Map<string, string>> {
  const candidates = new Map(skills.map((s) => [s.folder, slugCandidates(owner, repo, s.folder)]));
  const taken = await takenSlugs(client, [...candidates.values()].flat());
  const slugs = new Map<string, string>();
  for (const [folder, list] of candidates) {
    const slug = list.find((c) => !taken.has(c));
    if (!slug) throw new AppError('INTERNAL_ERROR', `no free slug for ${owner}/${repo}/${folder}`);
    taken.add(slug);
    slugs.set(folder, slug);
  }
  return slugs;
}
