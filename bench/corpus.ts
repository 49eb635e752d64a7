// Loads the shared skill corpus (../shared/corpus from the project root) as scanner input: each
// entry of index.json is one skill, its files read as bytes with paths relative to the skill
// folder. The corpus holds real malware: it is only ever read as data here.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { InputFile } from '../worker/scanner/types.ts';
import { readSkillFiles } from '../cli/read-skill-files.ts';

export interface CorpusEntry {
  path: string;
  skill_dir: string;
  label: 'benign' | 'malicious' | 'risky-quality';
  source: string;
  attack_type?: string;
  note?: string;
}

export interface CorpusSkill {
  entry: CorpusEntry;
  files: InputFile[];
  bytes: number;
}

export const PROJECT_ROOT = resolve(dirname(import.meta.filename), '..');
export const DEFAULT_CORPUS = resolve(PROJECT_ROOT, '../shared/corpus');

/** The value of `--corpus PATH` (or `--corpus=PATH`), else the default location. */
export function corpusDirFromArgs(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--corpus' && args[i + 1]) return resolve(args[i + 1]);
    if (args[i].startsWith('--corpus=')) return resolve(args[i].slice('--corpus='.length));
  }
  return DEFAULT_CORPUS;
}

export async function loadCorpus(dir = DEFAULT_CORPUS): Promise<CorpusSkill[]> {
  const entries = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as CorpusEntry[];
  const skills: CorpusSkill[] = [];
  for (const entry of entries) {
    const { files } = await readSkillFiles(join(dir, entry.skill_dir));
    let bytes = 0;
    for (const f of files) bytes += typeof f.content === 'string' ? Buffer.byteLength(f.content) : f.content.byteLength;
    skills.push({ entry, files, bytes });
  }
  return skills;
}
