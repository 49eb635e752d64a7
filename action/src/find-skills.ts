// Finds the skills under the scanned folder the way the scanner does: every folder holding a
// SKILL.md (any letter case, hidden folders included) is a skill, and a file belongs to the nearest
// skill folder above it. Only those files are zipped, so a repository's other content is never
// uploaded. .git and node_modules are not entered, and symbolic links are not followed (a link
// could point anywhere on the runner).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

export interface SkillFile {
  /** Path relative to the scanned folder, forward slashes. */
  path: string;
  /** The skill the file belongs to ("" for a skill at the scanned folder itself). */
  skill: string;
}

export interface SkillTree {
  /** Skill folders relative to the scanned folder, sorted. */
  skills: string[];
  /** Files of those skills, sorted by path. */
  files: SkillFile[];
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

/** The nearest skill folder holding `path` (a file path relative to the scanned folder), or null. */
export function owningSkill(path: string, skills: ReadonlySet<string>): string | null {
  let folder = parentOf(path);
  for (;;) {
    if (skills.has(folder)) return folder;
    if (folder === '') return null;
    folder = parentOf(folder);
  }
}

async function listFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string, rel: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) await walk(join(dir, entry.name), path);
      else if (entry.isFile()) files.push(path);
    }
  };
  await walk(root, '');
  return files.sort(byCodePoint);
}

export async function findSkills(root: string): Promise<SkillTree> {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`Input "path" must be a folder of the workspace; ${root} is not one`);
  const all = await listFiles(root);
  const skills = new Set(all.filter((p) => /^skill\.md$/i.test(p.slice(p.lastIndexOf('/') + 1))).map(parentOf));
  const files: SkillFile[] = [];
  for (const path of all) {
    const skill = owningSkill(path, skills);
    if (skill !== null) files.push({ path, skill });
  }
  return { skills: [...skills].sort(byCodePoint), files };
}
