// The version of the rule set in force, carried by every scan result (see rules-version.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULES } from './rules/index.ts';
import { rulesVersionOf } from './rules-version.ts';

export { ENGINE_VERSION, RULESET_RELEASE, rulesVersionOf } from './rules-version.ts';

const RULES_FOLDER = fileURLToPath(new URL('./rules/', import.meta.url));

/** The source text of the rule files under the rules folder (its subfolders too), in path order. */
export function ruleSources(folder = RULES_FOLDER): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => path.split(sep).join('/'))
    .sort()
    .map((path) => readFileSync(join(folder, path), 'utf8').replace(/\r\n/g, '\n'));
}

export const RULES_VERSION = rulesVersionOf(RULES, ruleSources());
