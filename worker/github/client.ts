// Reads public repositories through the GitHub REST API: metadata for the directory and ZIP archives
// for scans. Every failure leaves as an AppError: NOT_FOUND when GitHub says the repository or ref
// does not exist, PAYLOAD_TOO_LARGE when an archive passes the byte limit, UPSTREAM_ERROR for
// anything GitHub or the network did wrong. Messages never carry the token.
import { Octokit } from '@octokit/rest';
import { AppError, isAppError } from '../../lib/errors.ts';

export interface GitHubRepository {
  owner: string;
  repo: string;
  fullName: string;
  description: string | null;
  stars: number;
  forks: number;
  language: string | null;
  defaultBranch: string;
  htmlUrl: string;
}

export interface GitHubArchive {
  bytes: Uint8Array;
  /** The ref the archive was made from: the one asked for, or the default branch. */
  ref: string;
}

export interface GitHubClient {
  getRepository(owner: string, repo: string): Promise<GitHubRepository>;
  downloadArchive(owner: string, repo: string, ref?: string, maxBytes?: number): Promise<GitHubArchive>;
}

export interface GitHubClientOptions {
  /** API root, https://api.github.com for github.com; tests point it at a local fake. */
  baseUrl: string;
  /** Raises the rate limit from 60 to 5000 requests an hour; sent only to baseUrl. */
  token?: string;
  /** Limit for each request, archive body included. */
  timeoutMs?: number;
}

export const DEFAULT_GITHUB_TIMEOUT_MS = 30_000;
/** Used when downloadArchive gets no maxBytes, so that no call can buffer an unbounded archive. */
export const DEFAULT_MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS;
  const apiOrigin = new URL(baseUrl).origin;
  const octokit = new Octokit({
    baseUrl,
    auth: options.token,
    userAgent: 'skillgate',
    // Silence octokit's own console output; failures are reported through AppError.
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });

  async function getRepository(owner: string, repo: string): Promise<GitHubRepository> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const { data } = await octokit.rest.repos.get({ owner, repo, request: { signal } });
      return {
        owner: data.owner.login,
        repo: data.name,
        fullName: data.full_name,
        description: data.description ?? null,
        stars: data.stargazers_count,
        forks: data.forks_count,
        language: data.language ?? null,
        defaultBranch: data.default_branch,
        htmlUrl: data.html_url,
      };
    } catch (error) {
      throw toAppError(error, signal, timeoutMs, `GitHub repository ${owner}/${repo} not found`);
    }
  }

  async function downloadArchive(
    owner: string,
    repo: string,
    ref?: string,
    maxBytes = DEFAULT_MAX_ARCHIVE_BYTES,
  ): Promise<GitHubArchive> {
    // Asking for the repository first gives the default branch, the canonical name of a renamed
    // repository, and lets a later 404 mean "no such ref" rather than "no such repository".
    const repository = await getRepository(owner, repo);
    const wanted = ref ?? repository.defaultBranch;
    const signal = AbortSignal.timeout(timeoutMs);
    const notFound = `Ref ${JSON.stringify(wanted)} not found in GitHub repository ${repository.fullName}`;
    try {
      // GitHub answers 302 with a short-lived codeload URL. The redirect is followed by hand so the
      // token stays with the API and the archive body can be read as a stream under the byte limit.
      const response = await octokit.rest.repos.downloadZipballArchive({
        owner: repository.owner,
        repo: repository.repo,
        ref: wanted,
        request: { signal, redirect: 'manual', parseSuccessResponseBody: false },
      });
      const status = response.status as number;
      let body = response.data as unknown as ReadableStream<Uint8Array> | null;
      // Typed as a number by octokit, but fetch hands header values over as strings.
      let declaredLength: string | number | undefined = response.headers['content-length'];
      if (status >= 300 && status < 400) {
        await body?.cancel().catch(() => {});
        const archive = await fetchRedirectTarget(response.headers.location, apiOrigin, signal, notFound);
        body = archive.body;
        declaredLength = archive.headers.get('content-length') ?? undefined;
      }
      const length = declaredLength === undefined ? undefined : Number(declaredLength);
      const bytes = await readLimited(body, length, maxBytes);
      return { bytes, ref: wanted };
    } catch (error) {
      throw toAppError(error, signal, timeoutMs, notFound);
    }
  }

  return { getRepository, downloadArchive };
}

/**
 * Fetches the archive URL GitHub redirected to, without the token. Only https URLs, or URLs on the
 * API's own origin (a local GitHub stand-in), are followed, and no further redirect is.
 */
async function fetchRedirectTarget(
  location: string | undefined,
  apiOrigin: string,
  signal: AbortSignal,
  notFoundMessage: string,
): Promise<Response> {
  if (!location) throw new AppError('UPSTREAM_ERROR', 'GitHub answered the archive request with a redirect but no location');
  let target: URL;
  try {
    target = new URL(location, apiOrigin);
  } catch {
    throw new AppError('UPSTREAM_ERROR', 'GitHub redirected the archive request to a malformed URL');
  }
  if (target.protocol !== 'https:' && target.origin !== apiOrigin) {
    throw new AppError('UPSTREAM_ERROR', 'GitHub redirected the archive request to a non-https URL');
  }
  if (target.username || target.password) {
    throw new AppError('UPSTREAM_ERROR', 'GitHub redirected the archive request to a URL with credentials');
  }
  const response = await fetch(target, { signal, redirect: 'manual', headers: { 'user-agent': 'skillgate' } });
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => {});
    if (response.status === 404) throw new AppError('NOT_FOUND', notFoundMessage);
    throw new AppError('UPSTREAM_ERROR', `GitHub's archive server answered with status ${response.status}`);
  }
  return response;
}

/** Reads a body into memory, refusing it as soon as it passes maxBytes. */
async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number | undefined,
  maxBytes: number,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', `GitHub archive is larger than the limit of ${maxBytes} bytes`, { maxBytes });
  if (declaredLength !== undefined && declaredLength > maxBytes) {
    await body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Maps what octokit or fetch threw to an AppError. Octokit's RequestError carries `status`, and
 * `response` only when GitHub actually answered; without a response it was the network.
 */
function toAppError(error: unknown, signal: AbortSignal, timeoutMs: number, notFoundMessage: string): AppError {
  if (isAppError(error)) return error;
  if (signal.aborted) {
    return new AppError('UPSTREAM_ERROR', `GitHub did not answer within ${timeoutMs} ms`);
  }
  const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : undefined;
  const response = (error as { response?: { headers?: Record<string, string | undefined> } })?.response;
  if (status === undefined || response === undefined) {
    return new AppError('UPSTREAM_ERROR', `GitHub could not be reached: ${describeNetworkError(error)}`);
  }
  if (status === 404) return new AppError('NOT_FOUND', notFoundMessage);
  const headers = response.headers ?? {};
  if (status === 429 || (status === 403 && headers['x-ratelimit-remaining'] === '0')) {
    const reset = Number(headers['x-ratelimit-reset']);
    const when = Number.isFinite(reset) && reset > 0 ? `; it resets at ${new Date(reset * 1000).toISOString()}` : '';
    return new AppError('UPSTREAM_ERROR', `GitHub rate limit exceeded (${status})${when}`);
  }
  if (status === 401) return new AppError('UPSTREAM_ERROR', 'GitHub refused the configured token (401)');
  if (status === 403) return new AppError('UPSTREAM_ERROR', 'GitHub refused access (403)');
  if (status >= 500) return new AppError('UPSTREAM_ERROR', `GitHub failed with status ${status}`);
  return new AppError('UPSTREAM_ERROR', `GitHub answered with unexpected status ${status}`);
}

/** The low-level reason (ECONNREFUSED, ENOTFOUND, ...) without any request details. */
function describeNetworkError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return 'network error';
}

/**
 * GitHub's zipball wraps every file in one folder named OWNER-REPO-SHA/. Removes that folder when
 * every entry sits inside the same top-level folder, and drops the entry for the folder itself;
 * anything else (files at the top level, several top-level folders) comes back unchanged.
 */
export function stripSingleRootFolder<T extends { path: string }>(files: T[]): T[] {
  if (files.length === 0) return files;
  const first = files[0].path;
  const slash = first.indexOf('/');
  if (slash <= 0) return files;
  const root = first.slice(0, slash + 1);
  if (!files.every((file) => file.path.startsWith(root))) return files;
  return files
    .map((file) => ({ ...file, path: file.path.slice(root.length) }))
    .filter((file) => file.path !== '');
}
