// The Action's inputs (action.yml), read once and checked before any work, so a bad value fails at
// once with a message that names the input. Defaults are applied here as well as in action.yml, so
// the bundle behaves the same when a runner (or a test) leaves an input unset.
import * as core from '@actions/core';

export const GRADE_LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
export type GradeLetter = (typeof GRADE_LETTERS)[number];

/** `folder` value that grades every skill under `path`. */
export const EVERY_SKILL = '*';

export interface ActionInputs {
  apiKey: string;
  /** Root of the service, no trailing slash: requests go to `${apiUrl}/api/v1/scan`. */
  apiUrl: string;
  /** Folder to grade, relative to the workspace (or absolute). */
  path: string;
  /** "" (the path holds one skill), "*" (every skill) or a folder relative to `path`. */
  folder: string;
  failBelow: GradeLetter;
  annotate: boolean;
  /** Where to write SARIF 2.1.0, relative to the workspace; "" for none. */
  sarifFile: string;
  comment: boolean;
  onlyChanged: boolean;
  /** Token for the pull-request comment and the changed-file list; "" when none is available. */
  githubToken: string;
}

function text(name: string): string {
  return core.getInput(name).trim();
}

/** YAML 1.2 core-schema booleans, as @actions/core reads them; an unset input takes its default. */
function flag(name: string, fallback: boolean): boolean {
  const value = text(name);
  if (value === '') return fallback;
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new Error(`Input "${name}" must be true or false (got "${value}")`);
}

function serviceUrl(value: string): string {
  if (value === '') throw new Error('Input "api-url" is required: the address of the skillgate service, for example https://skillgate.example.com');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Input "api-url" must be an http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Input "api-url" must be an http(s) URL (got "${value}")`);
  // People paste the API root too; both forms name the same service.
  return url.toString().replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

function gradeLetter(value: string): GradeLetter {
  const upper = (value || 'C').toUpperCase();
  if ((GRADE_LETTERS as readonly string[]).includes(upper)) return upper as GradeLetter;
  throw new Error(`Input "fail-below" must be a grade letter A, B, C, D or F (got "${value}")`);
}

/** "./skills/pdf/" -> "skills/pdf"; "*" stays; a folder that leaves `path` is refused. */
export function normaliseFolder(value: string): string {
  if (value === '' || value === EVERY_SKILL) return value;
  const segments = value.replace(/\\/g, '/').split('/').filter((s) => s !== '' && s !== '.');
  if (value.startsWith('/') || /^[A-Za-z]:/.test(value) || segments.includes('..')) {
    throw new Error(`Input "folder" must be a folder inside "path", relative to it (got "${value}")`);
  }
  return segments.length === 0 ? '.' : segments.join('/');
}

export function readInputs(env: NodeJS.ProcessEnv = process.env): ActionInputs {
  const apiKey = text('api-key');
  if (apiKey === '') throw new Error('Input "api-key" is required: a skillgate Pro key, kept in a repository secret');
  // Masked before anything else can print it.
  core.setSecret(apiKey);
  const githubToken = text('github-token') || (env.GITHUB_TOKEN ?? '').trim();
  if (githubToken) core.setSecret(githubToken);
  return {
    apiKey,
    apiUrl: serviceUrl(text('api-url')),
    path: text('path') || '.',
    folder: normaliseFolder(text('folder')),
    failBelow: gradeLetter(text('fail-below')),
    annotate: flag('annotate', true),
    sarifFile: text('sarif-file'),
    comment: flag('comment', false),
    onlyChanged: flag('only-changed', false),
    githubToken,
  };
}
