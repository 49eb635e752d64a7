// The parts of a scan report that the job summary and the pull-request comment share: the headline,
// the grade of each skill and the findings table, with locations as workspace paths linked to the
// lines on GitHub when the run knows the repository and commit.
import type { Finding, ScanResult } from '../../worker/scanner/types.ts';
import { sortBySeverity } from './annotations.ts';
import { cell, code, table } from './markdown.ts';

export interface ReportContext {
  result: ScanResult;
  failBelow: string;
  belowThreshold: boolean;
  /** Maps a ZIP-relative file to its workspace path. */
  toWorkspacePath: (zipPath: string) => string;
  /** `https://github.com/OWNER/REPO/blob/SHA`, or null when unknown. */
  blobUrl: string | null;
}

const SEVERITY_LABEL = { critical: 'critical', high: 'high', medium: 'medium', low: 'low' } as const;

export function displayFolder(folder: string): string {
  return folder === '' ? '.' : folder;
}

export function headline(ctx: ReportContext): string {
  const { result, failBelow, belowThreshold } = ctx;
  const verdict = belowThreshold ? `fails \`fail-below: ${failBelow}\`` : `passes \`fail-below: ${failBelow}\``;
  const icon = belowThreshold ? '❌' : '✅';
  const skills = result.skills.length === 1 ? '1 skill' : `${result.skills.length} skills`;
  const findings = result.findings.length === 1 ? '1 finding' : `${result.findings.length} findings`;
  return `${icon} skillgate: grade **${cell(result.grade)}** (score ${cell(result.score)}), ${verdict}; ${skills}, ${findings}`;
}

export function skillsTable(ctx: ReportContext): string {
  const rows = ctx.result.skills.map((s) => [
    code(displayFolder(ctx.toWorkspacePath(s.folder))),
    cell(s.name),
    `**${cell(s.grade)}**`,
    cell(s.score),
    cell(s.findingCounts.critical),
    cell(s.findingCounts.high),
    cell(s.findingCounts.medium),
    cell(s.findingCounts.low),
  ]);
  return table(['Skill', 'Name', 'Grade', 'Score', 'Critical', 'High', 'Medium', 'Low'], rows);
}

function location(ctx: ReportContext, finding: Finding): string {
  const path = ctx.toWorkspacePath(finding.file);
  const label = cell(`${path}:${finding.line}`);
  if (!ctx.blobUrl) return label;
  const href = `${ctx.blobUrl}/${path.split('/').map(encodeURIComponent).join('/')}#L${finding.line}`;
  return `[${label}](${href})`;
}

/** The most severe `limit` findings as a table, and a line counting the rest and saying where they are. */
export function findingsTable(ctx: ReportContext, limit: number, whereTheRestAre: string): string {
  const sorted = sortBySeverity(ctx.result.findings);
  if (sorted.length === 0) return 'No findings.';
  const rows = sorted.slice(0, limit).map((f) => [
    SEVERITY_LABEL[f.severity],
    code(f.ruleId),
    location(ctx, f),
    `${cell(f.title, 120)}: ${cell(f.message)}`,
    cell(f.fix),
  ]);
  const rest = sorted.length - rows.length;
  const more = rest > 0 ? `\n\n…and ${rest} more finding${rest === 1 ? '' : 's'} (${whereTheRestAre}).` : '';
  return table(['Severity', 'Rule', 'Location', 'Finding', 'Fix'], rows) + more;
}
