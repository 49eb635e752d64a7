// Which skills a run grades and with which `folder`. Normally every skill under `path` goes into
// the ZIP and `folder` is passed on as given. With only-changed on a pull request, only the skills
// whose files the pull request changes are zipped, and they are graded together with folder=*:
// one request, one grade per skill, and fail-below applied to the worst of them. A pull request
// that changes no skill grades nothing. Where only-changed cannot narrow the set (another event,
// no token, a pull request too large to list), every skill is graded: the stricter choice.
import * as core from '@actions/core';
import { listChangedFiles, touchedSkills } from './changed-skills.ts';
import type { SkillTree } from './find-skills.ts';
import { createOctokit, type PullRequestRef } from './github-context.ts';
import { EVERY_SKILL, type ActionInputs } from './inputs.ts';
import { code } from './markdown.ts';
import { displayFolder } from './report-markdown.ts';
import type { Workspace } from './workspace.ts';

export type Scope =
  | { kind: 'none'; reason: string }
  | { kind: 'grade'; skills: string[]; folder: string; note: string | null };

/** Every skill; with only-changed an unset folder means all of them, as it does for changed skills. */
function everything(tree: SkillTree, inputs: ActionInputs): Scope {
  const folder = inputs.onlyChanged && inputs.folder === '' ? EVERY_SKILL : inputs.folder;
  return { kind: 'grade', skills: tree.skills, folder, note: null };
}

export async function chooseScope(inputs: ActionInputs, workspace: Workspace, tree: SkillTree, pullRequest: PullRequestRef | null): Promise<Scope> {
  if (!inputs.onlyChanged) return everything(tree, inputs);
  if (!pullRequest) {
    core.info('only-changed applies to pull_request events; this run grades every skill');
    return everything(tree, inputs);
  }
  if (!inputs.githubToken) {
    core.warning('only-changed needs a token to list the pull request\'s files (the github-token input, by default the workflow\'s token); grading every skill');
    return everything(tree, inputs);
  }
  const changed = await listChangedFiles(createOctokit(inputs.githubToken), pullRequest);
  if (changed === null) {
    core.warning('The pull request changes 3000 files or more, more than GitHub lists; grading every skill');
    return everything(tree, inputs);
  }
  const touched = touchedSkills(workspace, tree.skills, changed);
  const where = code(inputs.path);

  if (inputs.folder !== '' && inputs.folder !== EVERY_SKILL) {
    const wanted = inputs.folder === '.' ? '' : inputs.folder;
    // A folder that is not a skill goes to the service, whose answer lists the skills there are.
    if (!tree.skills.includes(wanted)) return everything(tree, inputs);
    if (!touched.includes(wanted)) return { kind: 'none', reason: `This pull request changes no file of the skill ${code(displayFolder(wanted))} under ${where} (\`only-changed\`).` };
    return { kind: 'grade', skills: [wanted], folder: EVERY_SKILL, note: `Graded because this pull request changes it (\`only-changed\`).` };
  }
  if (touched.length === 0) {
    const count = tree.skills.length === 1 ? 'the 1 skill' : `any of the ${tree.skills.length} skills`;
    return { kind: 'none', reason: `This pull request changes no file of ${count} under ${where} (\`only-changed\`), so none was graded.` };
  }
  const names = touched.map((s) => code(displayFolder(s))).join(', ');
  const skipped = tree.skills.length - touched.length;
  return {
    kind: 'grade',
    skills: touched,
    folder: EVERY_SKILL,
    note: `Only the skills this pull request changes are graded (\`only-changed\`): ${names}${skipped ? `; ${skipped} unchanged skill${skipped === 1 ? '' : 's'} not graded` : ''}.`,
  };
}
