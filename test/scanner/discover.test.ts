import { describe, expect, it } from 'vitest';
import { discoverSkills, normaliseInputPath } from '../../worker/scanner/discover.ts';

const f = (path: string, content: string | Uint8Array = 'x') => ({ path, content });
const folders = (files: ReturnType<typeof f>[]) => discoverSkills(files).skills.map((s) => s.folder);
const membersOf = (files: ReturnType<typeof f>[], folder: string) =>
  discoverSkills(files).skills.find((s) => s.folder === folder)?.files.map((x) => x.path);

describe('skill discovery', () => {
  it('finds a skill in every folder holding a SKILL.md, at any depth', () => {
    expect(
      folders([f('SKILL.md'), f('a/SKILL.md'), f('a/b/c/d/SKILL.md'), f('x/y/readme.md')]),
    ).toEqual(['', 'a', 'a/b/c/d']);
  });

  it('includes hidden folders such as .claude/skills', () => {
    expect(folders([f('.claude/skills/pdf/SKILL.md'), f('.openclaw/skills/x/SKILL.md')])).toEqual([
      '.claude/skills/pdf',
      '.openclaw/skills/x',
    ]);
  });

  it('treats the SKILL.md name case-insensitively', () => {
    expect(folders([f('a/skill.md'), f('b/Skill.MD')])).toEqual(['a', 'b']);
  });

  it('gives each file to the nearest skill folder above it', () => {
    const files = [
      f('SKILL.md'),
      f('top.sh'),
      f('skills/pdf/SKILL.md'),
      f('skills/pdf/scripts/run.py'),
      f('skills/pdf/inner/SKILL.md'),
      f('skills/pdf/inner/deep/x.js'),
      f('skills/README.md'),
    ];
    expect(membersOf(files, '')).toEqual(['SKILL.md', 'skills/README.md', 'top.sh']);
    expect(membersOf(files, 'skills/pdf')).toEqual(['skills/pdf/SKILL.md', 'skills/pdf/scripts/run.py']);
    expect(membersOf(files, 'skills/pdf/inner')).toEqual(['skills/pdf/inner/SKILL.md', 'skills/pdf/inner/deep/x.js']);
  });

  it('ignores files outside every skill', () => {
    const d = discoverSkills([f('a/SKILL.md'), f('b/run.sh'), f('notes.txt')]);
    expect(d.skills.flatMap((s) => s.files.map((x) => x.path))).toEqual(['a/SKILL.md']);
  });

  it('puts SKILL.md first and the other files in path order', () => {
    expect(membersOf([f('s/z.sh'), f('s/a.sh'), f('s/SKILL.md')], 's')).toEqual(['s/SKILL.md', 's/a.sh', 's/z.sh']);
  });

  it('skips node_modules, vendored folders and .git, and reports each once', () => {
    const d = discoverSkills([
      f('s/SKILL.md'),
      f('s/node_modules/left-pad/index.js'),
      f('s/node_modules/left-pad/package.json'),
      f('s/node_modules/x/SKILL.md'),
      f('s/vendor/lib.py'),
      f('s/third/vendored/a.js'),
      f('.git/config'),
      f('s/package-lock.json'),
    ]);
    expect(d.skills.map((s) => s.folder)).toEqual(['s']);
    expect(d.skills[0].files.map((x) => x.path)).toEqual(['s/SKILL.md']);
    expect(d.skipped.map((s) => s.path)).toEqual(['.git', 's/node_modules', 's/package-lock.json', 's/third/vendored', 's/vendor']);
    for (const s of d.skipped) expect(s.reason).toMatch(/not scanned|not code/);
  });

  it('still scans the install hooks of vendored code, which installing it runs', () => {
    const d = discoverSkills([
      f('s/SKILL.md'),
      f('s/vendor/pdfkit/setup.py'),
      f('s/vendor/pdfkit/pdfkit/core.py'),
      f('s/vendor/widget/package.json'),
      f('s/vendor/widget/index.js'),
      f('s/node_modules/left-pad/package.json'),
    ]);
    expect(d.skills[0].files.map((x) => x.path)).toEqual(['s/SKILL.md', 's/vendor/pdfkit/setup.py', 's/vendor/widget/package.json']);
    expect(d.skipped.map((s) => s.path)).toEqual(['s/node_modules', 's/vendor']);
  });

  it('also scans the files a vendored package.json install script runs', () => {
    const manifest = JSON.stringify({ name: 'w', scripts: { postinstall: 'node ./scripts/setup.js && echo ok', test: 'node test/run.js' } });
    const d = discoverSkills([
      f('s/SKILL.md'),
      f('s/vendor/w/package.json', manifest),
      f('s/vendor/w/scripts/setup.js'),
      f('s/vendor/w/test/run.js'),
      f('s/vendor/w/index.js'),
    ]);
    expect(d.skills[0].files.map((x) => x.path)).toEqual(['s/SKILL.md', 's/vendor/w/package.json', 's/vendor/w/scripts/setup.js']);
  });

  it('cuts a file above the cap to the cap and marks it, never silently', () => {
    const big = new Uint8Array(100).fill(65);
    const d = discoverSkills([f('SKILL.md', 'hi'), f('data.txt', big), f('text.md', 'é'.repeat(60))], { maxFileBytes: 50 });
    const files = d.skills[0].files;
    const data = files.find((x) => x.path === 'data.txt')!;
    expect(data.truncated).toBe(true);
    expect((data.content as Uint8Array).byteLength).toBe(50);
    expect(files.find((x) => x.path === 'text.md')!.truncated).toBe(true); // 120 bytes of UTF-8
    expect(files.find((x) => x.path === 'SKILL.md')!.truncated).toBe(false);
  });

  it('normalises paths: backslashes, ./ and empty segments', () => {
    expect(normaliseInputPath('./a\\b//c/')).toBe('a/b/c');
    expect(folders([f('./a/SKILL.md'), f('b\\SKILL.md')])).toEqual(['a', 'b']);
  });
});
