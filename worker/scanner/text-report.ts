// The report a person reads at a glance: the grade of every skill first, then the findings grouped
// by file with line and column, severity, rule, what was found and how to fix it, then the counts.
import type { Finding, ScanResult, Severity } from './types.ts';
import type { SkippedPath } from './discover.ts';
import { displayFolder } from './select.ts';
import { SEVERITIES } from './types.ts';

function countsText(counts: Record<Severity, number>): string {
  const parts = SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  return parts.length ? parts.join(', ') : 'no findings';
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function findingLines(f: Finding): string[] {
  const where = pad(`${f.line}:${f.column}`, 8);
  const head = `  ${where} ${pad(f.severity.toUpperCase(), 8)} ${pad(f.ruleId, 7)} ${f.title}`;
  const lines = [head];
  const indent = ' '.repeat(11);
  if (f.message && f.message !== f.title) lines.push(`${indent}${f.message}`);
  if (f.evidence) lines.push(`${indent}> ${f.evidence}`);
  if (f.fix) lines.push(`${indent}fix: ${f.fix}`);
  return lines;
}

export function formatTextReport(report: ScanResult & { skipped?: readonly SkippedPath[] }): string {
  const out: string[] = [];
  const n = report.skills.length;
  out.push(`skillgate scan: ${n} skill${n === 1 ? '' : 's'} graded (rules ${report.rulesVersion})`);
  out.push('');
  out.push('  grade  score  skill');
  for (const s of report.skills) {
    const label = s.name && s.name !== s.folder.slice(s.folder.lastIndexOf('/') + 1) ? `${displayFolder(s.folder)} (${s.name})` : displayFolder(s.folder);
    out.push(`  ${pad(s.grade, 5)}  ${pad(String(s.score).padStart(3), 5)}  ${pad(label, 40)} ${countsText(s.findingCounts)}`);
  }

  // Grouped by file in the order files first appear among the sorted findings (most severe first).
  const byFile = new Map<string, Finding[]>();
  for (const f of report.findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  for (const [file, findings] of byFile) {
    out.push('');
    out.push(file);
    for (const f of [...findings].sort((a, b) => a.line - b.line || a.column - b.column)) out.push(...findingLines(f));
  }

  const total: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of report.findings) total[f.severity]++;
  out.push('');
  const count = report.findings.length;
  out.push(
    `Result: grade ${report.grade} (score ${report.score}), ${count} finding${count === 1 ? '' : 's'}${count ? `: ${countsText(total)}` : ''}`,
  );
  if (report.skipped && report.skipped.length) {
    out.push(`Skipped ${report.skipped.length} path${report.skipped.length === 1 ? '' : 's'}:`);
    for (const s of report.skipped) out.push(`  ${s.path}: ${s.reason}`);
  }
  return out.join('\n') + '\n';
}
