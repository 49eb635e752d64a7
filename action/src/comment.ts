// One summary comment on the pull request, updated in place on every run. The comment is found by a
// hidden marker that names the scanned path and folder, so two steps that grade different folders
// keep a comment each, and a re-run edits its own comment instead of adding another.
import type { Octokit } from '@octokit/rest';
import type { PullRequestRef } from './github-context.ts';
import { findingsTable, headline, skillsTable, type ReportContext } from './report-markdown.ts';

export const COMMENT_FINDINGS_LIMIT = 20;
/** GitHub refuses comment bodies over 65,536 characters. */
const MAX_BODY = 60_000;

export function commentMarker(path: string, folder: string): string {
  // `--` cannot appear inside an HTML comment; paths rarely hold it, but a marker must stay hidden.
  const id = `${path}|${folder}`.replace(/--+/g, '-').replace(/[<>]/g, '');
  return `<!-- skillgate-action report: ${id} -->`;
}

export function renderComment(marker: string, ctx: ReportContext | null, note: string, runUrl: string | null): string {
  const parts = [marker];
  if (ctx) parts.push(`### ${headline(ctx)}`, skillsTable(ctx), findingsTable(ctx, COMMENT_FINDINGS_LIMIT, runUrl ? `all of them are in the [job summary](${runUrl})` : 'all of them are in the job summary'));
  if (note) parts.push(note);
  if (runUrl) parts.push(`<sub>[Workflow run](${runUrl}) · updated on every push</sub>`);
  let body = parts.join('\n\n') + '\n';
  if (body.length > MAX_BODY) body = `${body.slice(0, MAX_BODY)}\n\n…(cut: the full report is in the job summary)\n`;
  return body;
}

export function runUrlOf(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!env.GITHUB_REPOSITORY || !env.GITHUB_RUN_ID) return null;
  return `${(env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
}

export interface CommentTarget {
  octokit: Octokit;
  pullRequest: PullRequestRef;
  marker: string;
}

/** The id of this step's earlier comment on the pull request, or null. */
export async function findComment(target: CommentTarget): Promise<number | null> {
  const { owner, repo, number } = target.pullRequest;
  for await (const page of target.octokit.paginate.iterator(target.octokit.rest.issues.listComments, { owner, repo, issue_number: number, per_page: 100 })) {
    const found = page.data.find((c) => c.body?.includes(target.marker));
    if (found) return found.id;
  }
  return null;
}

/** Creates the comment, or updates the earlier one in place. `createIfMissing: false` only updates. */
export async function upsertComment(target: CommentTarget, body: string, createIfMissing = true): Promise<'created' | 'updated' | 'skipped'> {
  const { owner, repo, number } = target.pullRequest;
  const existing = await findComment(target);
  if (existing !== null) {
    await target.octokit.rest.issues.updateComment({ owner, repo, comment_id: existing, body });
    return 'updated';
  }
  if (!createIfMissing) return 'skipped';
  await target.octokit.rest.issues.createComment({ owner, repo, issue_number: number, body });
  return 'created';
}
