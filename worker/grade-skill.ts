// Grades one directory skill from its files: the scanner's result plus what the directory stores
// (content hash, analysis summary). Seeding, imports and rescans all go through here, so the
// directory grades a skill exactly as the scan endpoint and the CLI do.
import { createHash } from 'node:crypto';
import { scan } from './scanner/index.ts';
import type { Category, Finding, Grade, Severity } from './scanner/types.ts';

export interface SkillFile {
  /** Path relative to the skill folder; "SKILL.md" is the skill's own text. */
  path: string;
  content: Buffer;
}

export interface SkillGrade {
  score: number;
  grade: Grade;
  findings: Finding[];
  analysis: SkillAnalysis;
  rulesVersion: string;
  contentHash: string;
}

export interface SkillAnalysis {
  summary: string;
  riskLevel: 'none' | 'low' | 'medium' | 'high' | 'critical';
  findingCounts: Record<Severity, number>;
  categories: Partial<Record<Category, number>>;
  files: number;
}

/** SHA-256 over every file, sorted by path: equal hashes mean byte-identical skills. */
export function contentHashOf(files: SkillFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(file.path).update('\0').update(file.content).update('\0');
  }
  return 'sha256:' + hash.digest('hex');
}

function analyse(findings: Finding[], files: number): SkillAnalysis {
  const findingCounts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  const categories: Partial<Record<Category, number>> = {};
  for (const f of findings) {
    findingCounts[f.severity]++;
    categories[f.category] = (categories[f.category] ?? 0) + 1;
  }
  const riskLevel = findingCounts.critical ? 'critical' : findingCounts.high ? 'high' : findingCounts.medium ? 'medium' : findingCounts.low ? 'low' : 'none';
  const top = Object.entries(categories).sort((a, b) => b[1] - a[1]).map(([c]) => c);
  const summary =
    findings.length === 0
      ? 'No issues found.'
      : `${findings.length} finding${findings.length === 1 ? '' : 's'} (${(Object.keys(findingCounts) as Severity[])
          .filter((s) => findingCounts[s])
          .map((s) => `${findingCounts[s]} ${s}`)
          .join(', ')}), mostly ${top.slice(0, 2).join(' and ')}.`;
  return { summary, riskLevel, findingCounts, categories, files };
}

export function gradeSkill(files: SkillFile[]): SkillGrade {
  const report = scan(files.map((f) => ({ path: f.path, content: new Uint8Array(f.content) })), { folder: '' });
  return {
    score: report.score,
    grade: report.grade,
    findings: report.findings,
    analysis: analyse(report.findings, files.length),
    rulesVersion: report.rulesVersion,
    contentHash: contentHashOf(files),
  };
}
