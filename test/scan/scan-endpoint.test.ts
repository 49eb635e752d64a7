// POST /api/v1/scan and GET /api/v1/scans/:id end to end: API, pg-boss worker, scanner, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { CLEAN_SKILL, RISKY_SKILL, multipart, zipOf } from '../support/zips.ts';

describe.each(BACKENDS)('scan endpoint on %s', (backend) => {
  let t: TestService;
  let pro: string;
  const post = (query: string, init: { body?: RequestInit['body']; headers?: Record<string, string> }, key: string | null = pro) =>
    t.request('POST', `/api/v1/scan${query}`, key, init);
  const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

  beforeAll(async () => {
    t = await startTestService(backend, { SCAN_MAX_UPLOAD_BYTES: String(200 * 1024) });
    pro = await t.key('pro');
  });
  afterAll(async () => t?.close());

  it('grades SKILL.md text sent as JSON, with the result shape of the design', async () => {
    const res = await post('', json({ content: CLEAN_SKILL }));
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['grade', 'score', 'rulesVersion', 'skills', 'findings']));
    expect(data.grade).toMatch(/^[AB]$/);
    expect(data.skills).toEqual([expect.objectContaining({ folder: '', name: 'csv-summary', grade: data.grade, score: data.score })]);
    expect(res.body.meta.tier).toBe('pro');
    expect(res.headers.get('x-ratelimit-tier')).toBe('pro');
  });

  it('grades text/markdown bodies and reports findings with file, line, column and fix', async () => {
    const res = await post('', { body: RISKY_SKILL, headers: { 'content-type': 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(res.body.data.grade).toMatch(/^[DF]$/);
    const finding = res.body.data.findings[0];
    expect(finding).toEqual(expect.objectContaining({ folder: '', file: 'SKILL.md', ruleId: expect.any(String), fix: expect.any(String) }));
    expect(finding.line).toBeGreaterThan(1);
    expect(finding.column).toBeGreaterThanOrEqual(1);
    expect(['critical', 'high', 'medium', 'low']).toContain(finding.severity);
  });

  it('answers 422 GRADE_BELOW_THRESHOLD with the whole result when the grade is worse than fail_below', async () => {
    const res = await post('?fail_below=B', json({ content: RISKY_SKILL }));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('GRADE_BELOW_THRESHOLD');
    expect(res.body.error.message).toMatch(/threshold B/);
    expect(res.body.data.findings.length).toBeGreaterThan(0);
    const ok = await post('?fail_below=f', json({ content: CLEAN_SKILL }));
    expect(ok.status).toBe(200);
  });

  it('refuses Free keys with 403 TIER_RESTRICTED and missing keys with 401', async () => {
    const res = await post('', json({ content: CLEAN_SKILL }), await t.key('free'));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('TIER_RESTRICTED');
    expect((await post('', json({ content: CLEAN_SKILL }), null)).status).toBe(401);
  });

  it.each([
    ['no body', {}, 'INVALID_INPUT', /no input/],
    ['empty JSON', json({}), 'INVALID_INPUT', /no input/],
    ['two inputs', json({ content: CLEAN_SKILL, url: 'https://github.com/a/b' }), 'INVALID_INPUT', /2 inputs/],
    ['bad JSON', { body: '{"content": ', headers: { 'content-type': 'application/json' } }, 'INVALID_INPUT', /JSON/],
    ['content not a string', json({ content: 42 }), 'INVALID_INPUT', /content/],
    ['empty text', { body: '   ', headers: { 'content-type': 'text/plain' } }, 'INVALID_INPUT', /empty/],
    ['unsupported type', { body: 'x', headers: { 'content-type': 'image/png' } }, 'INVALID_INPUT', /Content-Type/],
    ['not a GitHub link', json({ url: 'https://gitlab.com/a/b' }), 'INVALID_INPUT', /github/i],
  ])('answers 400 for %s', async (_name, init, code, message) => {
    const res = await post('', init as { body?: RequestInit['body']; headers?: Record<string, string> });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toMatch(message);
  });

  it('answers 400 INVALID_PARAMETER for a bad fail_below letter', async () => {
    const res = await post('?fail_below=Z', json({ content: CLEAN_SKILL }));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_PARAMETER', message: expect.stringContaining('fail_below') });
  });

  it('grades a ZIP upload and refuses bytes that are not a ZIP', async () => {
    const ok = await post('', { body: multipart('zip', zipOf({ 'csv-summary/SKILL.md': CLEAN_SKILL, 'csv-summary/scripts/stats.py': 'print(1)\n' })) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.skills).toEqual([expect.objectContaining({ folder: 'csv-summary' })]);
    const bad = await post('', { body: multipart('zip', Buffer.from('this is not a zip archive')) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/not a ZIP/);
    const both = await post('', { body: multipart('zip', zipOf({ 'SKILL.md': CLEAN_SKILL }), 'a.zip', { content: CLEAN_SKILL }) });
    expect(both.status).toBe(400);
  });

  it('answers 400 when the ZIP holds no SKILL.md', async () => {
    const res = await post('', { body: multipart('zip', zipOf({ 'README.md': '# nothing here' })) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/SKILL\.md/) });
  });

  describe('several skills in one ZIP', () => {
    const twoSkills = () => multipart('zip', zipOf({ 'skills/clean/SKILL.md': CLEAN_SKILL, 'skills/risky/SKILL.md': RISKY_SKILL }));

    it('answers 409 MULTIPLE_SKILLS listing the folders when no folder is given', async () => {
      const res = await post('', { body: twoSkills() });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('MULTIPLE_SKILLS');
      expect(res.body.error.folders).toEqual(['skills/clean', 'skills/risky']);
    });

    it('grades only the named folder', async () => {
      const res = await post('?folder=skills/clean', { body: twoSkills() });
      expect(res.status).toBe(200);
      expect(res.body.data.skills.map((s: { folder: string }) => s.folder)).toEqual(['skills/clean']);
      expect(res.body.data.findings.every((f: { folder: string }) => f.folder === 'skills/clean')).toBe(true);
    });

    it('grades all with *, applying fail_below to the worst', async () => {
      const all = await post('?folder=*', { body: twoSkills() });
      expect(all.status).toBe(200);
      expect(all.body.data.skills).toHaveLength(2);
      const worst = all.body.data.skills.find((s: { folder: string }) => s.folder === 'skills/risky');
      expect(all.body.data.grade).toBe(worst.grade);
      const gated = await post('?folder=*&fail_below=C', { body: twoSkills() });
      expect(gated.status).toBe(422);
      expect(gated.body.data.skills).toHaveLength(2);
    });

    it('answers 400 naming folder when the folder is not a skill', async () => {
      const res = await post('?folder=skills/nope', { body: twoSkills() });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/folder/);
    });
  });

  it('answers 413 PAYLOAD_TOO_LARGE over the upload limit', async () => {
    const big = zipOf({ 'SKILL.md': CLEAN_SKILL, 'data.bin': Buffer.from(crypto.getRandomValues(new Uint8Array(60_000)).buffer).toString('base64').repeat(5) });
    const res = await post('', { body: multipart('zip', big) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await post('', { body: 'x'.repeat(300 * 1024), headers: { 'content-type': 'text/markdown' } });
    expect(text.status).toBe(413);
  });

  it('answers 202 with an id under async=true, and the result at GET /api/v1/scans/:id for the same key only', async () => {
    const res = await post('?async=true&fail_below=A', json({ content: RISKY_SKILL }));
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ id: expect.any(String), status: expect.stringMatching(/queued|running/) });
    const id = res.body.data.id;
    let scan;
    for (let i = 0; i < 100; i++) {
      scan = await t.request('GET', `/api/v1/scans/${id}`, pro);
      if (scan.body.data.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(scan!.status).toBe(200);
    expect(scan!.body.data).toMatchObject({ id, status: 'done', failBelow: 'A', belowThreshold: true });
    expect(scan!.body.data.result.grade).toMatch(/[DF]/);
    const other = await t.request('GET', `/api/v1/scans/${id}`, await t.key('enterprise'));
    expect(other.status).toBe(404);
    expect((await t.request('GET', '/api/v1/scans/not-a-uuid', pro)).status).toBe(404);
  });
});
