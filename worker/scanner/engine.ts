// The scanner with the real rule set: what the API workers, the CLI, the directory seed and the
// benchmarks call. Pure: files in, findings, score and grade out.
import type { InputFile } from './types.ts';
import { RULES } from './rules/index.ts';
import { RULES_VERSION } from './version.ts';
import { createScanner, type ScanOptions, type ScanReport } from './scanner.ts';

const scanner = createScanner(RULES, { rulesVersion: RULES_VERSION });

/** Grades the skills among `files` (paths relative to the input root); see ScanOptions for `folder`. */
export function scan(files: readonly InputFile[], options: ScanOptions = {}): ScanReport {
  return scanner.scan(files, options);
}

/** Grades a bare SKILL.md text: one skill, file "SKILL.md", folder "". */
export function scanSkillMd(text: string): ScanReport {
  return scanner.scanSkillMd(text);
}
