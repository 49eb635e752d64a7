// Findings as workflow commands on the workspace files: critical and high as errors, medium as
// warnings, low as notices, most severe first. GitHub shows at most 10 annotations of each kind
// per step, so only that many are sent and the rest are counted for the job summary; one error is
// kept free for the failure message when the step fails.
import type { Finding, Severity } from '../../worker/scanner/types.ts';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export const LEVEL_OF: Readonly<Record<Severity, AnnotationLevel>> = {
  critical: 'error',
  high: 'error',
  medium: 'warning',
  low: 'notice',
};

export const ANNOTATIONS_PER_LEVEL = 10;

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { critical: 0, high: 1, medium: 2, low: 3 };

export interface Annotation {
  level: AnnotationLevel;
  /** Path relative to the workspace. */
  file: string;
  line: number;
  col: number;
  title: string;
  message: string;
}

export interface AnnotationPlan {
  shown: Annotation[];
  /** Findings of each level left out by the per-step limit. */
  omitted: Record<AnnotationLevel, number>;
}

/** Message data of a workflow command: %, CR and LF are encoded. */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value of a workflow command: also `:` and `,`, which separate properties. */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatAnnotation(a: Annotation): string {
  const properties = [`file=${escapeProperty(a.file)}`, `line=${a.line}`, `col=${a.col}`, `title=${escapeProperty(a.title)}`];
  return `::${a.level} ${properties.join(',')}::${escapeData(a.message)}`;
}

export function sortBySeverity(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column,
  );
}

export function annotationOf(finding: Finding, file: string): Annotation {
  const message = `${finding.message.replace(/[.\s]+$/, '')}.\nFix: ${finding.fix}`;
  return {
    level: LEVEL_OF[finding.severity],
    file,
    line: Math.max(1, finding.line),
    col: Math.max(1, finding.column),
    title: `skillgate ${finding.ruleId} (${finding.severity}): ${finding.title}`,
    message,
  };
}

/**
 * Chooses the annotations to send. `toWorkspacePath` maps a finding's ZIP-relative file;
 * `reserveErrors` slots are left for errors the step prints itself (its failure message).
 */
export function planAnnotations(
  findings: readonly Finding[],
  toWorkspacePath: (zipPath: string) => string,
  reserveErrors = 0,
): AnnotationPlan {
  const limit: Record<AnnotationLevel, number> = {
    error: ANNOTATIONS_PER_LEVEL - reserveErrors,
    warning: ANNOTATIONS_PER_LEVEL,
    notice: ANNOTATIONS_PER_LEVEL,
  };
  const used: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const omitted: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  const shown: Annotation[] = [];
  for (const finding of sortBySeverity(findings)) {
    const level = LEVEL_OF[finding.severity];
    if (used[level] < limit[level]) {
      used[level]++;
      shown.push(annotationOf(finding, toWorkspacePath(finding.file)));
    } else {
      omitted[level]++;
    }
  }
  return { shown, omitted };
}
