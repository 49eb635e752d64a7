// Scanning GitHub links end to end, against a local fake of GitHub's API serving real archives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { CLEAN_SKILL, RISKY_SKILL } from '../support/zips.ts';

describe.each(BACKENDS)('GitHub links on %s', (backend) => {
  let github: FakeGitHub;
  let t: TestService;
  let key: string;
  const scanUrl = (url: string, query = '') =>
    t.request('POST', `/api/v1/scan${query}`, key, { body: JSON.stringify({ url }), headers: { 'content-type': 'application/json' } });

  beforeAll(async () => {
    github = await startFakeGitHub();
    github.addRepository({
      owner: 'acme',
      repo: 'skills',
      stars: 42,
      refs: {
        main: { 'README.md': '# Acme skills', 'skills/csv/SKILL.md': CLEAN_SKILL, 'skills/setup/SKILL.md': RISKY_SKILL },
        v1: { 'SKILL.md': CLEAN_SKILL },
      },
    });
    t = await startTestService(backend, { GITHUB_API_URL: github.baseUrl, GITHUB_TOKEN: 'test-token-123', SCAN_WAIT_MS: '60000' });
    key = await t.key('enterprise');
  });
  afterAll(async () => {
    await t?.close();
    await github?.close();
  });

  it('grades a repository of the default branch, with paths relative to the repository root', async () => {
    const res = await scanUrl('https://github.com/acme/skills', '?folder=*');
    expect(res.status).toBe(200);
    expect(res.body.data.skills.map((s: { folder: string }) => s.folder)).toEqual(['skills/csv', 'skills/setup']);
    expect(res.body.data.findings.some((f: { file: string }) => f.file === 'skills/setup/SKILL.md')).toBe(true);
    const archive = github.requests.find((r) => r.url.includes('zipball'));
    expect(archive?.headers.authorization).toContain('test-token-123');
  });

  it('answers 409 listing the folders of a repository with several skills', async () => {
    const res = await scanUrl('https://github.com/acme/skills.git');
    expect(res.status).toBe(409);
    expect(res.body.error.folders).toEqual(['skills/csv', 'skills/setup']);
  });

  it('grades a named ref and path from /tree/REF/PATH', async () => {
    const res = await scanUrl('https://github.com/acme/skills/tree/main/skills/csv');
    expect(res.status).toBe(200);
    expect(res.body.data.skills).toEqual([expect.objectContaining({ folder: 'skills/csv' })]);
    const tagged = await scanUrl('https://github.com/acme/skills/tree/v1');
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.skills[0].folder).toBe('');
  });

  it('refuses other hosts, schemes, ports and addresses with 400 without making any request', async () => {
    github.requests.length = 0;
    for (const url of ['https://gitlab.com/acme/skills', 'http://127.0.0.1/acme/skills', 'https://github.com:8443/acme/skills',
      'ftp://github.com/acme/skills', 'https://github.com.evil.example/acme/skills', `${github.baseUrl}/acme/skills`]) {
      const res = await scanUrl(url);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('INVALID_INPUT');
    }
    expect(github.requests).toEqual([]);
  });

  it('answers 404 for a missing repository and ref', async () => {
    const missing = await scanUrl('https://github.com/acme/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/acme\/nothing/);
    const ref = await scanUrl('https://github.com/acme/skills/tree/no-such-branch');
    expect(ref.status).toBe(404);
  });

  it('retries GitHub failures with back-off and answers 502 UPSTREAM_ERROR when they persist', async () => {
    github.failNext('/repos/acme/skills', 500, 1);
    const recovered = await scanUrl('https://github.com/acme/skills/tree/v1');
    expect(recovered.status).toBe(200);
    github.failNext('/repos/acme/skills', 503, 100);
    const failed = await scanUrl('https://github.com/acme/skills/tree/v1');
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('UPSTREAM_ERROR');
  }, 120_000);
});
