// Turns a link to a public GitHub repository into { owner, repo, ref?, path? }. The check is purely
// syntactic and runs before any request: a link that fails it is never fetched, and a link that
// passes is never fetched either; only owner, repo and ref are handed to the GitHub API client.
//
// Accepted (scheme and host are case-insensitive; owner, repo, ref and path keep their case):
//   https://github.com/OWNER/REPO            optional trailing "/" or ".git" suffix
//   https://github.com/OWNER/REPO/tree/REF   optional trailing "/"
//   https://github.com/OWNER/REPO/tree/REF/PATH...
//   https://github.com/OWNER/REPO/blob/REF/PATH/FILE   path = folder holding FILE (a skill is a folder)
//   www.github.com instead of github.com, and http:// instead of https:// (only the names are used,
//   so the scheme of the link does not matter; the API client always speaks https to its base URL)
//   a #fragment is ignored (browsers add #readme and similar)
// Refused with INVALID_INPUT: any other scheme or host (look-alikes, api., raw., gist.), an explicit
// port, credentials, a query string, percent-encoding in the host, IP addresses, names GitHub does
// not allow, "." or ".." or empty path segments, other pages (/issues, /pull/1, ...), SSH remotes,
// and links longer than 2000 characters.
//
// Limitation: in /tree/REF/PATH a ref that contains "/" (feature/x) cannot be told apart from a path,
// because the link itself does not say where the ref ends. The first segment is taken as the ref;
// callers who need such a branch can link a commit SHA or a tag instead, or pass the folder separately.
import { AppError } from '../../lib/errors.ts';

export interface GitHubLocation {
  owner: string;
  repo: string;
  /** Branch, tag or commit named in a /tree/ or /blob/ link; absent means the default branch. */
  ref?: string;
  /** Folder inside the repository, "/"-separated, without leading or trailing "/". */
  path?: string;
}

export const MAX_GITHUB_URL_LENGTH = 2000;

const ALLOWED_HOSTS = new Set(['github.com', 'www.github.com']);
// GitHub user and organisation names: letters, digits and hyphens, not starting with a hyphen, at
// most 39 characters. Some old accounts have doubled or trailing hyphens, so those stay allowed.
const OWNER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;
// Repository names: letters, digits, ".", "-" and "_", at most 100 characters.
const REPO_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
// First path segments that are GitHub pages, not accounts (GitHub reserves them as user names).
const RESERVED_OWNERS = new Set([
  'about', 'apps', 'codespaces', 'collections', 'enterprise', 'explore', 'features', 'issues', 'login',
  'marketplace', 'new', 'notifications', 'organizations', 'orgs', 'pricing', 'pulls', 'search',
  'settings', 'sponsors', 'topics', 'trending', 'users',
]);
// Characters git forbids in ref names (git check-ref-format), plus "%" and "#" which cannot survive
// a URL round trip unencoded.
const FORBIDDEN_REF_CHARACTERS = /[\u0000-\u0020\u007f~^:?*[\\]/;

function invalid(message: string): AppError {
  return new AppError('INVALID_INPUT', message);
}

/** Quotes a piece of the caller's input for a message, cut short so a message stays readable. */
function quote(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
}

export function parseGitHubUrl(input: string): GitHubLocation {
  if (typeof input !== 'string') throw invalid('GitHub URL must be a string');
  const text = input.trim();
  if (text === '') throw invalid('GitHub URL is empty');
  if (text.length > MAX_GITHUB_URL_LENGTH) {
    throw invalid(`GitHub URL is longer than ${MAX_GITHUB_URL_LENGTH} characters`);
  }
  if (/[\u0000-\u0020\u007f-\u009f]/.test(text)) {
    throw invalid('GitHub URL must not contain spaces or control characters');
  }
  if (/^[^/:@]+@[^/:]+:/.test(text)) {
    throw invalid('SSH remotes are not supported; use a link like https://github.com/OWNER/REPO');
  }

  // Split by hand instead of with `new URL`: the WHATWG parser repairs and decodes hosts
  // ("git%68ub.com", "github.com\@x", "https:/github.com"), and a link that needs repairing is refused.
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(text);
  if (!match) {
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text)?.[1];
    if (scheme && !/^https?$/i.test(scheme)) {
      throw invalid(`GitHub URL must use https, not ${quote(scheme.toLowerCase() + ':')}`);
    }
    throw invalid('GitHub URL must start with https://github.com/');
  }
  const [, scheme, authority, pathPart, query] = match;
  if (!/^https?$/i.test(scheme)) {
    throw invalid(`GitHub URL must use https, not ${quote(scheme.toLowerCase() + ':')}`);
  }
  if (authority === '') throw invalid('GitHub URL has no host');
  if (authority.includes('@')) throw invalid('GitHub URL must not contain a user name or password');
  if (authority.includes('%')) throw invalid('GitHub URL host must not be percent-encoded');
  if (/:\d*$/.test(authority) && !authority.startsWith('[')) {
    throw invalid('GitHub URL must not name a port');
  }
  if (!ALLOWED_HOSTS.has(authority.toLowerCase())) {
    throw invalid(`GitHub URL host must be github.com, not ${quote(authority)}`);
  }
  if (query !== undefined) throw invalid('GitHub URL must not contain a query string (the part after "?")');
  // The fragment (match[5]) is ignored: it never reaches a server and does not change the repository.

  const segments = splitPath(pathPart);
  const [owner, rawRepo, kind, ...rest] = segments;
  if (owner === undefined) throw invalid('GitHub URL is missing the repository owner');
  if (rawRepo === undefined) throw invalid('GitHub URL is missing the repository name');
  checkOwner(owner);
  const repo = kind === undefined && rawRepo.toLowerCase().endsWith('.git') ? rawRepo.slice(0, -4) : rawRepo;
  checkRepo(repo);
  if (kind === undefined) return { owner, repo };

  if (kind !== 'tree' && kind !== 'blob') {
    throw invalid(
      `GitHub URL must point at a repository or a /tree/ or /blob/ location in it, not ${quote(`/${kind}`)}`,
    );
  }
  const [ref, ...pathSegments] = rest;
  if (ref === undefined) throw invalid(`GitHub URL is missing the branch, tag or commit after /${kind}/`);
  checkRef(ref);
  if (kind === 'blob') {
    if (pathSegments.length === 0) throw invalid('GitHub URL is missing the file path after /blob/REF/');
    pathSegments.pop(); // a file link names the folder that holds the file
  }
  return pathSegments.length === 0 ? { owner, repo, ref } : { owner, repo, ref, path: pathSegments.join('/') };
}

/** Splits "/a/b/" into decoded segments; one trailing "/" is allowed, empty segments are not. */
function splitPath(pathPart: string): string[] {
  const trimmed = pathPart.replace(/^\//, '').replace(/\/$/, '');
  if (trimmed === '') return [];
  return trimmed.split('/').map((raw) => {
    if (raw === '') throw invalid('GitHub URL must not contain empty path segments ("//")');
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw invalid(`GitHub URL contains a malformed percent-encoding in ${quote(raw)}`);
    }
    if (segment === '.' || segment === '..') throw invalid('GitHub URL must not contain "." or ".." segments');
    if (/[/\\\u0000-\u001f\u007f]/.test(segment)) {
      throw invalid(`GitHub URL path segment ${quote(segment)} contains a forbidden character`);
    }
    return segment;
  });
}

function checkOwner(owner: string): void {
  if (!OWNER_PATTERN.test(owner)) {
    throw invalid(
      `GitHub URL owner ${quote(owner)} is not a valid GitHub account name (letters, digits and hyphens, at most 39)`,
    );
  }
  if (RESERVED_OWNERS.has(owner.toLowerCase())) {
    throw invalid(`GitHub URL ${quote(`/${owner}/`)} is a GitHub page, not a repository owner`);
  }
}

function checkRepo(repo: string): void {
  if (repo === '' || repo === '.' || repo === '..' || !REPO_PATTERN.test(repo)) {
    throw invalid(
      `GitHub URL repository name ${quote(repo)} is not valid (letters, digits, ".", "-" and "_", at most 100)`,
    );
  }
}

function checkRef(ref: string): void {
  if (
    ref.length > 255 ||
    FORBIDDEN_REF_CHARACTERS.test(ref) ||
    /[%#]/.test(ref) ||
    ref.startsWith('-') ||
    ref.startsWith('.') ||
    ref.includes('..') ||
    ref.includes('@{') ||
    ref.endsWith('.') ||
    ref.endsWith('.lock')
  ) {
    throw invalid(`GitHub URL ref ${quote(ref)} is not a valid branch, tag or commit name`);
  }
}
