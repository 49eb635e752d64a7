// Secret targets listed in a data file that a script reads: `probes.json` names ".netrc", ".npmrc"
// and "GITHUB_TOKEN", and main.go reads `probes.json` and then every file and variable it lists.
// The source sits in data and the read in code, so neither file alone looks like a harvest.
import type { FileView, SkillView } from '../../types.ts';
import { matchAllRegex } from '../context.ts';
import { baseNameOf } from '../../file-view.ts';
import { SECRET_PATH_SOURCE } from '../secret-paths.ts';
import { COMMENT_LINE, type Hit } from './shared.ts';

const DATA_FILE_LITERAL = /["'`]((?:[\w.-]+\/){0,4}[\w.-]{1,80}\.(?:json|ya?ml|toml|ini|conf|cfg|txt|list))["'`]/g;
const SECRET_PATH_G = new RegExp(SECRET_PATH_SOURCE, 'gi');
// Names of secret variables written as data: "GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "NPM_TOKEN".
const SECRET_ENV_LITERAL = /["'](?:[A-Z][A-Z0-9]*_)*(?:TOKEN|SECRET|PASSWORD|SECRET_ACCESS_KEY|API_KEY|ACCESS_KEY_ID|PRIVATE_KEY)(?:_[A-Z0-9]+)?["']/g;

/** How many matches of `re` the text has, counting to `max` at most. */
function countUpTo(text: string, re: RegExp, max: number): number {
  let count = 0;
  for (const _ of matchAllRegex(text, re)) if (++count >= max) break;
  return count;
}

/** How many credential paths and secret variable names a data file lists (up to ten of each). */
function targetsIn(text: string): number {
  const head = text.slice(0, 20000);
  return countUpTo(head, SECRET_PATH_G, 10) + countUpTo(head, SECRET_ENV_LITERAL, 10);
}

/** A data file of the skill, named by a script, that lists two or more secret targets. */
export function configTargets(file: FileView, skill: SkillView, from: number, to: number): Hit | undefined {
  if (file.kind !== 'script') return undefined;
  const region = file.text.slice(from, to);
  let named = 0;
  for (const m of matchAllRegex(region, DATA_FILE_LITERAL)) {
    if (++named > 10) break;
    const index = from + m.index;
    if (COMMENT_LINE.test(file.lineAt(index))) continue;
    const name = baseNameOf(m[1]).toLowerCase();
    const data = skill.files.find((f) => f !== file && f.kind !== 'script' && baseNameOf(f.skillPath).toLowerCase() === name);
    if (data && targetsIn(data.text) >= 2) return { index, length: m[0].length, label: `the secrets listed in ${m[1]}` };
  }
  return undefined;
}
