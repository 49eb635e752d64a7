// Helpers shared by the code-execution detectors: the interpreter that reads its program from
// stdin (pipe-to-shell and decode-then-run both end in one), the call that runs a named value
// (decode-then-run and remote code), one finding per line, the lower severity of test files and
// the files the detectors skip.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { lowerSeverity, SEVERITY_ORDER } from '../context.ts';
import { isDetectionRuleFile, isTestFile, SHELL_VARIABLE } from '../script-context.ts';

// An interpreter that reads its program from stdin: a shell with any arguments, or python/node/
// perl/ruby/php with no script argument ("| python -m json.tool" only formats data).
export const STDIN_INTERPRETER =
  String.raw`(?:sudo(?:\s+-\S+)*\s+)?(?:env\s+(?:\S+=\S*\s+)*)?(?:/usr/(?:local/)?bin/|/bin/)?` +
  String.raw`(?:(?:ba|z|da|k|a)?sh\b|(?:python[23]?(?:\.\d+)?|node|perl|ruby|php)(?:\s+-)?(?=\s*(?:$|[;&|)'"\x60\\]|--\s))|${SHELL_VARIABLE})`;

// exec(x), eval(x), exec(compile(x, ...)), new Function('a', 'b', x), iex $x: the name of what is run.
export const EXEC_CALL_OF = /\b(?:exec|eval|Function|iex|Invoke-Expression|load|loadstring)\s*(?:\(\s*)?(?:compile\s*\(\s*|(?:["'][^"'\n]{0,40}["']\s*(?:,|\.\.?|\+)\s*){1,8})?\$?([A-Za-z_]\w*)\b/g;

/** Keeps the most severe finding of each line (several patterns often describe one command). */
export function mostSeverePerLine(file: FileView, matches: RuleMatch[]): RuleMatch[] {
  const seen = new Set<number>();
  const rank = (s: Severity | undefined) => SEVERITY_ORDER.indexOf(s ?? 'low');
  const sorted = [...matches].sort((a, b) => rank(b.severity) - rank(a.severity));
  const out: RuleMatch[] = [];
  for (const m of sorted) {
    const line = file.position(m.index).line;
    if (seen.has(line)) continue;
    seen.add(line);
    out.push(m);
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Severity of a finding in code, one level lower in test files. */
export function inCodeFile(file: FileView, severity: Severity): Severity {
  return isTestFile(file) ? lowerSeverity(severity) : severity;
}

export function skipFile(file: FileView): boolean {
  return isDetectionRuleFile(file);
}
