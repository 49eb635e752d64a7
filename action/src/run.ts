// The Action from inputs to verdict: find the skills under `path`, zip them, grade them through
// POST /api/v1/scan, then report (annotations, outputs, SARIF, job summary, pull-request comment)
// and fail the step when the grade is worse than fail-below or the scan could not be done.
import * as core from '@actions/core';
import { EOL } from 'node:os';
import { planAnnotations, formatAnnotation, type AnnotationLevel } from './annotations.ts';
import { callScan, type ScanOutcome } from './call-scan.ts';
import { commentMarker, renderComment, runUrlOf, upsertComment } from './comment.ts';
import { findSkills } from './find-skills.ts';
import { blobUrl, createOctokit, readPullRequest, type PullRequestRef } from './github-context.ts';
import { GRADE_LETTERS, readInputs, type ActionInputs } from './inputs.ts';
import { setScanOutputs, writeReport } from './outputs.ts';
import { displayFolder, type ReportContext } from './report-markdown.ts';
import { NetworkError } from './retry.ts';
import { writeSarifFile } from './sarif-file.ts';
import { chooseScope } from './scope.ts';
import { renderMultipleSkillsSummary, renderNothingToGrade, renderScanSummary, writeSummary } from './summary.ts';
import { resolveWorkspace, workspacePath, type Workspace } from './workspace.ts';
import { zipFiles } from './zip-skills.ts';

/** A failure the person who set up the workflow can act on; its message is the whole story. */
class Verdict extends Error {}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await gate(env);
  } catch (error) {
    if (!(error instanceof Verdict) && error instanceof Error && error.stack) core.debug(error.stack);
    const message = error instanceof Error ? error.message : String(error);
    core.setFailed(error instanceof NetworkError ? `${message}. Check the api-url input and that the runner can reach the service.` : message);
  }
}

async function gate(env: NodeJS.ProcessEnv): Promise<void> {
  const inputs = readInputs(env);
  const workspace = resolveWorkspace(inputs.path, env);
  const tree = await findSkills(workspace.scanRoot);
  if (tree.skills.length === 0) throw new Verdict(`No skill found under "${inputs.path}": a skill is a folder that holds a SKILL.md`);
  const pullRequest = readPullRequest(env);
  const scope = await chooseScope(inputs, workspace, tree, pullRequest);

  if (scope.kind === 'none') {
    core.info(scope.reason.replace(/`/g, ''));
    setScanOutputs({ grade: '', score: '', findings: 0, report: '' });
    await writeSummary(renderNothingToGrade(scope.reason), env);
    // An earlier comment would show a stale grade; it is updated, but no new one is started.
    if (inputs.comment) await comment(inputs, pullRequest, renderComment(commentMarker(inputs.path, inputs.folder), null, `✅ skillgate: ${scope.reason}`, runUrlOf(env)), false);
    return;
  }

  const chosen = new Set(scope.skills);
  const files = tree.files.filter((f) => chosen.has(f.skill)).map((f) => f.path);
  const zip = await zipFiles(workspace.scanRoot, files);
  core.info(
    `Grading ${scope.skills.length} skill${scope.skills.length === 1 ? '' : 's'} under ${inputs.path} ` +
      `(${files.length} files, ${(zip.length / 1024).toFixed(1)} KiB zipped) at ${inputs.apiUrl}` +
      `${scope.folder ? ` with folder=${scope.folder}` : ''}, fail-below ${inputs.failBelow}`,
  );
  const outcome = await callScan(
    { apiUrl: inputs.apiUrl, apiKey: inputs.apiKey, zip, folder: scope.folder, failBelow: inputs.failBelow },
    { log: (m) => core.info(m) },
  );
  if (outcome.kind === 'multiple-skills') return refuseSeveralSkills(inputs, pullRequest, outcome.folders, env);
  await report(inputs, workspace, pullRequest, scope.note, outcome, env);
}

async function refuseSeveralSkills(inputs: ActionInputs, pullRequest: PullRequestRef | null, folders: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const summary = renderMultipleSkillsSummary(folders, inputs.path);
  await writeSummary(summary, env);
  if (inputs.comment) await comment(inputs, pullRequest, renderComment(commentMarker(inputs.path, inputs.folder), null, summary.replace(/^## /, '### '), runUrlOf(env)));
  throw new Verdict(
    [
      `"${inputs.path}" holds ${folders.length} skills and the "folder" input is not set, so none was graded. The skills:`,
      ...folders.map((f) => `  ${f}`),
      'Set "folder" to one of them (relative to "path"), or to "*" to grade every skill, for example:',
      '  with:',
      `    folder: '*'`,
    ].join('\n'),
  );
}

async function report(
  inputs: ActionInputs,
  workspace: Workspace,
  pullRequest: PullRequestRef | null,
  scopeNote: string | null,
  outcome: Extract<ScanOutcome, { kind: 'graded' }>,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const { result, belowThreshold } = outcome;
  const toWorkspacePath = (zipPath: string) => workspacePath(workspace, zipPath);
  for (const skill of result.skills) {
    const c = skill.findingCounts;
    core.info(`  ${displayFolder(toWorkspacePath(skill.folder))}: grade ${skill.grade}, score ${skill.score} (${c.critical} critical, ${c.high} high, ${c.medium} medium, ${c.low} low)`);
  }
  core.info(`Grade ${result.grade} (score ${result.score}), ${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}`);

  // Annotations point at workspace files; a path outside the workspace has none to point at.
  const annotated = inputs.annotate && workspace.scanRootInside;
  if (inputs.annotate && !workspace.scanRootInside) core.info(`"${inputs.path}" is outside the workspace; findings are not annotated`);
  let omitted: Record<AnnotationLevel, number> = { error: 0, warning: 0, notice: 0 };
  if (annotated) {
    const plan = planAnnotations(result.findings, toWorkspacePath, belowThreshold ? 1 : 0);
    for (const annotation of plan.shown) process.stdout.write(formatAnnotation(annotation) + EOL);
    omitted = plan.omitted;
  }

  const reportPath = await writeReport(result, env);
  setScanOutputs({ grade: result.grade, score: String(result.score), findings: result.findings.length, report: reportPath });
  if (inputs.sarifFile) core.info(`SARIF written to ${await writeSarifFile(result, inputs.sarifFile, workspace)}`);

  const ctx: ReportContext = { result, failBelow: inputs.failBelow, belowThreshold, toWorkspacePath, blobUrl: blobUrl(pullRequest, env) };
  await writeSummary(renderScanSummary(ctx, { scope: scopeNote, annotated, omitted }), env);
  if (inputs.comment) await comment(inputs, pullRequest, renderComment(commentMarker(inputs.path, inputs.folder), ctx, scopeNote ?? '', runUrlOf(env)));

  if (belowThreshold) {
    const failing = result.skills
      .filter((s) => GRADE_LETTERS.indexOf(s.grade) > GRADE_LETTERS.indexOf(inputs.failBelow))
      .map((s) => `${displayFolder(toWorkspacePath(s.folder))} (${s.grade}, score ${s.score})`);
    throw new Verdict(`skillgate: grade ${result.grade} is worse than the threshold ${inputs.failBelow} (fail-below)${failing.length ? `: ${failing.join(', ')}` : ''}`);
  }
}

/** Posts or updates the pull-request comment. A comment that cannot be made is a warning: the gate is the grade. */
async function comment(inputs: ActionInputs, pullRequest: PullRequestRef | null, body: string, createIfMissing = true): Promise<void> {
  if (!pullRequest) {
    core.info('comment: true applies to pull_request events; no comment on this run');
    return;
  }
  if (!inputs.githubToken) {
    core.warning('comment: true needs a token (the github-token input, by default the workflow\'s token); no comment posted');
    return;
  }
  const marker = commentMarker(inputs.path, inputs.folder);
  try {
    const action = await upsertComment({ octokit: createOctokit(inputs.githubToken), pullRequest, marker }, body, createIfMissing);
    if (action !== 'skipped') core.info(`Pull-request comment ${action} on #${pullRequest.number}`);
  } catch (error) {
    const status = (error as { status?: number }).status;
    const hint = status === 403 || status === 404 ? ' The token needs "pull-requests: write" (on pull requests from forks it is read-only).' : '';
    core.warning(`Could not comment on pull request #${pullRequest.number}: ${(error as Error).message}.${hint}`);
  }
}
