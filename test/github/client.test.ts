import { randomBytes } from 'node:crypto';
import AdmZip from 'adm-zip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { createGitHubClient, stripSingleRootFolder } from '../../worker/github/client.ts';
import { parseGitHubUrl } from '../../worker/github/parse-url.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.ts';

const TOKEN = 'ghp_test0123456789secret';

let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub();
  github.addRepository({
    owner: 'acme',
    repo: 'skills',
    defaultBranch: 'trunk',
    stars: 42,
    forks: 7,
    language: 'TypeScript',
    description: 'Skills for testing',
    refs: {
      trunk: { 'skills/pdf/SKILL.md': '# PDF\n', 'README.md': 'hello' },
      'feature/x': { 'SKILL.md': '# Feature\n', 'bin/tool': new Uint8Array([0, 1, 2, 255]) },
    },
  });
  github.addRepository({
    owner: 'acme',
    repo: 'big',
    // Random bytes do not compress, so the archive stays larger than 256 KiB.
    refs: { main: { 'SKILL.md': '# Big\n', 'data.bin': new Uint8Array(randomBytes(256 * 1024)) } },
  });
});

afterAll(async () => {
  await github.close();
});

afterEach(() => {
  github.requests.length = 0;
});

function client(options: { token?: string; timeoutMs?: number } = {}) {
  return createGitHubClient({ baseUrl: github.baseUrl, ...options });
}

function entriesOf(bytes: Uint8Array): { path: string; data: Buffer }[] {
  return new AdmZip(Buffer.from(bytes)).getEntries().map((entry) => ({ path: entry.entryName, data: entry.getData() }));
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

describe('getRepository', () => {
  it('reads metadata shaped for the directory', async () => {
    expect(await client().getRepository('acme', 'skills')).toEqual({
      owner: 'acme',
      repo: 'skills',
      fullName: 'acme/skills',
      description: 'Skills for testing',
      stars: 42,
      forks: 7,
      language: 'TypeScript',
      defaultBranch: 'trunk',
      htmlUrl: 'https://github.com/acme/skills',
    });
  });

  it('returns the canonical name when asked with other letter case', async () => {
    const repository = await client().getRepository('ACME', 'Skills');
    expect(repository.fullName).toBe('acme/skills');
  });

  it('reports a missing repository as NOT_FOUND', async () => {
    const error = await failureOf(client().getRepository('acme', 'nothing'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('GitHub repository acme/nothing not found');
  });

  it('sends the token only as an Authorization header', async () => {
    await client({ token: TOKEN }).getRepository('acme', 'skills');
    expect(github.requests).toHaveLength(1);
    expect(github.requests[0].headers.authorization).toBe(`token ${TOKEN}`);
    expect(github.requests[0].url).not.toContain(TOKEN);
  });

  it('sends no Authorization header without a token', async () => {
    await client().getRepository('acme', 'skills');
    expect(github.requests[0].headers.authorization).toBeUndefined();
  });

  it('maps a server error to UPSTREAM_ERROR', async () => {
    github.failNext('/repos/acme/skills', 500);
    const error = await failureOf(client({ token: TOKEN }).getRepository('acme', 'skills'));
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.message).toBe('GitHub failed with status 500');
  });

  it('maps a rate limit to UPSTREAM_ERROR that says so', async () => {
    github.failNext('/repos/acme/skills', 403);
    const error = await failureOf(client({ token: TOKEN }).getRepository('acme', 'skills'));
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.message).toMatch(/^GitHub rate limit exceeded \(403\); it resets at \d{4}-/);
    github.failNext('/repos/acme/skills', 429);
    expect((await failureOf(client().getRepository('acme', 'skills'))).message).toMatch(/rate limit exceeded \(429\)/);
  });

  it('maps a refused token to UPSTREAM_ERROR without the token in the message', async () => {
    github.failNext('/repos/acme/skills', 401);
    const error = await failureOf(client({ token: TOKEN }).getRepository('acme', 'skills'));
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.message).toBe('GitHub refused the configured token (401)');
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(TOKEN);
  });

  it('maps an unreachable server to UPSTREAM_ERROR', async () => {
    const offline = await startFakeGitHub();
    await offline.close();
    const error = await failureOf(createGitHubClient({ baseUrl: offline.baseUrl, token: TOKEN }).getRepository('a', 'b'));
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.message).toBe('GitHub could not be reached: ECONNREFUSED');
  });

  it('gives up on a stalled answer after timeoutMs', async () => {
    const release = github.stall('/repos/acme/skills');
    try {
      const started = Date.now();
      const error = await failureOf(client({ timeoutMs: 200 }).getRepository('acme', 'skills'));
      expect(error.code).toBe('UPSTREAM_ERROR');
      expect(error.message).toBe('GitHub did not answer within 200 ms');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
    }
  });
});

describe('downloadArchive', () => {
  it('downloads the default branch as a real ZIP under one root folder', async () => {
    const archive = await client({ token: TOKEN }).downloadArchive('acme', 'skills');
    expect(archive.ref).toBe('trunk');
    const entries = entriesOf(archive.bytes);
    const root = entries[0].path;
    expect(root).toMatch(/^acme-skills-[0-9a-f]{7}\/$/);
    const files = stripSingleRootFolder(entries).filter((entry) => !entry.path.endsWith('/'));
    expect(Object.fromEntries(files.map((f) => [f.path, f.data.toString()]))).toEqual({
      'README.md': 'hello',
      'skills/pdf/SKILL.md': '# PDF\n',
    });
  });

  it('follows the redirect and keeps the token away from the archive URL', async () => {
    await client({ token: TOKEN }).downloadArchive('acme', 'skills');
    const paths = github.requests.map((r) => r.url);
    expect(paths).toEqual(['/repos/acme/skills', '/repos/acme/skills/zipball/trunk', expect.stringMatching(/^\/_archive\/acme\/skills\/trunk\.zip$/)]);
    expect(github.requests[0].headers.authorization).toBe(`token ${TOKEN}`);
    expect(github.requests[1].headers.authorization).toBe(`token ${TOKEN}`);
    expect(github.requests[2].headers.authorization).toBeUndefined();
  });

  it('downloads a named ref, including one with a slash, with binary files intact', async () => {
    const archive = await client().downloadArchive('acme', 'skills', 'feature/x');
    expect(archive.ref).toBe('feature/x');
    const files = stripSingleRootFolder(entriesOf(archive.bytes)).filter((entry) => !entry.path.endsWith('/'));
    expect(files.map((f) => f.path).sort()).toEqual(['SKILL.md', 'bin/tool']);
    expect([...files.find((f) => f.path === 'bin/tool')!.data]).toEqual([0, 1, 2, 255]);
  });

  it('reports a missing repository as NOT_FOUND', async () => {
    const error = await failureOf(client().downloadArchive('acme', 'nothing', 'main'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('GitHub repository acme/nothing not found');
  });

  it('reports a missing ref as NOT_FOUND', async () => {
    const error = await failureOf(client().downloadArchive('acme', 'skills', 'nope'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Ref "nope" not found in GitHub repository acme/skills');
  });

  it('maps a server error on the archive to UPSTREAM_ERROR', async () => {
    github.failNext('/repos/acme/skills/zipball', 502);
    const error = await failureOf(client().downloadArchive('acme', 'skills'));
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.message).toBe('GitHub failed with status 502');
  });

  it('maps a failing archive server to UPSTREAM_ERROR', async () => {
    github.failNext('/_archive/', 503);
    const error = await failureOf(client().downloadArchive('acme', 'skills'));
    expect(error.code).toBe('UPSTREAM_ERROR');
    expect(error.message).toBe("GitHub's archive server answered with status 503");
  });

  it('gives up on a stalled archive after timeoutMs', async () => {
    const release = github.stall('/_archive/');
    try {
      const error = await failureOf(client({ timeoutMs: 300 }).downloadArchive('acme', 'skills'));
      expect(error.code).toBe('UPSTREAM_ERROR');
      expect(error.message).toBe('GitHub did not answer within 300 ms');
    } finally {
      release();
    }
  });

  it('stops reading once the archive passes maxBytes', async () => {
    const error = await failureOf(client().downloadArchive('acme', 'big', undefined, 64 * 1024));
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('GitHub archive is larger than the limit of 65536 bytes');
    const archive = await client().downloadArchive('acme', 'big', undefined, 1024 * 1024);
    expect(archive.bytes.byteLength).toBeGreaterThan(256 * 1024);
  });
});

describe('refused links', () => {
  // The way the scan worker uses the two: parse first, only then talk to GitHub.
  async function fetchByUrl(url: string) {
    const location = parseGitHubUrl(url);
    return client({ token: TOKEN }).downloadArchive(location.owner, location.repo, location.ref);
  }

  it.each([
    'https://github.com.evil.net/acme/skills',
    `${'http://127.0.0.1'}/acme/skills`,
    'https://github.com:443/acme/skills',
    'https://user:pass@github.com/acme/skills',
    'file:///etc/passwd',
    'https://github.com/acme/skills?x=1',
  ])('never reach GitHub: %s', async (url) => {
    await expect(fetchByUrl(url)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(github.requests).toEqual([]);
  });

  it('a parsed link reaches GitHub', async () => {
    const archive = await fetchByUrl('https://github.com/acme/skills/tree/trunk/skills/pdf');
    expect(archive.ref).toBe('trunk');
    expect(github.requests).toHaveLength(3);
  });

  it('a branch with a slash in a /tree/ link is read as its first segment (documented limit)', async () => {
    const error = await failureOf(fetchByUrl('https://github.com/acme/skills/tree/feature/x'));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Ref "feature" not found in GitHub repository acme/skills');
  });
});

describe('stripSingleRootFolder', () => {
  it('removes the one top-level folder and its own entry', () => {
    const files = [{ path: 'acme-skills-abc1234/' }, { path: 'acme-skills-abc1234/SKILL.md' }, { path: 'acme-skills-abc1234/a/b.ts' }];
    expect(stripSingleRootFolder(files)).toEqual([{ path: 'SKILL.md' }, { path: 'a/b.ts' }]);
  });

  it('keeps other members of each entry', () => {
    expect(stripSingleRootFolder([{ path: 'root/x', size: 3 }])).toEqual([{ path: 'x', size: 3 }]);
  });

  it('leaves files alone when not all share one folder', () => {
    const files = [{ path: 'a/SKILL.md' }, { path: 'b/SKILL.md' }];
    expect(stripSingleRootFolder(files)).toBe(files);
    const flat = [{ path: 'SKILL.md' }];
    expect(stripSingleRootFolder(flat)).toBe(flat);
    const mixed = [{ path: 'a/SKILL.md' }, { path: 'README.md' }];
    expect(stripSingleRootFolder(mixed)).toBe(mixed);
    expect(stripSingleRootFolder([])).toEqual([]);
  });

  it('does not treat a shared name prefix as a folder', () => {
    const files = [{ path: 'ab/x' }, { path: 'abc/y' }];
    expect(stripSingleRootFolder(files)).toBe(files);
  });
});
