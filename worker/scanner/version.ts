// The version of the rule set in force, carried by every scan result (see rules-version.ts).
import { RULES } from './rules/index.ts';
import { rulesVersionOf } from './rules-version.ts';

export { ENGINE_VERSION, RULESET_RELEASE, rulesVersionOf } from './rules-version.ts';

export const RULES_VERSION = rulesVersionOf(RULES);
