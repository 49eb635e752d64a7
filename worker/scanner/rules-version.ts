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
 * severity, scopes, negation setting, anchors and examples, the scoring and engine versions, and
 * the rules' code. The code is `sources`, the text of the files that define the rules (their
 * detect functions and module-level regexes) as read from disk: that is the same whoever loads
 * the modules (the CLI, the service, a test runner that transforms them). Rule sets without
 * source files (tests, benchmarks) use each detect function's source instead, which is stable
 * within one process.
 */
export function rulesVersionOf(rules: readonly Rule[], sources?: readonly string[]): string {
  const hash = createHash('sha256');
  hash.update(`scoring:${SCORING_VERSION};engine:${ENGINE_VERSION}\n`);
  for (const rule of rules) {
    hash.update(`${rule.id}|${rule.severity}|${rule.scopes.join(',')}|${String(rule.negatable ?? '')}|${(rule.anchors ?? []).join(',')}\n`);
    if (!sources) hash.update(rule.detect.toString());
    hash.update(JSON.stringify(rule.examples));
    hash.update('\n');
  }
  for (const source of sources ?? []) {
    hash.update(`${source.length}\n`);
    hash.update(source);
  }
  return `${RULESET_RELEASE}-${rules.length}r-${hash.digest('hex').slice(0, 10)}`;
}
