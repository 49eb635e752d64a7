// The small pieces of directory ingestion: import targets, slugs, category inference, and grading
// threads that grade exactly as gradeSkill does.
import { afterAll, describe, expect, it } from 'vitest';
import { parseImportTarget } from '../../worker/import-target.ts';
import { MAX_SLUG_LENGTH, slugCandidates, slugify } from '../../worker/skill-slug.ts';
import { FALLBACK_CATEGORY, inferCategory } from '../../worker/infer-category.ts';
import { createGradePool } from '../../worker/grade-pool.ts';
import { gradeSkill } from '../../worker/grade-skill.ts';
import { CLEAN_SKILL, RISKY_SKILL } from '../support/zips.ts';

const CATEGORIES = ['data-analysis', 'documents', 'devops', 'cloud-infrastructure', 'security', 'testing', 'frontend', 'backend-api',
  'databases', 'writing', 'productivity', 'git-workflow', 'ai-ml', 'design', 'mobile'];

describe('import targets', () => {
  it.each([
    ['acme/skills', { owner: 'acme', repo: 'skills' }],
    ['acme/skills/', { owner: 'acme', repo: 'skills' }],
    ['acme/skills.git', { owner: 'acme', repo: 'skills' }],
    ['acme/skills/tools/pdf', { owner: 'acme', repo: 'skills', path: 'tools/pdf' }],
    ['https://github.com/acme/skills', { owner: 'acme', repo: 'skills' }],
    ['https://github.com/acme/skills/tree/v2/tools', { owner: 'acme', repo: 'skills', ref: 'v2', path: 'tools' }],
    ['github.com/acme/skills', { owner: 'acme', repo: 'skills' }],
  ])('reads %s', (input, expected) => {
    expect(parseImportTarget(input)).toEqual(expected);
  });

  it.each(['acme', '', '/acme', '-acme/skills', 'acme/sk ills', 'acme/skills/../x', 'acme/skills//x', 'acme/skills/a\\b', 'https://gitlab.com/a/b'])(
    'refuses %j',
    (input) => {
      expect(() => parseImportTarget(input)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    },
  );
});

describe('slugs of imported skills', () => {
  it('joins owner, repository and folder, lowercase, with hyphens only', () => {
    expect(slugCandidates('Acme', 'My_Skills', '.claude/skills/PDF Tools')[0]).toBe('acme-my-skills-claude-skills-pdf-tools');
    expect(slugCandidates('acme', 'skills', '')[0]).toBe('acme-skills');
    expect(slugify('Café  --  Crème')).toBe('cafe-creme');
  });

  it('offers hashed alternatives that are stable and differ between folders', () => {
    const a = slugCandidates('acme', 'skills', 'pdf');
    const b = slugCandidates('acme', 'skills', 'PDF_');
    expect(a[0]).toBe(b[0]);
    expect(a[1]).not.toBe(b[1]);
    expect(slugCandidates('acme', 'skills', 'pdf')).toEqual(a);
    expect(a[1]).toMatch(/^acme-skills-pdf-[0-9a-f]{6}$/);
  });

  it('cuts long folder paths and keeps them unique with a hash', () => {
    const deep = 'a-very-long-folder-name/'.repeat(10) + 'x';
    const [slug] = slugCandidates('acme', 'skills', deep);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(/^acme-skills-a-very-long.*-[0-9a-f]{8}$/);
    expect(slugCandidates('acme', 'skills', deep + 'y')[0]).not.toBe(slug);
  });
});

describe('category inference', () => {
  const infer = (name: string, description: string, body = '') => inferCategory({ name, description, body }, CATEGORIES);

  it.each([
    ['pdf-extractor', 'Extract text and tables from PDF documents.', 'documents'],
    ['k8s-deployer', 'Deploy containers to Kubernetes with Helm.', 'devops'],
    ['tf-review', 'Review Terraform plans for AWS accounts.', 'cloud-infrastructure'],
    ['schema-migrator', 'Write safe PostgreSQL schema migrations.', 'databases'],
    ['pr-reviewer', 'Review pull requests and commits.', 'git-workflow'],
    ['flaky-finder', 'Find flaky tests in a Jest suite.', 'testing'],
    ['release-notes', 'Write release notes and changelogs.', 'writing'],
    ['ios-release', 'Ship an iOS app to the App Store.', 'mobile'],
  ])('puts %s in the matching category', (name, description, expected) => {
    expect(infer(name, description)).toBe(expected);
  });

  it('weighs the name and description over the body', () => {
    expect(infer('csv-profile', 'Profile a CSV file.', 'Works well next to docker and kubernetes.')).toBe('data-analysis');
  });

  it('falls back when nothing matches, and only picks categories that exist', () => {
    expect(infer('hello', 'Says hello.')).toBe(FALLBACK_CATEGORY.slug);
    expect(inferCategory({ name: 'pdf', description: 'PDF documents', body: '' }, ['devops'])).toBe(FALLBACK_CATEGORY.slug);
  });
});

describe('grading threads', () => {
  const pool = createGradePool(2);
  afterAll(() => pool.close());

  it('grade exactly as gradeSkill does, in the order of the tasks', async () => {
    const skills = Array.from({ length: 40 }, (_, i) => [
      { path: 'SKILL.md', content: Buffer.from((i % 2 ? RISKY_SKILL : CLEAN_SKILL) + `\n<!-- ${i} -->\n`) },
      ...(i % 3 === 0 ? [{ path: 'scripts/run.sh', content: Buffer.from('#!/bin/sh\nrm -rf "$HOME"\n') }] : []),
    ]);
    const outcomes = await pool.grade(skills.map((files, id) => ({ id, files: files.map((f) => ({ path: f.path, content: new Uint8Array(f.content) })) })));
    expect(outcomes.map((o) => o.id)).toEqual(skills.map((_, id) => id));
    // The rule-set version is left out: the test runner transforms the scanner's source, which the
    // version hashes, while threads load it as Node does in production.
    for (const [i, outcome] of outcomes.entries()) {
      expect({ ...outcome.grade, rulesVersion: '' }).toEqual(JSON.parse(JSON.stringify({ ...gradeSkill(skills[i]), rulesVersion: '' })));
    }
    expect(await pool.rulesVersion).toBe(outcomes[0].grade?.rulesVersion);
  });
});
