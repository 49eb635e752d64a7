// The bundle's GitHub side against a local fake GitHub API and the real service: the pull-request
// comment (created once, then updated in place, found by its hidden marker) and only-changed (the
// pull request's files decide which skills are graded).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { CLEAN_SKILL, RISKY_SKILL } from '../support/zips.ts';
import { makeFolder, runAction } from './run-action.ts';

const backend = BACKENDS.includes('postgres') ? 'postgres' : BACKENDS[0];
const TOKEN = 'ghs_fakeWorkflowToken0123456789';
const MARKER = '<!-- skillgate-action report: ';

describe(`the Action bundle with a pull request (service on ${backend}, fake GitHub)`, () => {
  let service: TestService;
  let github: FakeGitHub;
  let key: string;
  const folders: { remove: () => Promise<void> }[] = [];

  async function workspace(files: Record<string, string>): Promise<string> {
    const folder = await makeFolder(files);
    folders.push(folder);
    return folder.path;
  }

  /** Runs the bundle as on a pull_request event of acme/skills #number. */
  async function runOnPullRequest(path: string, number: number, inputs: Record<string, string>) {
    const event = join(await workspace({}), 'event.json');
    await writeFile(event, JSON.stringify({ action: 'synchronize', number, pull_request: { number, head: { sha: 'a'.repeat(40) } }, repository: { full_name: 'acme/skills' } }));
    return runAction({
      workspace: path,
      inputs: { 'api-key': key, 'api-url': service.baseUrl, ...inputs },
      env: {
        GITHUB_TOKEN: TOKEN,
        GITHUB_API_URL: github.baseUrl,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: 'acme/skills',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_RUN_ID: '4242',
        GITHUB_SHA: 'b'.repeat(40),
      },
    });
  }

  beforeAll(async () => {
    [service, github] = await Promise.all([startTestService(backend), startFakeGitHub()]);
    key = await service.key('pro');
  });

  afterAll(async () => {
    for (const folder of folders) await folder.remove();
    await Promise.all([service?.close(), github?.close()]);
  });

  describe('comment: true', () => {
    it('creates one comment with the marker, then updates it in place on the next run', async () => {
      const others = github.comments('acme', 'skills', 7);
      others.push({ id: 1, body: 'Looks good to me', author: 'someone', createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' });
      const path = await workspace({ 'skills/setup/SKILL.md': RISKY_SKILL });

      const first = await runOnPullRequest(path, 7, { comment: 'true' });
      expect(first.code).toBe(1);
      expect(first.stdout).toContain('Pull-request comment created on #7');
      expect(first.commands).toContainEqual({ command: 'add-mask', properties: {}, message: TOKEN });
      const comments = github.comments('acme', 'skills', 7);
      expect(comments).toHaveLength(2);
      const ours = comments[1];
      expect(ours.body.startsWith(MARKER)).toBe(true);
      expect(ours.author).toBe(TOKEN);
      expect(ours.body).toContain(`grade **${first.outputs.grade}**`);
      expect(ours.body).toContain('fails `fail-below: C`');
      expect(ours.body).toContain(`](https://github.com/acme/skills/blob/${'a'.repeat(40)}/skills/setup/SKILL.md#L`);
      expect(ours.body).toContain('[Workflow run](https://github.com/acme/skills/actions/runs/4242)');
      expect(ours.body).not.toContain(key);

      // The author fixes the skill and pushes again.
      await writeFile(join(path, 'skills/setup/SKILL.md'), CLEAN_SKILL);
      const second = await runOnPullRequest(path, 7, { comment: 'true' });
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('Pull-request comment updated on #7');
      expect(github.comments('acme', 'skills', 7)).toHaveLength(2);
      const updated = github.comments('acme', 'skills', 7)[1];
      expect(updated.id).toBe(ours.id);
      expect(updated.body.startsWith(MARKER)).toBe(true);
      expect(updated.body).toContain('passes `fail-below: C`');
      expect(github.comments('acme', 'skills', 7)[0].body).toBe('Looks good to me');
      const writes = github.requests.filter((r) => r.url.includes('/repos/acme/skills/issues/') && r.method !== 'GET');
      expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual([
        'POST /repos/acme/skills/issues/7/comments',
        `PATCH /repos/acme/skills/issues/comments/${ours.id}`,
      ]);
      expect(writes.every((r) => r.headers.authorization === `token ${TOKEN}`)).toBe(true);
    });

    it('finds its comment beyond the first page of comments', async () => {
      const path = await workspace({ 'SKILL.md': CLEAN_SKILL });
      const list = github.comments('acme', 'skills', 11);
      for (let i = 0; i < 150; i++) list.push({ id: 50_000 + i, body: `comment ${i}`, author: 'someone', createdAt: '', updatedAt: '' });
      const first = await runOnPullRequest(path, 11, { comment: 'true' });
      expect(first.stdout).toContain('Pull-request comment created on #11');
      const again = await runOnPullRequest(path, 11, { comment: 'true' });
      expect(again.stdout).toContain('Pull-request comment updated on #11');
      expect(list).toHaveLength(151);
      expect(list.filter((c) => c.body.startsWith(MARKER))).toHaveLength(1);
      expect(github.requests.some((r) => r.url.startsWith('/repos/acme/skills/issues/11/comments') && r.url.includes('page=2'))).toBe(true);
    });

    it('warns, without failing a passing grade, when GitHub refuses the comment', async () => {
      const path = await workspace({ 'SKILL.md': CLEAN_SKILL });
      github.failNext('/repos/acme/skills/issues/12/comments', 403);
      const result = await runOnPullRequest(path, 12, { comment: 'true' });
      expect(result.code).toBe(0);
      const warning = result.commands.find((c) => c.command === 'warning' && c.message.startsWith('Could not comment'));
      expect(warning?.message).toMatch(/pull request #12: .*"pull-requests: write"/);
      expect(github.comments('acme', 'skills', 12)).toHaveLength(0);
    });
  });

  describe('only-changed: true', () => {
    const repository = {
      'README.md': '# skills\n',
      'skills/clean/SKILL.md': CLEAN_SKILL,
      'skills/risky/SKILL.md': RISKY_SKILL,
      'skills/risky/scripts/helper.sh': 'echo hello\n',
    };

    it('grades only the skills whose files the pull request changes', async () => {
      const path = await workspace(repository);
      github.setPullRequestFiles('acme', 'skills', 21, [{ filename: 'README.md' }, { filename: 'skills/clean/SKILL.md' }]);
      const result = await runOnPullRequest(path, 21, { 'only-changed': 'true', path: 'skills' });
      expect(result.code).toBe(0);
      expect(result.report.skills.map((s: { folder: string }) => s.folder)).toEqual(['clean']);
      expect(result.summary).toContain('Only the skills this pull request changes are graded (`only-changed`): `clean`; 1 unchanged skill not graded.');
    });

    it('counts a file removed from a skill, and grades every changed skill together (folder *)', async () => {
      const path = await workspace(repository);
      github.setPullRequestFiles('acme', 'skills', 22, [
        { filename: 'skills/risky/scripts/old.sh', status: 'removed' },
        { filename: 'skills/clean/notes.md', previous_filename: 'docs/notes.md', status: 'renamed' },
      ]);
      const result = await runOnPullRequest(path, 22, { 'only-changed': 'true' });
      expect(result.code).toBe(1);
      expect(result.report.skills.map((s: { folder: string }) => s.folder)).toEqual(['skills/clean', 'skills/risky']);
      expect(result.commands.some((c) => c.command === 'error' && c.properties.file?.startsWith('skills/risky/'))).toBe(true);
    });

    it('grades nothing and succeeds, saying so, when no skill changed', async () => {
      const path = await workspace(repository);
      github.setPullRequestFiles('acme', 'skills', 23, [{ filename: 'README.md' }, { filename: 'skillsets/other.md' }]);
      const before = github.requests.length;
      const result = await runOnPullRequest(path, 23, { 'only-changed': 'true', path: 'skills', comment: 'true' });
      expect(result.code).toBe(0);
      expect(result.summary).toContain('nothing to grade');
      expect(result.summary).toContain('This pull request changes no file of any of the 2 skills under `skills`');
      expect(result.outputs).toMatchObject({ grade: '', findings: '0', report: '' });
      expect(result.report).toBeNull();
      // No earlier comment exists, so none is started for a pull request that changes no skill.
      expect(github.comments('acme', 'skills', 23)).toHaveLength(0);
      expect(github.requests.slice(before).some((r) => r.url.startsWith('/repos/acme/skills/pulls/23/files'))).toBe(true);
    });

    it('updates an earlier comment rather than leave a stale grade when the skill changes are gone', async () => {
      const path = await workspace(repository);
      github.setPullRequestFiles('acme', 'skills', 24, [{ filename: 'skills/risky/SKILL.md' }]);
      const graded = await runOnPullRequest(path, 24, { 'only-changed': 'true', comment: 'true' });
      expect(graded.code).toBe(1);
      expect(github.comments('acme', 'skills', 24)[0].body).toContain('fails `fail-below: C`');
      // The author reverts the skill; only the README is left in the pull request.
      github.setPullRequestFiles('acme', 'skills', 24, [{ filename: 'README.md' }]);
      const reverted = await runOnPullRequest(path, 24, { 'only-changed': 'true', comment: 'true' });
      expect(reverted.code).toBe(0);
      const comments = github.comments('acme', 'skills', 24);
      expect(comments).toHaveLength(1);
      expect(comments[0].body.startsWith(MARKER)).toBe(true);
      expect(comments[0].body).toContain('changes no file of any of the 2 skills');
      expect(comments[0].body).not.toContain('fail-below: C');
    });
  });
});
