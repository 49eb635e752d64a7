// Directory records (db/skills.ts, API field names) and scanner findings turned into the closed
// output shapes of the tools, plus the one-line texts the readable answers are made of.
import type { Tier } from '../../lib/tiers.ts';
import { tierAtLeast } from '../../lib/tiers.ts';
import { CATEGORIES, SEVERITIES, type Category, type Grade, type Severity } from '../../worker/scanner/types.ts';
import type { AnalysisOutput, Counts, FindingOutput, SkillOutput, SkillSummary } from './schemas.ts';

type Row = Record<string, unknown>;

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const int = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback);

export function toSummary(r: Row): SkillSummary {
  return {
    slug: str(r.slug),
    name: str(r.name),
    description: str(r.description),
    category: str(r.category),
    tags: Array.isArray(r.tags) ? r.tags.map((t) => String(t)) : [],
    author: str(r.author),
    stars: int(r.stars),
    verified: r.verified === true,
    votes: int(r.votes),
    updatedAt: str(r.updatedAt),
    securityGrade: str(r.securityGrade, 'F') as Grade,
    securityScore: int(r.securityScore),
  };
}

export function toFinding(raw: unknown): FindingOutput {
  const f = (raw ?? {}) as Row;
  return {
    ruleId: str(f.ruleId),
    category: (CATEGORIES as readonly string[]).includes(str(f.category)) ? (f.category as Category) : 'tool-abuse',
    severity: (SEVERITIES as readonly string[]).includes(str(f.severity)) ? (f.severity as Severity) : 'low',
    title: str(f.title),
    message: str(f.message),
    file: str(f.file, 'SKILL.md'),
    line: int(f.line, 1),
    column: int(f.column, 1),
    evidence: str(f.evidence),
    fix: str(f.fix),
  };
}

export function countFindings(findings: readonly { severity: Severity }[]): Counts {
  const counts: Counts = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

function toAnalysis(raw: unknown): AnalysisOutput {
  const a = (raw ?? {}) as Row;
  const out: AnalysisOutput = {};
  if (typeof a.summary === 'string') out.summary = a.summary;
  if (typeof a.riskLevel === 'string' && ['none', 'low', 'medium', 'high', 'critical'].includes(a.riskLevel)) {
    out.riskLevel = a.riskLevel as AnalysisOutput['riskLevel'];
  }
  if (a.findingCounts && typeof a.findingCounts === 'object') {
    const c = a.findingCounts as Row;
    out.findingCounts = { critical: int(c.critical), high: int(c.high), medium: int(c.medium), low: int(c.low) };
  }
  if (a.categories && typeof a.categories === 'object') {
    out.categories = Object.fromEntries(Object.entries(a.categories as Row).map(([k, v]) => [k, int(v)]));
  }
  if (typeof a.files === 'number') out.files = int(a.files);
  return out;
}

/** A whole skill with the fields of the tier (Pro: grade and content; Enterprise adds findings). */
export function toSkill(r: Row, tier: Tier): SkillOutput {
  const skill: SkillOutput = {
    ...toSummary(r),
    createdAt: str(r.createdAt),
    forks: int(r.forks),
    language: typeof r.language === 'string' ? r.language : null,
    content: str(r.content),
  };
  if (tierAtLeast(tier, 'enterprise')) {
    skill.findings = Array.isArray(r.findings) ? r.findings.map(toFinding) : [];
    skill.analysis = toAnalysis(r.analysis);
    skill.contentHash = str(r.contentHash);
  }
  return skill;
}

export function gradeText(grade: string, score: number): string {
  return `${grade} (${score}/100)`;
}

export function summaryLine(s: SkillSummary, index?: number): string {
  const head = `${index === undefined ? '-' : `${index}.`} ${s.slug}: ${s.name}, grade ${gradeText(s.securityGrade, s.securityScore)}, ${s.stars} stars, ${s.category}${s.verified ? ', verified' : ''}`;
  return s.description ? `${head}\n   ${s.description}` : head;
}

export function findingLines(findings: readonly (FindingOutput & { folder?: string })[], max = 50): string[] {
  const lines = findings.slice(0, max).map((f) => {
    const where = `${f.folder ? `${f.folder}/` : ''}${f.file}:${f.line}:${f.column}`;
    return `- [${f.severity}] ${where} ${f.ruleId} ${f.title}: ${f.message}\n  Fix: ${f.fix}`;
  });
  if (findings.length > max) lines.push(`- ... and ${findings.length - max} more (see the structured result)`);
  return lines;
}
