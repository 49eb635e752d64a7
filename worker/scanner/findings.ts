// Turns rule hits into the findings of the scan result: 1-based position in the real file (for a
// decoded payload, the blob's position), message, redacted one-line evidence and fix; then one
// finding per rule per line, most severe first.
import type { FileView, Finding, Rule, Severity } from './types.ts';
import type { RuleHit } from './apply-rule.ts';
import type { DecodedOrigin } from './decode.ts';
import { cleanEvidence } from './redact.ts';
import { isDocumentationContext } from './documentation-context.ts';

/** A finding plus what scoring needs and the result does not show. */
export interface LocatedFinding {
  finding: Finding;
  documentation: boolean;
  /**
   * The redacted evidence, worked out only for the findings kept: on a long line a rule can hit
   * thousands of times, and all but one of those hits fold into a single finding.
   */
  evidence?: () => string;
}

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { critical: 0, high: 1, medium: 2, low: 3 };

// Short matches ("sudo", "eval(") say little alone; their line says what is going on.
const SHORT_MATCH = 40;
const WINDOW = 200;

function snippet(file: FileView, index: number, length: number): string {
  if (length === 0) return ''; // a finding about the whole file
  const matched = file.text.slice(index, index + length);
  if (matched.length >= SHORT_MATCH || matched.includes('\n')) return matched;
  const line = file.lineAt(index);
  if (line.length <= WINDOW) return line;
  const { column } = file.position(index);
  const start = Math.max(0, Math.min(column - 1 - 60, line.length - WINDOW));
  return line.slice(start, start + WINDOW);
}

/** Documentation context for the scorer; rules about hidden content never have it (score.ts). */
function documentationAt(rule: Rule, file: FileView, index: number): boolean {
  return !rule.hiddenContent && isDocumentationContext(file, index);
}

export function locateHit(hit: RuleHit, folder: string, origins: ReadonlyMap<FileView, DecodedOrigin>): LocatedFinding {
  const { rule, file, match } = hit;
  const severity = match.severity ?? rule.severity;
  const message = match.message ?? rule.title;
  const evidence = () => cleanEvidence(match.evidence ?? snippet(file, match.index, match.length));
  const origin = origins.get(file);
  if (origin) {
    return {
      finding: {
        folder,
        ruleId: rule.id,
        category: rule.category,
        severity,
        title: rule.title,
        message: `In decoded ${origin.encoding}: ${message}`,
        file: origin.root.path,
        line: origin.line,
        column: origin.column,
        evidence: '',
        fix: rule.fix,
      },
      documentation: documentationAt(rule, origin.root, origin.index),
      evidence,
    };
  }
  const { line, column } = file.position(match.index);
  return {
    finding: {
      folder,
      ruleId: rule.id,
      category: rule.category,
      severity,
      title: rule.title,
      message,
      file: file.path,
      line,
      column,
      evidence: '',
      fix: rule.fix,
    },
    documentation: documentationAt(rule, file, match.index),
    evidence,
  };
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}

/** One finding per rule per file line (the most severe, then the one outside documentation, then the first), with its evidence. */
export function dedupeFindings(list: readonly LocatedFinding[]): LocatedFinding[] {
  const kept = new Map<string, LocatedFinding>();
  for (const item of list) {
    const f = item.finding;
    const key = `${f.ruleId}\u0000${f.file}\u0000${f.line}`;
    const current = kept.get(key);
    if (
      !current ||
      SEVERITY_RANK[f.severity] < SEVERITY_RANK[current.finding.severity] ||
      (f.severity === current.finding.severity &&
        ((current.documentation && !item.documentation) ||
          (current.documentation === item.documentation && f.column < current.finding.column)))
    ) {
      kept.set(key, item);
    }
  }
  const out = [...kept.values()].sort((a, b) => compareFindings(a.finding, b.finding));
  for (const item of out) if (item.evidence) item.finding.evidence = item.evidence();
  return out;
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}
