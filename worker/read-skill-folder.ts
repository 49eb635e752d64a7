// Reads a skill folder from disk into SkillFiles (paths relative to the folder, forward slashes),
// skipping .git and node_modules and never following symbolic links.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SkillFile } from './grade-skill.ts';

const SKIPPED = new Set(['.git', 'node_modules']);

export async function readSkillFolder(dir: string, prefix = ''): Promise<SkillFile[]> {
  const files: SkillFile[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED.has(entry.name)) continue;
    const full = join(dir, entry.name);
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    const info = await lstat(full);
    if (info.isSymbolicLink()) continue;
    if (info.isDirectory()) files.push(...(await readSkillFolder(full, rel)));
    else if (info.isFile()) files.push({ path: rel, content: await readFile(full) });
  }
  return files;
}
