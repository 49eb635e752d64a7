import { describe, expect, it } from 'vitest';
import { selectFolders } from '../../worker/scanner/select.ts';
import { AppError } from '../../lib/errors.ts';

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('folder selection (api-spec 4.6)', () => {
  const found = ['', 'skills/a', 'skills/b'];

  it('grades the only skill without a folder', () => {
    expect(selectFolders(['skills/a'])).toEqual(['skills/a']);
    expect(selectFolders([''])).toEqual(['']);
  });

  it('refuses several skills without a folder with MULTIPLE_SKILLS (409) listing them', () => {
    const error = errorOf(() => selectFolders(found));
    expect(error.code).toBe('MULTIPLE_SKILLS');
    expect(error.status).toBe(409);
    expect(error.details.folders).toEqual(['.', 'skills/a', 'skills/b']);
    expect(error.message).toContain('skills/a');
  });

  it('treats an empty folder as not given', () => {
    expect(errorOf(() => selectFolders(found, '')).code).toBe('MULTIPLE_SKILLS');
  });

  it('selects one skill by path, normalising ./ and trailing slashes', () => {
    expect(selectFolders(found, 'skills/a')).toEqual(['skills/a']);
    expect(selectFolders(found, './skills/b/')).toEqual(['skills/b']);
    expect(selectFolders(found, '.')).toEqual(['']);
    expect(selectFolders(found, './')).toEqual(['']);
  });

  it('grades every skill with *', () => {
    expect(selectFolders(found, '*')).toEqual(found);
  });

  it('rejects a folder that is not a skill, naming folder and listing the skills', () => {
    const error = errorOf(() => selectFolders(found, 'skills/c'));
    expect(error.code).toBe('INVALID_PARAMETER');
    expect(error.message).toMatch(/folder "skills\/c"/);
    expect(error.message).toContain('skills/a, skills/b');
  });

  it('rejects an input without any SKILL.md as INVALID_INPUT', () => {
    const error = errorOf(() => selectFolders([]));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(/no SKILL\.md found/);
  });
});
