// Repository import on both databases, against a fake GitHub serving real archives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { listGradeHistory } from '../../db/grade-history.ts';
import { upsertSkill } from '../../db/skills-write.ts';
import { contentHashOf } from '../../worker/grade-skill.ts';
import { importRepository } from '../../worker/import-repository.ts';
import { RULES_VERSION } from '../../worker/scanner/index.ts';
import { BACKENDS } from '../support/databases.ts';
import { skillRecord } from '../support/test-app.ts';
import { RISKY_SKILL } from '../support/zips.ts';
import { DOCKER_SKILL, PDF_SKILL, PLAIN_SKILL, skillMd, startDirectoryFixture, type DirectoryFixture } from './support.ts';

const RUN_SH = '#!/bin/sh\ndocker compose config --quiet\n';

describe.each(BACKENDS)('repository import on %s', (backend) => {
  let f: DirectoryFixture;
  const skill = async (slug: string) => (await f.pool.query('SELECT * FROM skills WHERE slug = $1', [slug])).rows[0];

  beforeAll(async () => {
    f = await startDirectoryFixture(backend);
  });
  afterAll(async () => f?.close());

  it('finds skills at any depth, records author, stars, forks and language, and grades them', async () => {
    f.fake.addRepository({
      owner: 'acme',
      repo: 'toolbox',
      stars: 42,
      forks: 7,
      language: 'Python',
      refs: {
        main: {
          'README.md': '# Toolbox\n',
          'skills/pdf/SKILL.md': PDF_SKILL,
          '.claude/skills/ops/compose/SKILL.md': DOCKER_SKILL,
          '.claude/skills/ops/compose/scripts/check.sh': RUN_SH,
          'deep/a/b/c/risky/SKILL.md': RISKY_SKILL,
        },
      },
    });
    const result = await importRepository(f.deps, 'acme/toolbox');
    expect(result).toMatchObject({ repository: 'acme/toolbox', ref: 'main', author: 'acme', stars: 42, forks: 7, language: 'Python' });
    expect(result.counts).toEqual({ added: 3, updated: 0, regraded: 0, unchanged: 0, removed: 0 });
    expect(result.skills.map((s) => [s.folder, s.slug])).toEqual([
      ['.claude/skills/ops/compose', 'acme-toolbox-claude-skills-ops-compose'],
      ['deep/a/b/c/risky', 'acme-toolbox-deep-a-b-c-risky'],
      ['skills/pdf', 'acme-toolbox-skills-pdf'],
    ]);

    const pdf = await skill('acme-toolbox-skills-pdf');
    expect(pdf).toMatchObject({
      name: 'pdf-tools', author: 'acme', stars: 42, forks: 7, language: 'Python', category: 'documents',
      source_repo: 'acme/toolbox', source_path: 'skills/pdf', content: PDF_SKILL, rules_version: RULES_VERSION,
    });
    expect(pdf.security_grade).toBe('A');

    const compose = await skill('acme-toolbox-claude-skills-ops-compose');
    expect(compose.category).toBe('devops');
    const files = await f.pool.query('SELECT path, content FROM skill_files WHERE skill_id = $1', [compose.id]);
    expect(files.rows.map((r) => [r.path, r.content.toString('utf8')])).toEqual([['scripts/check.sh', RUN_SH]]);
    expect(compose.content_hash).toBe(
      contentHashOf([{ path: 'SKILL.md', content: Buffer.from(DOCKER_SKILL) }, { path: 'scripts/check.sh', content: Buffer.from(RUN_SH) }]),
    );

    const risky = await skill('acme-toolbox-deep-a-b-c-risky');
    expect(risky.security_grade).toMatch(/^[DF]$/);
    expect(risky.findings.length).toBeGreaterThan(0);
    expect(result.skills.find((s) => s.folder === 'deep/a/b/c/risky')).toMatchObject({ grade: risky.security_grade, score: risky.security_score });

    const history = await listGradeHistory(f.pool, 'acme-toolbox-deep-a-b-c-risky');
    expect(history).toEqual([
      expect.objectContaining({ reason: 'added', grade: risky.security_grade, score: risky.security_score, rulesVersion: RULES_VERSION, contentHash: risky.content_hash }),
    ]);
    expect(history[0].critical + history[0].high).toBeGreaterThan(0);
  });

  it('on a second import updates only the skill whose content changed, and refreshes stars for all', async () => {
    const before = await skill('acme-toolbox-skills-pdf');
    f.fake.addRepository({
      owner: 'acme',
      repo: 'toolbox',
      stars: 50,
      forks: 8,
      language: 'Python',
      refs: {
        main: {
          'skills/pdf/SKILL.md': PDF_SKILL,
          '.claude/skills/ops/compose/SKILL.md': DOCKER_SKILL,
          '.claude/skills/ops/compose/scripts/check.sh': RUN_SH + 'echo done\n',
          'deep/a/b/c/risky/SKILL.md': RISKY_SKILL,
        },
      },
    });
    const result = await importRepository(f.deps, 'acme/toolbox');
    expect(result.counts).toEqual({ added: 0, updated: 1, regraded: 0, unchanged: 2, removed: 0 });
    expect(result.skills.find((s) => s.status === 'updated')?.slug).toBe('acme-toolbox-claude-skills-ops-compose');

    const { rows } = await f.pool.query(`SELECT slug, stars, forks FROM skills WHERE source_repo = 'acme/toolbox' ORDER BY slug`);
    expect(rows.every((r) => r.stars === 50 && r.forks === 8)).toBe(true);
    const after = await skill('acme-toolbox-skills-pdf');
    expect(after.updated_at).toEqual(before.updated_at);
    expect(after.scanned_at).toEqual(before.scanned_at);
    expect(await listGradeHistory(f.pool, 'acme-toolbox-skills-pdf')).toHaveLength(1);
    const compose = await listGradeHistory(f.pool, 'acme-toolbox-claude-skills-ops-compose');
    expect(compose.map((h) => h.reason)).toEqual(['added', 'content-changed']);
    const files = await f.pool.query(
      `SELECT convert_from(content, 'UTF8') AS text FROM skill_files WHERE skill_id = (SELECT id FROM skills WHERE slug = $1)`,
      ['acme-toolbox-claude-skills-ops-compose'],
    );
    expect(files.rows[0].text).toContain('echo done');
  });

  it('regrades a skill with unchanged content when it was graded with another rule set', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old' WHERE slug = 'acme-toolbox-skills-pdf'`);
    const result = await importRepository(f.deps, 'acme/toolbox');
    expect(result.counts).toMatchObject({ regraded: 1, unchanged: 2, updated: 0 });
    expect((await skill('acme-toolbox-skills-pdf')).rules_version).toBe(RULES_VERSION);
    expect((await listGradeHistory(f.pool, 'acme-toolbox-skills-pdf')).map((h) => h.reason)).toEqual(['added', 'rules-changed']);
  });

  it('removes skills that left the repository and never touches skills of other sources', async () => {
    await upsertSkill(f.pool, skillRecord({ slug: 'hand-made', category: 'writing', sourceRepo: 'acme/toolbox' }));
    f.fake.addRepository({
      owner: 'acme',
      repo: 'toolbox',
      stars: 50,
      refs: { main: { 'skills/pdf/SKILL.md': PDF_SKILL, 'deep/a/b/c/risky/SKILL.md': RISKY_SKILL } },
    });
    const result = await importRepository(f.deps, 'acme/toolbox');
    expect(result.counts).toMatchObject({ removed: 1, unchanged: 2 });
    expect(result.skills.find((s) => s.status === 'removed')?.slug).toBe('acme-toolbox-claude-skills-ops-compose');
    expect(await skill('acme-toolbox-claude-skills-ops-compose')).toBeUndefined();
    expect(await skill('hand-made')).toMatchObject({ source_repo: 'acme/toolbox', stars: 10, author: 'tester' });
  });

  it('imports only the folder given as a path, and removes only below it', async () => {
    f.fake.addRepository({
      owner: 'acme',
      repo: 'toolbox',
      stars: 50,
      refs: { main: { 'skills/pdf/SKILL.md': PDF_SKILL, 'skills/hello/SKILL.md': PLAIN_SKILL } },
    });
    const result = await importRepository(f.deps, 'acme/toolbox/skills');
    expect(result.path).toBe('skills');
    expect(result.counts).toEqual({ added: 1, updated: 0, regraded: 0, unchanged: 1, removed: 0 });
    // deep/a/b/c/risky lies outside "skills" and is kept although the archive no longer holds it.
    expect(await skill('acme-toolbox-deep-a-b-c-risky')).toBeDefined();
    expect(await skill('acme-toolbox-skills-hello')).toMatchObject({ category: 'uncategorised', name: 'hello' });
    const category = await f.pool.query(`SELECT name FROM categories WHERE slug = 'uncategorised'`);
    expect(category.rows).toEqual([{ name: 'Uncategorised' }]);
  });

  it('gives a taken slug a suffix from the repository and folder, the same on every import', async () => {
    await upsertSkill(f.pool, skillRecord({ slug: 'zed-kit-pdf', category: 'writing' }));
    f.fake.addRepository({ owner: 'zed', repo: 'kit', refs: { main: { 'pdf/SKILL.md': PDF_SKILL, 'PDF_/SKILL.md': PLAIN_SKILL } } });
    const first = await importRepository(f.deps, 'zed/kit');
    const slugs = first.skills.map((s) => s.slug);
    expect(slugs).toHaveLength(2);
    expect(slugs.every((s) => /^zed-kit-pdf-[0-9a-f]{6}$/.test(s))).toBe(true);
    expect(new Set(slugs).size).toBe(2);
    await f.pool.query(`DELETE FROM skills WHERE source_repo = 'zed/kit'`);
    const again = await importRepository(f.deps, 'zed/kit');
    expect(again.skills.map((s) => s.slug)).toEqual(slugs);
  });

  it('accepts a github.com link with a ref and a path', async () => {
    f.fake.addRepository({
      owner: 'linked',
      repo: 'repo',
      refs: { main: { 'SKILL.md': PLAIN_SKILL }, v2: { 'tools/pdf/SKILL.md': PDF_SKILL, 'SKILL.md': PLAIN_SKILL } },
    });
    const result = await importRepository(f.deps, 'https://github.com/linked/repo/tree/v2/tools');
    expect(result).toMatchObject({ ref: 'v2', path: 'tools' });
    expect(result.skills.map((s) => s.slug)).toEqual(['linked-repo-tools-pdf']);
    // The directory holds one version of a repository: the default branch has no tools/pdf.
    const root = await importRepository(f.deps, 'linked/repo');
    expect(root.skills).toEqual([
      expect.objectContaining({ slug: 'linked-repo', folder: '', status: 'added' }),
      expect.objectContaining({ slug: 'linked-repo-tools-pdf', folder: 'tools/pdf', status: 'removed' }),
    ]);
  });

  it.each([
    ['a repository that does not exist', 'acme/missing', 'NOT_FOUND', /GitHub repository acme\/missing not found/],
    ['a path that does not exist', 'acme/toolbox/nowhere', 'NOT_FOUND', /no path acme\/toolbox\/nowhere/],
    ['a repository without skills', 'acme/empty', 'NOT_FOUND', /no skills \(folders with a SKILL\.md\) in acme\/empty/],
    ['a malformed target', 'acme', 'INVALID_INPUT', /owner\/repo/],
    ['a path that climbs out', 'acme/toolbox/../x', 'INVALID_INPUT', /path/],
  ])('refuses %s with a clear error', async (_name, target, code, message) => {
    f.fake.addRepository({ owner: 'acme', repo: 'empty', refs: { main: { 'README.md': '# nothing\n' } } });
    const error = await importRepository(f.deps, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('reports GitHub trouble as UPSTREAM_ERROR and changes nothing', async () => {
    const before = (await f.pool.query('SELECT count(*)::int AS n FROM skills')).rows[0].n;
    f.fake.failNext('/repos/acme/toolbox', 503);
    const error = await importRepository(f.deps, 'acme/toolbox').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' });
    expect((await f.pool.query('SELECT count(*)::int AS n FROM skills')).rows[0].n).toBe(before);
  });

  it('stores a lowercase skill.md as the SKILL.md text and infers the category from it', async () => {
    f.fake.addRepository({ owner: 'acme', repo: 'lower', refs: { main: { 'db/skill.md': skillMd('pg-tuner', 'Tune PostgreSQL queries and indexes.') } } });
    const result = await importRepository(f.deps, 'acme/lower');
    const row = await skill(result.skills[0].slug);
    expect(row).toMatchObject({ category: 'databases', name: 'pg-tuner' });
    expect((await f.pool.query('SELECT count(*)::int AS n FROM skill_files WHERE skill_id = $1', [row.id])).rows[0].n).toBe(0);
  });
});
