// The nightly rescan on both databases: what it regrades and skips, the grade history, the
// metadata refresh (one repository request each), failures and the one-run-at-a-time lease.
// Most tests grade on the event loop (threads: 0), as the imports here do: under the test runner
// the transformed scanner reports another rule-set version than the one grading threads load.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listGradeHistory } from '../../db/grade-history.ts';
import { claimRescanRun, finishRescanRun } from '../../db/rescan-runs.ts';
import { upsertSkill } from '../../db/skills-write.ts';
import { gradeSkill, type SkillFile } from '../../worker/grade-skill.ts';
import { importRepository } from '../../worker/import-repository.ts';
import { rescanDirectory, type RescanProgress } from '../../worker/rescan-directory.ts';
import { RULES_VERSION } from '../../worker/scanner/index.ts';
import { BACKENDS } from '../support/databases.ts';
import { skillRecord } from '../support/test-app.ts';
import { DOCKER_SKILL, PDF_SKILL, PLAIN_SKILL, startDirectoryFixture, type DirectoryFixture } from './support.ts';

describe.each(BACKENDS)('directory rescan on %s', (backend) => {
  let f: DirectoryFixture;
  const rescan = (options: Parameters<typeof rescanDirectory>[1] = {}, extra: Partial<Parameters<typeof rescanDirectory>[0]> = {}) =>
    rescanDirectory({ pool: f.pool, github: f.github, ...extra }, { threads: 0, ...options });
  const skill = async (slug: string) => (await f.pool.query('SELECT * FROM skills WHERE slug = $1', [slug])).rows[0];

  beforeAll(async () => {
    f = await startDirectoryFixture(backend);
    f.fake.addRepository({
      owner: 'acme', repo: 'toolbox', stars: 5, forks: 1, language: 'Python',
      refs: { main: { 'skills/pdf/SKILL.md': PDF_SKILL, 'skills/compose/SKILL.md': DOCKER_SKILL, 'skills/compose/run.sh': 'echo hi\n' } },
    });
    f.fake.addRepository({ owner: 'other', repo: 'hello', stars: 3, refs: { main: { 'SKILL.md': PLAIN_SKILL } } });
    await importRepository(f.deps, 'acme/toolbox');
    await importRepository(f.deps, 'other/hello');
  });
  afterAll(async () => f?.close());
  beforeEach(() => {
    f.fake.requests.length = 0;
  });

  it('skips every skill whose content and rule set are unchanged', async () => {
    const before = await f.pool.query('SELECT slug, scanned_at FROM skills ORDER BY slug');
    const summary = await rescan();
    expect(summary).toMatchObject({ total: 3, done: 3, regraded: 0, skipped: 3, failed: 0, rulesVersion: RULES_VERSION });
    expect((await f.pool.query('SELECT slug, scanned_at FROM skills ORDER BY slug')).rows).toEqual(before.rows);
  });

  it('regrades skills graded with an old rule set, records their history and skips the rest', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old', security_score = 10, security_grade = 'F' WHERE slug IN ('acme-toolbox-skills-pdf', 'other-hello')`);
    const summary = await rescan();
    expect(summary).toMatchObject({ total: 3, done: 3, regraded: 2, skipped: 1, failed: 0 });
    for (const slug of ['acme-toolbox-skills-pdf', 'other-hello']) {
      const row = await skill(slug);
      expect(row).toMatchObject({ rules_version: RULES_VERSION, security_grade: 'A' });
      const history = await listGradeHistory(f.pool, slug);
      expect(history.map((h) => h.reason)).toEqual(['added', 'rules-changed']);
      expect(history[1]).toMatchObject({ grade: 'A', score: row.security_score, rulesVersion: RULES_VERSION, contentHash: row.content_hash });
    }
    expect(await listGradeHistory(f.pool, 'acme-toolbox-skills-compose')).toHaveLength(1);
    // The skill counts behind the listing follow the new scores.
    const counts = await f.pool.query(`SELECT coalesce(sum(n), 0)::int AS n FROM skill_counts WHERE security_score = 10`);
    expect(counts.rows[0].n).toBe(0);
  });

  it('regrades skills whose content changed since their last grading, and skills with no grading on record', async () => {
    const changed = PDF_SKILL + '\nAlso read https://example.com/notes.\n';
    await f.pool.query(`UPDATE skills SET content = $1 WHERE slug = 'acme-toolbox-skills-pdf'`, [changed]);
    await f.pool.query(`UPDATE skills SET content_hash = 'sha256:edited' WHERE slug = 'acme-toolbox-skills-pdf'`);
    const seeded = skillRecord({ slug: 'seeded', category: 'writing', content: PLAIN_SKILL, rulesVersion: RULES_VERSION });
    await upsertSkill(f.pool, seeded);

    const summary = await rescan();
    expect(summary).toMatchObject({ total: 4, regraded: 2, skipped: 2 });
    const pdf = await skill('acme-toolbox-skills-pdf');
    expect(pdf.content_hash).toBe(gradeSkill([{ path: 'SKILL.md', content: Buffer.from(changed) }]).contentHash);
    expect((await listGradeHistory(f.pool, 'acme-toolbox-skills-pdf')).at(-1)?.reason).toBe('content-changed');
    expect((await listGradeHistory(f.pool, 'seeded')).map((h) => h.reason)).toEqual(['unrecorded']);
    expect((await skill('seeded')).content_hash).toBe(gradeSkill([{ path: 'SKILL.md', content: Buffer.from(PLAIN_SKILL) }]).contentHash);

    expect(await rescan()).toMatchObject({ total: 4, regraded: 0, skipped: 4 });
  });

  it('refreshes stars, forks and language of imported skills with one repository request each', async () => {
    f.fake.addRepository({
      owner: 'acme', repo: 'toolbox', stars: 99, forks: 12, language: 'Go',
      refs: { main: { 'skills/pdf/SKILL.md': PDF_SKILL } },
    });
    const summary = await rescan();
    expect(summary).toMatchObject({ repositories: 2, githubFailed: 0 });
    expect(f.metadataRequests('acme/toolbox')).toBe(1);
    expect(f.metadataRequests('other/hello')).toBe(1);
    expect(f.fake.requests.filter((r) => r.url.includes('zipball'))).toHaveLength(0);
    const { rows } = await f.pool.query(`SELECT stars, forks, language FROM skills WHERE source_repo = 'acme/toolbox'`);
    expect(rows).toEqual([{ stars: 99, forks: 12, language: 'Go' }, { stars: 99, forks: 12, language: 'Go' }]);
    // The hand-made skill is not imported: its metadata is not GitHub's to change.
    expect(await skill('seeded')).toMatchObject({ stars: 10, language: 'Python' });
  });

  it('counts GitHub failures without stopping the rescan', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old' WHERE slug = 'other-hello'`);
    f.fake.failNext('/repos/acme/toolbox', 500);
    const summary = await rescan();
    expect(summary).toMatchObject({ repositories: 2, githubFailed: 1, regraded: 1, failed: 0 });
    const { rows } = await f.pool.query(`SELECT full_name, last_error FROM source_repositories ORDER BY full_name`);
    expect(rows).toEqual([
      { full_name: 'acme/toolbox', last_error: expect.stringMatching(/GitHub failed with status 500/) },
      { full_name: 'other/hello', last_error: null },
    ]);
  });

  it('counts a skill the grader fails on and carries on with the others', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old'`);
    const grade = (files: SkillFile[]) => {
      if (files[0].content.toString('utf8').includes('compose-check')) throw new Error('grader broke');
      return gradeSkill(files);
    };
    const summary = await rescan({}, { grade });
    expect(summary).toMatchObject({ total: 4, regraded: 3, failed: 1, skipped: 0 });
    expect((await skill('acme-toolbox-skills-compose')).rules_version).toBe('old');
    // The next rescan tries it again.
    expect(await rescan()).toMatchObject({ regraded: 1, skipped: 3 });
  });

  it('walks the directory in batches, reporting progress after each', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old' WHERE slug <> 'seeded'`);
    const progress: RescanProgress[] = [];
    const summary = await rescan({ batchSize: 3, onProgress: (p) => progress.push(p) });
    expect(summary).toMatchObject({ total: 4, regraded: 3, skipped: 1 });
    expect(progress.map((p) => p.done)).toEqual([3, 4]);
    expect(progress.at(-1)).toEqual({ done: 4, total: 4, regraded: 3, skipped: 1, failed: 0 });
    const runs = await f.pool.query(`SELECT status, total, done, regraded, skipped FROM rescan_runs ORDER BY id DESC LIMIT 1`);
    expect(runs.rows[0]).toEqual({ status: 'done', total: 4, done: 4, regraded: 3, skipped: 1 });
  });

  it('grades on worker threads, recording the rule set the threads grade with', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old'`);
    const summary = await rescan({ threads: 2, batchSize: 2 });
    expect(summary).toMatchObject({ total: 4, regraded: 4, skipped: 0, failed: 0 });
    const { rows } = await f.pool.query('SELECT content, rules_version, security_score, security_grade, content_hash FROM skills WHERE repository_id IS NOT NULL');
    for (const row of rows) {
      const expected = gradeSkill([{ path: 'SKILL.md', content: Buffer.from(row.content) }]);
      expect(row).toMatchObject({ rules_version: summary.rulesVersion, security_score: expected.score, security_grade: expected.grade });
    }
    expect(await rescan({ threads: 2 })).toMatchObject({ regraded: 0, skipped: 4, rulesVersion: summary.rulesVersion });
    // Back to the event loop's rule set for the tests that follow.
    expect(await rescan()).toMatchObject({ regraded: summary.rulesVersion === RULES_VERSION ? 0 : 4 });
  });

  it('refuses to start while another rescan is alive, and takes over one whose heartbeat stopped', async () => {
    const claim = await claimRescanRun(f.pool, RULES_VERSION, 60);
    expect('id' in claim).toBe(true);
    const id = (claim as { id: number }).id;
    await expect(rescan()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/already running/) });
    await f.pool.query(`UPDATE rescan_runs SET heartbeat_at = now() - interval '10 minutes' WHERE id = $1`, [id]);
    expect(await rescan()).toMatchObject({ done: 4 });
    const { rows } = await f.pool.query('SELECT status FROM rescan_runs WHERE id = $1', [id]);
    expect(rows[0].status).toBe('abandoned');
    await finishRescanRun(f.pool, id, 'failed', { total: 0, done: 0, regraded: 0, skipped: 0, failed: 0, repositories: 0, githubFailed: 0 });
  });
});
