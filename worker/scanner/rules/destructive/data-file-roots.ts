// DES-01 with the target in a data file: a cleanup script deletes whatever its settings file names,
// and the settings file points it at `../..`, the home folder or the root with a match-everything
// pattern. Neither file alone shows the deletion; together they wipe far outside the skill.
import type { FileView, RuleMatch, SkillView } from '../../types.ts';
import { baseNameOf } from '../../file-view.ts';
import { FILE_DELETE_CALL } from './delete-calls.ts';

const DATA_FILE_NAME = /["'`/\\]([\w.-]+\.(?:ya?ml|json|toml|ini|cfg|conf))\b/g;
// A root or base folder whose value is two or more levels up, the home folder or a drive root.
const DANGEROUS_ROOT =
  /^[ \t"'-]*(?:root|roots|base|base_?dir|base_?path|dir|directory|path|paths|target|targets|target_?dir|workspace|cache_?dirs?|clean_?dir|scan_?root|prune_?root|folder|location|start)["']?[ \t]*[:=][ \t]*\[?[ \t]*["']?((?:\.\.[/\\]){1,}\.\.[/\\]?|~[/\\]?|\$\{?HOME\}?[/\\]?|\/|%USERPROFILE%\\?|[A-Za-z]:\\{1,2})["']?[ \t]*[,\]]?[ \t]*$/im;
// Patterns that take everything under it, or every hidden folder of the home folder.
const MATCH_ALL = /(?:^|[\s"'[,:-])(?:\*\*\/\*|\*\*|\*|\.\*|\*\/)(?=$|[\s"',\]])|~[/\\]\.\*[/\\]?/m;

export function detectDataFileRoots(file: FileView, skill: SkillView): RuleMatch[] {
  if (file.kind !== 'script' || !FILE_DELETE_CALL.test(file.text)) return [];
  const named = new Set<string>();
  for (const m of file.text.matchAll(DATA_FILE_NAME)) {
    named.add(m[1].toLowerCase());
    if (named.size >= 20) break;
  }
  if (named.size === 0) return [];
  for (const data of skill.files) {
    if (data === file || data.kind !== 'text' || !named.has(baseNameOf(data.path).toLowerCase())) continue;
    const root = DANGEROUS_ROOT.exec(data.text.slice(0, 100_000));
    if (!root || !MATCH_ALL.test(data.text.slice(0, 100_000))) continue;
    const call = FILE_DELETE_CALL.exec(file.text)!;
    return [{
      index: call.index,
      length: call[0].length,
      severity: 'critical',
      message: `Deletes everything matching its patterns under "${root[1]}", a root set in ${baseNameOf(data.path)}: far outside the skill`,
    }];
  }
  return [];
}
