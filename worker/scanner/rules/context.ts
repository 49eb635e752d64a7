// Helpers several rule files share: running a regex over a file's text (through regex-scan.ts, so
// only the places that can match are tried) and small questions about the text around a match.
import type { FileView, RuleMatch, Severity } from '../types.ts';
import { execRegex } from '../regex-scan.ts';

export { execRegex, execRegexIn, matchAllRegex, searchRegex, testRegex, testRegexIn } from '../regex-scan.ts';

/**
 * Runs a global regex over `text` and lets `visit` turn each match into a finding (or skip it).
 * Stops after `max` findings, or after `maxCandidates` matches whatever `visit` said of them.
 */
export function scan(
  text: string,
  re: RegExp,
  visit: (m: RegExpExecArray) => RuleMatch | null,
  max = 20,
  maxCandidates = Infinity,
): RuleMatch[] {
  const out: RuleMatch[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  let seen = 0;
  while ((m = execRegex(re, text)) !== null && seen++ < maxCandidates) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const hit = visit(m);
    if (hit) {
      out.push(hit);
      if (out.length >= max) break;
    }
  }
  return out;
}

/** Matches a rule looks at before giving up on a file: a bound for texts full of near-misses. */
export const MAX_CANDIDATES = 4000;

/** Between two words of a command, in a shell line or an argument list: `op item get`, `["op", "item", "get"`. */
export const ARGV_GAP = String.raw`(?:\s+|["']\s*,\s*["'])`;

/** `scan` that stops after MAX_CANDIDATES matches. */
export function scanCapped(text: string, re: RegExp, visit: (m: RegExpExecArray) => RuleMatch | null, max = 20): RuleMatch[] {
  return scan(text, re, visit, max, MAX_CANDIDATES);
}

/** The sentence around a match (at most `radius` characters each way): from the previous sentence end to the next one. */
export function sentenceAround(text: string, index: number, length: number, radius: number): string {
  const from = Math.max(0, index - radius);
  const to = Math.min(text.length, index + length + radius);
  let start = from;
  for (let i = index - 1; i >= from; i--) {
    if (isBoundary(text, i)) {
      start = i + 1;
      break;
    }
  }
  let end = to;
  for (let i = index + length; i < to; i++) {
    if (isBoundary(text, i)) {
      end = i;
      break;
    }
  }
  return text.slice(start, end);
}

/** Sentence ends, table cells, blank lines and list items (checked one character at a time). */
function isBoundary(text: string, i: number): boolean {
  const c = text[i];
  if (c === '|') return true;
  if (c === '.' || c === '!' || c === '?') {
    const next = text[i + 1];
    return next === undefined || next === ' ' || next === '\n' || next === '\t';
  }
  if (c !== '\n') return false;
  const rest = text.slice(i + 1, i + 8);
  return /^\s*(\n|[-*+]\s|\d+\.\s|#)/.test(rest);
}

/** True when the offset sits inside a "quoted phrase" on its line: prose quoting an example. */
export function inQuotes(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 300), index);
  const line = before.slice(before.lastIndexOf('\n') + 1);
  const straight = (line.match(/"/g) ?? []).length;
  const curlyOpen = (line.match(/\u201C/g) ?? []).length;
  const curlyClose = (line.match(/\u201D/g) ?? []).length;
  return straight % 2 === 1 || curlyOpen > curlyClose;
}

/** The text within `radius` characters of an offset, both ways. */
export function nearby(text: string, index: number, radius: number): string {
  return text.slice(Math.max(0, index - radius), Math.min(text.length, index + radius));
}

/** Severities from the least to the most severe. */
export const SEVERITY_ORDER: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

/** A severity `steps` levels lower (never below low). */
export function lowerSeverity(severity: Severity, steps = 1): Severity {
  return SEVERITY_ORDER[Math.max(0, SEVERITY_ORDER.indexOf(severity) - steps)];
}

/** The less severe of `severity` and `ceiling`. */
export function atMost(severity: Severity, ceiling: Severity): Severity {
  return SEVERITY_ORDER.indexOf(severity) > SEVERITY_ORDER.indexOf(ceiling) ? ceiling : severity;
}

/** Documentation (references/, examples/, extra markdown) describes things; it does not do them. */
export function graded(file: FileView, severity: Severity): Severity {
  return file.isDocumentation ? lowerSeverity(severity) : severity;
}

export function isProse(file: FileView): boolean {
  return file.kind === 'skill-md' || file.kind === 'markdown';
}

/** Keeps the first match of each line: a rule reports a place once. */
export function onePerLine(file: FileView, matches: RuleMatch[]): RuleMatch[] {
  const seen = new Set<number>();
  return matches.filter((m) => {
    const line = (m.file ?? file).position(m.index).line;
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
}

/** Index of the last item whose position is at or before `index` in items sorted by position; -1 when none. */
export function lastAtOrBefore<T>(items: readonly T[], index: number, positionOf: (item: T) => number): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (positionOf(items[mid]) <= index) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The line around an offset, at most 300 characters each side: minified lines can be megabytes long. */
export function lineWindow(file: FileView, index: number, length = 0): string {
  const text = file.text;
  const start = Math.max(text.lastIndexOf('\n', index - 1) + 1, index - 300);
  const lineEnd = text.indexOf('\n', index + length);
  return text.slice(start, Math.min(lineEnd < 0 ? text.length : lineEnd, index + length + 300));
}
