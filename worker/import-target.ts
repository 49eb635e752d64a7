// What `skillgate import` and the import job accept: "owner/repo", "owner/repo/path/in/repo", or a
// github.com link (https://github.com/owner/repo/tree/ref/path). Checked before any request.
import { AppError } from '../lib/errors.ts';
import { parseGitHubUrl, type GitHubLocation } from './github/parse-url.ts';

// The same name rules as parse-url.ts: GitHub accounts and repository names.
const OWNER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;
const REPO_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
const BAD_SEGMENT = /[\\\u0000-\u001f\u007f]/;

function invalid(message: string): AppError {
  return new AppError('INVALID_INPUT', message);
}

export function parseImportTarget(input: string): GitHubLocation {
  const text = input.trim();
  if (/^(https?:\/\/|(www\.)?github\.com\/)/i.test(text)) {
    return parseGitHubUrl(/^https?:/i.test(text) ? text : `https://${text}`);
  }
  const segments = text.replace(/^\/+|\/+$/g, '').split('/');
  const [owner, rawRepo, ...path] = segments;
  if (!owner || rawRepo === undefined) throw invalid(`import target "${text}" must look like owner/repo or owner/repo/path`);
  if (!OWNER_PATTERN.test(owner)) throw invalid(`"${owner}" is not a valid GitHub account name (letters, digits and hyphens, at most 39)`);
  const repo = rawRepo.toLowerCase().endsWith('.git') && path.length === 0 ? rawRepo.slice(0, -4) : rawRepo;
  if (repo === '.' || repo === '..' || !REPO_PATTERN.test(repo)) {
    throw invalid(`"${repo}" is not a valid GitHub repository name (letters, digits, ".", "-" and "_", at most 100)`);
  }
  for (const segment of path) {
    if (segment === '' || segment === '.' || segment === '..' || BAD_SEGMENT.test(segment)) {
      throw invalid(`the path "${path.join('/')}" must be a folder of the repository, without "." , ".." or empty parts`);
    }
  }
  return path.length ? { owner, repo, path: path.join('/') } : { owner, repo };
}
