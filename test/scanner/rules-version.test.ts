// The rule-set version must not depend on who loads the rules: the test runner transforms the
// sources it imports, the CLI and the service run them as written, and all must agree so stored
// grades are not taken for stale ones.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
    const withBoundary = sources.findIndex((s) => s.includes('\\b'));
    edited[withBoundary] = edited[withBoundary].replace(/\\b/, '\\B');
    expect(edited[withBoundary]).not.toBe(sources[withBoundary]);
    expect(rulesVersionOf(RULES, edited)).not.toBe(rulesVersionOf(RULES, sources));
    expect(rulesVersionOf(RULES, sources)).toBe(RULES_VERSION);
  });

  it('changes when a severity changes', () => {
    const sources = ruleSources();
    const demoted = RULES.map((r, i) => (i === 0 ? { ...r, severity: r.severity === 'low' ? ('medium' as const) : ('low' as const) } : r));
    expect(rulesVersionOf(demoted, sources)).not.toBe(RULES_VERSION);
  });

  it('reads the rule files of subfolders too, in path order', () => {
    const folder = mkdtempSync(join(tmpdir(), 'rule-sources-'));
    mkdirSync(join(folder, 'network'));
    writeFileSync(join(folder, 'network.ts'), 'export const rules = [];\n');
    writeFileSync(join(folder, 'network', 'tunnels.ts'), 'export const TUNNEL = /ssh\\s+-R/;\n');
    writeFileSync(join(folder, 'notes.md'), 'not a rule file\n');
    expect(ruleSources(folder)).toEqual(['export const rules = [];\n', 'export const TUNNEL = /ssh\\s+-R/;\n']);
  });
});
