// How the prompt-injection rules read prose: pattern lists run over markdown with the heading,
// signature, quotation and fence guards every such rule shares, and the anchors each pattern needs.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { findAll } from '../match.ts';
import { anchored, mayMatch } from '../anchors.ts';
import { fenceAt, isQuotedSample, isSignatureContext, underProhibitionHeading } from '../markdown-context.ts';
import { onePerLine } from '../context.ts';

const LOWER: Record<Severity, Severity> = { critical: 'high', high: 'medium', medium: 'low', low: 'low' };

/**
 * Runs prose patterns over a prose file (SKILL.md including its front matter, whose description
 * the model reads too). Matches under prohibition headings or in quoted examples are dropped;
 * matches in fenced code are one severity lower, or dropped when `skipCode` is set.
 */
export function proseMatches(
  file: FileView,
  patterns: readonly RegExp[],
  base: Severity,
  message: string,
  options: { skipCode?: boolean } = {},
): RuleMatch[] {
  if (file.kind !== 'skill-md' && file.kind !== 'markdown' && file.kind !== 'text') return [];
  const out: RuleMatch[] = [];
  for (const re of patterns) {
    if (!mayMatch(file, re)) continue;
    for (const m of findAll(file.text, re)) {
      if (underProhibitionHeading(file, m.index) || isSignatureContext(file, m.index)) continue;
      if (file.kind === 'text' && file.isNegated(m.index)) continue; // the engine guards prose files only
      const fenced = fenceAt(file, m.index) !== undefined;
      if (fenced && options.skipCode) continue;
      const found = file.text.slice(m.index, m.index + m.length).replace(/\s+/g, ' ').trim();
      const severity = isQuotedSample(file.text, m.index, m.length) ? 'low' : fenced ? LOWER[base] : undefined;
      out.push({ ...m, severity, message: `${message}: "${found.slice(0, 100)}"` });
    }
  }
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}

// Anchors of each pattern of a list, in order: literals every match of that pattern holds. The
// engine skips a rule on files without any of them, and proseMatches skips single patterns the
// same way.
export function anchorList(patterns: readonly RegExp[], anchors: readonly (readonly string[])[]): void {
  if (patterns.length !== anchors.length) throw new Error('one anchor list per pattern');
  patterns.forEach((re, i) => anchored(re, anchors[i]));
}
