// Finding and zipping skills on disk, crossing between ZIP-relative and workspace-relative paths,
// the changed-skill choice of only-changed, the folder input, and the escaping of report markdown.
import AdmZip from 'adm-zip';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { touchedSkills } from '../../action/src/changed-skills.ts';
import { commentMarker } from '../../action/src/comment.ts';
import { findSkills, owningSkill } from '../../action/src/find-skills.ts';
import { normaliseFolder } from '../../action/src/inputs.ts';
import { cell } from '../../action/src/markdown.ts';
import { resolveWorkspace, workspacePath, zipPathOf } from '../../action/src/workspace.ts';
import { zipFiles } from '../../action/src/zip-skills.ts';
import { makeFolder } from './run-action.ts';

const removals: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const remove of removals) await remove();
});

async function folder(files: Record<string, string>): Promise<string> {
  const made = await makeFolder(files);
  removals.push(made.remove);
  return made.path;
}

describe('findSkills', () => {
  it('finds every folder with a SKILL.md (any case, hidden folders too) and gives each file to the nearest skill', async () => {
    const root = await folder({
      'README.md': 'not in a skill',
      'pdf/SKILL.md': '# pdf',
      'pdf/scripts/run.py': 'print(1)',
      'pdf/nested/skill.md': '# nested',
      'pdf/nested/tool.sh': 'echo',
      '.claude/skills/review/Skill.MD': '# review',
      'node_modules/pkg/SKILL.md': '# third party',
      'pdf/node_modules/x/index.js': 'x',
      '.git/SKILL.md': '# not a skill',
    });
    await mkdir(join(root, 'linked'));
    await symlink(join(root, 'pdf'), join(root, 'linked', 'pdf'));
    const tree = await findSkills(root);
    expect(tree.skills).toEqual(['.claude/skills/review', 'pdf', 'pdf/nested']);
    expect(tree.files).toEqual([
      { path: '.claude/skills/review/Skill.MD', skill: '.claude/skills/review' },
      { path: 'pdf/SKILL.md', skill: 'pdf' },
      { path: 'pdf/nested/skill.md', skill: 'pdf/nested' },
      { path: 'pdf/nested/tool.sh', skill: 'pdf/nested' },
      { path: 'pdf/scripts/run.py', skill: 'pdf' },
    ]);
  });

  it('treats a SKILL.md at the root as the skill "" that holds every file', async () => {
    const root = await folder({ 'SKILL.md': '# root', 'scripts/a.sh': 'echo' });
    expect(await findSkills(root)).toEqual({ skills: [''], files: [{ path: 'SKILL.md', skill: '' }, { path: 'scripts/a.sh', skill: '' }] });
    expect(owningSkill('scripts/a.sh', new Set(['']))).toBe('');
    expect(owningSkill('a.sh', new Set(['x']))).toBeNull();
  });

  it('says which path is wrong when it is not a folder', async () => {
    await expect(findSkills('/nonexistent/skills')).rejects.toThrow('Input "path" must be a folder of the workspace; /nonexistent/skills is not one');
  });
});

describe('zipFiles', () => {
  it('zips the given files under their relative paths, the same bytes every time', async () => {
    const root = await folder({ 'a/SKILL.md': '# a', 'a/s.sh': 'echo hi', 'other.txt': 'left out' });
    const zip = await zipFiles(root, ['a/s.sh', 'a/SKILL.md']);
    const entries = new AdmZip(zip).getEntries().map((e) => [e.entryName, e.getData().toString()]);
    expect(entries).toEqual([
      ['a/SKILL.md', '# a'],
      ['a/s.sh', 'echo hi'],
    ]);
    expect(Buffer.compare(zip, await zipFiles(root, ['a/SKILL.md', 'a/s.sh']))).toBe(0);
  });
});

describe('workspace paths', () => {
  const env = { GITHUB_WORKSPACE: '/home/runner/work/repo/repo' };

  it('maps ZIP paths to workspace paths and back through the path input', () => {
    const ws = resolveWorkspace('./skills/', env);
    expect(ws).toMatchObject({ scanRoot: '/home/runner/work/repo/repo/skills', scanRootFromWorkspace: 'skills', scanRootInside: true });
    expect(workspacePath(ws, 'pdf/SKILL.md')).toBe('skills/pdf/SKILL.md');
    expect(workspacePath(ws, '')).toBe('skills');
    expect(zipPathOf(ws, 'skills/pdf/SKILL.md')).toBe('pdf/SKILL.md');
    expect(zipPathOf(ws, 'skillsets/x.md')).toBeNull();
    const whole = resolveWorkspace('.', env);
    expect(workspacePath(whole, 'pdf/SKILL.md')).toBe('pdf/SKILL.md');
    expect(workspacePath(whole, '')).toBe('');
    expect(zipPathOf(whole, 'README.md')).toBe('README.md');
  });

  it('knows when path leaves the workspace', () => {
    const ws = resolveWorkspace('../elsewhere', env);
    expect(ws.scanRootInside).toBe(false);
    expect(zipPathOf(ws, 'anything')).toBeNull();
  });
});

describe('touchedSkills', () => {
  it('marks the nearest skill of each changed workspace file inside path', () => {
    const ws = resolveWorkspace('skills', { GITHUB_WORKSPACE: '/w' });
    const skills = ['a', 'a/inner', 'b', 'c'];
    const changed = ['skills/a/inner/x.sh', 'skills/b/SKILL.md', 'README.md', 'skills/loose.md', 'skillsets/c/SKILL.md'];
    expect(touchedSkills(ws, skills, changed)).toEqual(['a/inner', 'b']);
  });
});

describe('folder input', () => {
  it('normalises a relative folder and keeps "" and "*"', () => {
    expect(normaliseFolder('')).toBe('');
    expect(normaliseFolder('*')).toBe('*');
    expect(normaliseFolder('./skills//pdf/')).toBe('skills/pdf');
    expect(normaliseFolder('skills\\pdf')).toBe('skills/pdf');
    expect(normaliseFolder('./')).toBe('.');
  });

  it('refuses a folder outside path', () => {
    for (const bad of ['../x', '/abs', 'a/../../b', 'C:/x']) expect(() => normaliseFolder(bad)).toThrow(/Input "folder" must be a folder inside "path"/);
  });
});

describe('report markdown', () => {
  it('escapes HTML, table pipes, line breaks and @mentions in cells', () => {
    expect(cell('<img src=x> a|b\n@octocat & co')).toBe('&lt;img src=x&gt; a\\|b &#64;octocat &amp; co');
    expect(cell('x'.repeat(400), 10)).toBe('xxxxxxxxx…');
  });

  it('hides the comment marker and keeps it an HTML comment whatever the path holds', () => {
    expect(commentMarker('skills', '*')).toBe('<!-- skillgate-action report: skills|* -->');
    expect(commentMarker('a--b>', '')).toBe('<!-- skillgate-action report: a-b| -->');
  });
});
