// Groups prepared files into a SkillView for rules of scope `skill` and for example tests.
import type { FileView, SkillView } from './types.ts';
import { isSkillMdPath, makeFileView } from './file-view.ts';

/** Builds a skill from files whose paths are relative to the skill folder; adds an empty SKILL.md when none is given. */
export function makeSkillView(files: { path: string; content: Uint8Array | string }[], folder = ''): SkillView {
  const prefix = folder ? folder + '/' : '';
  const views: FileView[] = files.map((f) => makeFileView(prefix + f.path, f.content, folder));
  let skillMd = views.find((v) => isSkillMdPath(v.skillPath) && !v.skillPath.includes('/'));
  if (!skillMd) {
    skillMd = makeFileView(prefix + 'SKILL.md', '---\nname: example\ndescription: An example skill.\n---\n', folder);
    views.unshift(skillMd);
  }
  return { folder, skillMd, files: views };
}
