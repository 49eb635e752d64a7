// The job summary (GITHUB_STEP_SUMMARY): the grade of each skill, the findings table, and what
// the annotations could not show. Renderers are pure; writeSummary is the one place that writes.
import * as core from '@actions/core';
import type { AnnotationLevel } from './annotations.ts';
import { ANNOTATIONS_PER_LEVEL } from './annotations.ts';
import { code } from './markdown.ts';
import { findingsTable, headline, skillsTable, type ReportContext } from './report-markdown.ts';

export const SUMMARY_FINDINGS_LIMIT = 100;

export interface SummaryExtras {
  /** The run's scope in words ("skills changed by this pull request: ..."), or null. */
  scope: string | null;
  annotated: boolean;
  omitted: Record<AnnotationLevel, number>;
}

function annotationNote(extras: SummaryExtras, total: number): string {
  if (total === 0) return '';
  if (!extras.annotated) return 'Annotations are off (`annotate: false`).';
  const left = extras.omitted.error + extras.omitted.warning + extras.omitted.notice;
  if (left === 0) return 'Every finding is annotated on its line.';
  const parts = (['error', 'warning', 'notice'] as const)
    .filter((l) => extras.omitted[l] > 0)
    .map((l) => `${extras.omitted[l]} ${l}${extras.omitted[l] === 1 ? '' : 's'}`);
  const listed = total <= SUMMARY_FINDINGS_LIMIT ? 'The table lists them all.' : `The table lists the ${SUMMARY_FINDINGS_LIMIT} most severe; the file named by the \`report\` output holds every one.`;
  return (
    `${total - left} of ${total} findings are annotated on their lines; the other ${left} (${parts.join(', ')}) are not, ` +
    `because GitHub shows at most ${ANNOTATIONS_PER_LEVEL} annotations of each kind per step. ${listed}`
  );
}

export function renderScanSummary(ctx: ReportContext, extras: SummaryExtras): string {
  const parts = [`## ${headline(ctx)}`];
  if (extras.scope) parts.push(extras.scope);
  parts.push('### Skills', skillsTable(ctx));
  parts.push(`### Findings (${ctx.result.findings.length})`);
  const note = annotationNote(extras, ctx.result.findings.length);
  if (note) parts.push(note);
  parts.push(findingsTable(ctx, SUMMARY_FINDINGS_LIMIT, 'the file named by the `report` output holds every one'));
  parts.push(`<sub>Rules version ${code(ctx.result.rulesVersion)}.</sub>`);
  return parts.join('\n\n') + '\n';
}

export function renderMultipleSkillsSummary(folders: readonly string[], path: string): string {
  return [
    '## ❌ skillgate: several skills found, none graded',
    `${code(path)} holds ${folders.length} skills and \`folder\` is not set, so the Action cannot tell which one to grade.`,
    folders.map((f) => `- ${code(f)}`).join('\n'),
    'Set `folder` to one of them (relative to `path`), or to `"*"` to grade every skill.',
  ].join('\n\n') + '\n';
}

export function renderNothingToGrade(reason: string): string {
  return `## ✅ skillgate: nothing to grade\n\n${reason}\n`;
}

/** Appends markdown to the job summary; outside Actions (no GITHUB_STEP_SUMMARY) it is skipped. */
export async function writeSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (!env.GITHUB_STEP_SUMMARY) {
    core.debug('GITHUB_STEP_SUMMARY is not set; no job summary written');
    return;
  }
  await core.summary.addRaw(markdown).write();
}
