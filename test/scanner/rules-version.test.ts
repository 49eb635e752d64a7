// The rule-set version must not depend on who loads the rules: the test runner transforms the
// sources it imports, the CLI and the service run them as written, and all must agree so stored
// grades are not taken for stale ones.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../worker/scanner/rules/index.ts';
import { RULES_VERSION, ruleSources, rulesVersionOf } from '../../worker/scanner/version.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');

describe('rules version', () => {
  it('is the same in a plain Node process as under the test runner', async () => {
    const { stdout } = await promisify(execFile)(
      NODE,
      ['--input-type=module', '-e', "const m = await import('./worker/scanner/version.ts'); process.stdout.write(m.RULES_VERSION);"],
      { cwd: ROOT },
    );
    expect(stdout).toBe(RULES_VERSION);
  });

  it('changes when the text of a rule file changes', () => {
    const sources = ruleSources();
    expect(sources.length).toBeGreaterThan(10);
    const edited = [...sources];
    edited[0] = edited[0].replace(/\\b/, '\\B');
    expect(edited[0]).not.toBe(sources[0]);
    expect(rulesVersionOf(RULES, edited)).not.toBe(rulesVersionOf(RULES, sources));
    expect(rulesVersionOf(RULES, sources)).toBe(RULES_VERSION);
  });

  it('changes when a severity changes', () => {
    const sources = ruleSources();
    const demoted = RULES.map((r, i) => (i === 0 ? { ...r, severity: r.severity === 'low' ? ('medium' as const) : ('low' as const) } : r));
    expect(rulesVersionOf(demoted, sources)).not.toBe(RULES_VERSION);
  });
});
