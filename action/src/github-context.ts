// What the run knows about GitHub: the repository, the pull request of the event (from the event
// payload at GITHUB_EVENT_PATH), a REST client for GITHUB_API_URL, and where a file's lines are on
// github.com for links.
import { readFileSync } from 'node:fs';
import { Octokit } from '@octokit/rest';

export interface PullRequestRef {
  owner: string;
  repo: string;
  number: number;
  /** The head commit of the pull request, for links to the lines as the author pushed them. */
  headSha: string | null;
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

function readEvent(env: NodeJS.ProcessEnv): any {
  if (!env.GITHUB_EVENT_PATH) return null;
  try {
    return JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return null;
  }
}

/** The pull request the run is for, or null on other events. */
export function readPullRequest(env: NodeJS.ProcessEnv = process.env): PullRequestRef | null {
  if (!PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME ?? '')) return null;
  const event = readEvent(env);
  const number = Number(event?.pull_request?.number ?? event?.number);
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? event?.repository?.full_name ?? '').split('/');
  if (!Number.isInteger(number) || number <= 0 || !owner || !repo) return null;
  return { owner, repo, number, headSha: event?.pull_request?.head?.sha ?? null };
}

export function createOctokit(token: string, env: NodeJS.ProcessEnv = process.env): Octokit {
  return new Octokit({
    auth: token,
    baseUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    userAgent: 'skillgate-action',
    // Failed calls are reported by the caller as a warning; the client's own logging would repeat them.
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

/** `https://github.com/OWNER/REPO/blob/SHA` for links to lines, or null outside a repository run. */
export function blobUrl(pullRequest: PullRequestRef | null, env: NodeJS.ProcessEnv = process.env): string | null {
  const sha = pullRequest?.headSha ?? env.GITHUB_SHA;
  if (!env.GITHUB_REPOSITORY || !sha) return null;
  return `${(env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')}/${env.GITHUB_REPOSITORY}/blob/${sha}`;
}
