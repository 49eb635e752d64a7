// Which discovered skills a scan grades, with the semantics of the scan endpoint (api-spec 4.6) that
// the CLI shares: one skill is graded without asking; several need `folder` (a path, or `*` for
// all); a folder that is not a skill is a bad parameter that lists the skills there are.
import { AppError } from '../../lib/errors.ts';
import { normaliseInputPath } from './discover.ts';

export const ALL_FOLDERS = '*';

/** How a folder reads in messages: the root skill is shown as ".". */
export function displayFolder(folder: string): string {
  return folder === '' ? '.' : folder;
}

/**
 * Picks the skill folders to grade from those found. `folder` undefined or "" means "not given";
 * "." or "./" names the skill at the input root.
 */
export function selectFolders(found: readonly string[], folder?: string): string[] {
  if (found.length === 0) {
    throw new AppError('INVALID_INPUT', 'no SKILL.md found in the input: a skill is a folder that holds a SKILL.md');
  }
  if (folder === undefined || folder === '') {
    if (found.length === 1) return [found[0]];
    throw new AppError(
      'MULTIPLE_SKILLS',
      `the input holds ${found.length} skills; choose one with folder (or folder=* for all): ${found.map(displayFolder).join(', ')}`,
      { folders: found.map(displayFolder) },
    );
  }
  if (folder.trim() === ALL_FOLDERS) return [...found];
  const wanted = normaliseInputPath(folder.trim());
  if (found.includes(wanted)) return [wanted];
  throw new AppError(
    'INVALID_PARAMETER',
    `folder "${folder}" is not a skill in the input; skills found: ${found.map(displayFolder).join(', ')}`,
    { folders: found.map(displayFolder) },
  );
}
