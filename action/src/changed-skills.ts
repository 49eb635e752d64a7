// only-changed: the skills whose files a pull request changes. GitHub lists a pull request's files
// through the API (the event payload does not carry them); a renamed file counts at its old place
// too, so a file moved out of a skill still marks it. The list API stops at 3000 files; a longer
// list cannot be trusted to be complete, so every skill is graded then.
import type { Octokit } from '@octokit/rest';
import { owningSkill } from './find-skills.ts';
import type { PullRequestRef } from './github-context.ts';
import { zipPathOf, type Workspace } from './workspace.ts';

export const PULL_REQUEST_FILE_LIMIT = 3000;

/** Workspace paths the pull request adds, changes, removes or renames (both names of a rename). */
export async function listChangedFiles(octokit: Octokit, pr: PullRequestRef): Promise<string[] | null> {
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, { owner: pr.owner, repo: pr.repo, pull_number: pr.number, per_page: 100 });
  if (files.length >= PULL_REQUEST_FILE_LIMIT) return null;
  return files.flatMap((f) => (f.previous_filename ? [f.filename, f.previous_filename] : [f.filename]));
}

/** The skills (folders relative to the scanned folder) that hold at least one changed file. */
export function touchedSkills(workspace: Workspace, skills: readonly string[], changed: readonly string[]): string[] {
  const known = new Set(skills);
  const touched = new Set<string>();
  for (const file of changed) {
    const inside = zipPathOf(workspace, file);
    if (inside === null) continue;
    const skill = owningSkill(inside, known);
    if (skill !== null) touched.add(skill);
  }
  return skills.filter((s) => touched.has(s));
}
