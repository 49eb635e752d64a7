// The scan itself, for any rule set: discover the skills, select the folders asked for, prepare
// each file once, decode hidden payloads, run every rule, turn hits into findings, score. engine.ts
// binds it to the real rules; tests and benchmarks can bind it to rules of their own.
import type { FileView, Finding, InputFile, Rule, ScanResult, SkillResult, SkillView } from './types.ts';
import { applyRule } from './apply-rule.ts';
import { makeFileView } from './file-view.ts';
import { DEFAULT_MAX_FILE_BYTES, discoverSkills, type DiscoveredSkill, type SkippedPath } from './discover.ts';
import { selectFolders } from './select.ts';
import { decodeHiddenPayloads, DEFAULT_DECODE_LIMITS, type DecodeLimits } from './decode.ts';
import { compareFindings, countBySeverity, dedupeFindings, locateHit, type LocatedFinding } from './findings.ts';
import { documentsGivingOrders, orderRulesOf, withOrdersCountedInFull } from './documentation-context.ts';
import { scoreFindings } from './score.ts';
import { rulesVersionOf } from './rules-version.ts';
import { literalIdsOf, releaseTexts } from './literal-index.ts';

export interface ScanOptions {
  /** Skill folder to grade, "*" for all; required when the input holds several skills. */
  folder?: string;
  /** Per-file scan cap in bytes (default 5 MB); a larger file is scanned up to it and reported. */
  maxFileBytes?: number;
}

/** The scan result of design.md plus what was left out on purpose (vendored folders, lockfiles). */
export interface ScanReport extends ScanResult {
  skipped: SkippedPath[];
}

/** One skill's grade with its own findings, as the directory stores it. */
export interface SkillReport extends SkillResult {
  findings: Finding[];
}

export interface Scanner {
  readonly rules: readonly Rule[];
  readonly rulesVersion: string;
  scan(files: readonly InputFile[], options?: ScanOptions): ScanReport;
  /** Grades a bare SKILL.md text (the `content` input of the scan endpoint): file "SKILL.md", folder "". */
  scanSkillMd(text: string): ScanReport;
}

const SIZE_RULE_ID = 'OBF-07';

function skillName(folder: string, skillMd: FileView): string {
  return skillMd.meta.name || folder.slice(folder.lastIndexOf('/') + 1);
}

export function createScanner(
  rules: readonly Rule[],
  options: { rulesVersion?: string; decodeLimits?: DecodeLimits } = {},
): Scanner {
  const rulesVersion = options.rulesVersion ?? rulesVersionOf(rules);
  const decodeLimits = options.decodeLimits ?? DEFAULT_DECODE_LIMITS;
  const sizeRule = rules.find((r) => r.id === SIZE_RULE_ID);
  const orderRules = orderRulesOf(rules);
  // The rules' anchors go into the literal index from the first file on.
  for (const rule of rules) if (rule.anchors) literalIdsOf(rule.anchors);

  // A file cut at the cap is a finding of its own: the rest of it was not read.
  function truncationFinding(folder: string, path: string, maxFileBytes: number): LocatedFinding {
    const mb = (maxFileBytes / (1024 * 1024)).toFixed(maxFileBytes % (1024 * 1024) === 0 ? 0 : 1);
    return {
      finding: {
        folder,
        ruleId: sizeRule?.id ?? SIZE_RULE_ID,
        category: sizeRule?.category ?? 'obfuscation',
        severity: sizeRule?.severity ?? 'medium',
        title: sizeRule?.title ?? 'File too large to scan fully',
        message: `File is larger than the ${mb} MB scan limit; only its first ${mb} MB were scanned`,
        file: path,
        line: 1,
        column: 1,
        evidence: '',
        fix: sizeRule?.fix ?? 'Keep skill files small; split or remove large generated or padded files.',
      },
      documentation: false,
    };
  }

  function scanSkill(skill: DiscoveredSkill, maxFileBytes: number): SkillReport {
    const { folder } = skill;
    const prepared = skill.files.map((f) => makeFileView(f.path, f.content, folder));
    // Reference files that give the agent orders are read as instructions, not documentation.
    const ordering = documentsGivingOrders(orderRules, { folder, skillMd: prepared[0], files: prepared });
    const views = ordering.size ? prepared.map((v) => (ordering.has(v) ? { ...v, isDocumentation: false } : v)) : prepared;
    const skillMd = views[0]; // discovery puts SKILL.md first
    const decoded = decodeHiddenPayloads(views, folder, decodeLimits);
    const view: SkillView = { folder, skillMd, files: decoded.views.length ? [...views, ...decoded.views] : views };

    const located: LocatedFinding[] = [];
    try {
      for (const rule of rules) {
        let hits;
        try {
          hits = applyRule(rule, view);
        } catch (error) {
          throw new Error(`rule ${rule.id} failed on skill "${folder || '.'}": ${(error as Error).message}`, { cause: error });
        }
        for (const hit of hits) located.push(locateHit(hit, folder, decoded.origins));
      }
    } finally {
      // The literal index of each text is only needed while this skill's rules run.
      releaseTexts(view.files.flatMap((f) => [f.text, f.body]));
    }
    for (const file of skill.files) if (file.truncated) located.push(truncationFinding(folder, file.path, maxFileBytes));

    const kept = withOrdersCountedInFull(dedupeFindings(located));
    const { score, grade } = scoreFindings(
      kept.map((l) => ({ ruleId: l.finding.ruleId, category: l.finding.category, severity: l.finding.severity, documentation: l.documentation })),
    );
    const findings = kept.map((l) => l.finding);
    return { folder, name: skillName(folder, skillMd), grade, score, findingCounts: countBySeverity(findings), findings };
  }

  function scan(files: readonly InputFile[], scanOptions: ScanOptions = {}): ScanReport {
    const maxFileBytes = scanOptions.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    const discovery = discoverSkills(files, { maxFileBytes });
    const chosen = new Set(selectFolders(discovery.skills.map((s) => s.folder), scanOptions.folder));
    const reports = discovery.skills.filter((s) => chosen.has(s.folder)).map((s) => scanSkill(s, maxFileBytes));
    return assembleReport(reports, rulesVersion, discovery.skipped);
  }

  return {
    rules,
    rulesVersion,
    scan,
    scanSkillMd: (text) => scan([{ path: 'SKILL.md', content: text }], { folder: '.' }),
  };
}

/** The result of several graded skills: the worst skill's grade and score, all findings sorted. */
export function assembleReport(reports: readonly SkillReport[], rulesVersion: string, skipped: SkippedPath[]): ScanReport {
  let worst = reports[0];
  for (const r of reports) if (r.score < worst.score) worst = r;
  const findings = reports.flatMap((r) => r.findings);
  // Each skill's list is sorted; the merged list is sorted again across skills.
  if (reports.length > 1) findings.sort(compareFindings);
  return {
    grade: worst.grade,
    score: worst.score,
    rulesVersion,
    skills: reports.map((r) => ({ folder: r.folder, name: r.name, grade: r.grade, score: r.score, findingCounts: r.findingCounts })),
    findings,
    skipped,
  };
}

/** Each selected skill with its own findings (the directory stores grades per skill). */
export function reportsBySkill(report: ScanResult): SkillReport[] {
  const byFolder = new Map<string, Finding[]>();
  for (const s of report.skills) byFolder.set(s.folder, []);
  for (const f of report.findings) byFolder.get(f.folder)?.push(f);
  return report.skills.map((s) => ({ ...s, findings: byFolder.get(s.folder) ?? [] }));
}

/** The API shape of design.md, without the extras of ScanReport. */
export function toScanResult(report: ScanReport): ScanResult {
  return {
    grade: report.grade,
    score: report.score,
    rulesVersion: report.rulesVersion,
    skills: report.skills,
    findings: report.findings,
  };
}
