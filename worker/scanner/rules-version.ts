// How a rule set is turned into a version string. Kept apart from version.ts so that tests and
// benchmarks can version a rule set of their own without loading the real rules.
import { createHash } from 'node:crypto';
import type { Rule } from './types.ts';
import { SCORING_VERSION } from './score.ts';

/** Bumped by hand for releases people should notice; the hash changes on its own. */
export const RULESET_RELEASE = '1.0';
/** Bumped when discovery, decoding or finding mapping changes grades without a rule changing. */
export const ENGINE_VERSION = 1;

/**
 * "1.0-120r-3f9a2c1b7d": release, rule count and a hash of what decides a grade: each rule's id,
 * severity, scopes, negation setting, detect source and examples, plus the scoring and engine
 * versions. (detect's source does not include module-level regexes; the examples that go with a
 * changed regex usually change too, and a release bump covers the rest.)
 */
export function rulesVersionOf(rules: readonly Rule[]): string {
  const hash = createHash('sha256');
  hash.update(`scoring:${SCORING_VERSION};engine:${ENGINE_VERSION}\n`);
  for (const rule of rules) {
    hash.update(`${rule.id}|${rule.severity}|${rule.scopes.join(',')}|${String(rule.negatable ?? '')}\n`);
    hash.update(rule.detect.toString());
    hash.update(JSON.stringify(rule.examples));
    hash.update('\n');
  }
  return `${RULESET_RELEASE}-${rules.length}r-${hash.digest('hex').slice(0, 10)}`;
}
