// OBF-01 tag characters and variation-selector smuggling, OBF-02 zero-width and other invisible
// characters, OBF-03 bidirectional controls: text a reader cannot see.
//
// Hidden-character rules read `file.raw` (the matching text has those characters removed) and map
// positions back to `text`, whose lines are the lines of the original file.
import type { FileView, RuleMatch, Severity } from '../../types.ts';
import { decodeTagCharacters, normaliseForMatching } from '../../normalise.ts';
import { testRegex } from '../context.ts';
import { clip, codePoint, printable, type RawLine, rawLines, textOffset } from './shared.ts';

const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;
// Subdivision flags (England, Scotland, Wales) are a black flag followed by tag letters and a cancel tag.
const FLAG_TAGS = /^[\u{E0061}-\u{E007A}\u{E0030}-\u{E0039}]{2,8}\u{E007F}$/u;
// Variation selectors carry one byte each when chained after a character (FE00-FE0F: 0-15,
// E0100-E01EF: 16-255); one selector after an emoji is ordinary emoji presentation.
const VARIATION_RUN = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{4,}/gu;

function decodeVariationSelectors(run: string): string {
  const bytes: number[] = [];
  for (const ch of run) {
    const cp = ch.codePointAt(0)!;
    bytes.push(cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(new Uint8Array(bytes));
}

export function tagCharacterMatches(file: FileView): RuleMatch[] {
  if (!testRegex(/[\u{E0000}-\u{E007F}\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u, file.raw)) return [];
  const out: RuleMatch[] = [];
  for (const line of rawLines(file)) {
    TAG_RUN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = TAG_RUN.exec(line.raw)) !== null) {
      const before = line.raw.slice(Math.max(0, m.index - 2), m.index);
      if (before.endsWith('\u{1F3F4}') && FLAG_TAGS.test(m[0])) continue;
      if (out.length >= 20) break;
      const hidden = decodeTagCharacters(m[0]);
      out.push({
        index: textOffset(line, m.index),
        length: 0,
        evidence: clip(hidden) || `${[...m[0]].length} tag characters`,
        message: hidden ? `Invisible tag characters spell out hidden text: "${clip(hidden, 120)}"` : 'Invisible Unicode tag characters',
      });
    }
    VARIATION_RUN.lastIndex = 0;
    while ((m = VARIATION_RUN.exec(line.raw)) !== null && out.length < 20) {
      const hidden = decodeVariationSelectors(m[0]);
      if (printable(hidden) < 0.8) continue;
      out.push({
        index: textOffset(line, m.index),
        length: 0,
        evidence: clip(hidden),
        message: `Chained variation selectors encode hidden text: "${clip(hidden, 120)}"`,
      });
    }
    if (out.length >= 20) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// OBF-02 zero-width and other invisible characters.

const INVISIBLE_CHAR = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u180E\u034F\u115F\u1160\u3164\uFFA0]/g;
const NAMES: Record<string, string> = {
  '\u200B': 'ZERO WIDTH SPACE',
  '\u200C': 'ZERO WIDTH NON-JOINER',
  '\u200D': 'ZERO WIDTH JOINER',
  '\u200E': 'LEFT-TO-RIGHT MARK',
  '\u200F': 'RIGHT-TO-LEFT MARK',
  '\u2060': 'WORD JOINER',
  '\uFEFF': 'ZERO WIDTH NO-BREAK SPACE',
  '\u00AD': 'SOFT HYPHEN',
  '\u3164': 'HANGUL FILLER',
};
const EMOJI = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u20E3]/u;
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Thai}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Hebrew}\p{Script=Mongolian}]/u;

/** Ordinary uses: joiners inside emoji or in scripts that need them, a byte-order mark, RTL marks in RTL text. */
function isOrdinaryInvisible(ch: string, prev: string, next: string, atFileStart: boolean, line: string): boolean {
  if (ch === '\uFEFF' && atFileStart) return true;
  if ((ch === '\u200D' || ch === '\u200C') && (EMOJI.test(prev) || EMOJI.test(next))) return true;
  if ((ch === '\u200D' || ch === '\u200C' || ch === '\u180E') && (JOINING_SCRIPT.test(prev) || JOINING_SCRIPT.test(next))) return true;
  if ((ch === '\u200E' || ch === '\u200F') && JOINING_SCRIPT.test(line)) return true;
  if (ch === '\u00AD' && /\p{L}/u.test(prev) && /\p{L}/u.test(next) && !/[a-z]/i.test(prev + next)) return true;
  return false;
}

/** Zero-width runs using exactly two characters are often bits: try to read them as ASCII. */
function decodeZeroWidthBits(run: string): string {
  const chars = [...run];
  const kinds = [...new Set(chars)];
  if (kinds.length !== 2 || chars.length < 16) return '';
  // Either character may stand for 1; try both readings.
  for (const one of kinds) {
    let out = '';
    for (let i = 0; i + 8 <= chars.length; i += 8) {
      let byte = 0;
      for (let j = 0; j < 8; j++) byte = (byte << 1) | (chars[i + j] === one ? 1 : 0);
      out += String.fromCharCode(byte);
    }
    if (printable(out) >= 0.9 && /[a-z]{3}/i.test(out)) return out;
  }
  return '';
}

export function zeroWidthMatches(file: FileView): RuleMatch[] {
  if (!testRegex(/[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u180E\u034F\u115F\u1160\u3164\uFFA0]/, file.raw)) return [];
  const perLine: { line: RawLine; column: number; count: number; splits: number; kinds: Set<string>; runs: string[] }[] = [];
  let total = 0;
  let splits = 0;
  rawLines(file).forEach((line, lineNo) => {
    INVISIBLE_CHAR.lastIndex = 0;
    let m: RegExpExecArray | null;
    let entry: (typeof perLine)[number] | undefined;
    let run = '';
    let runEnd = -1;
    // A few thousand characters make the point; counting a megabyte of them one by one does not.
    while ((m = INVISIBLE_CHAR.exec(line.raw)) !== null && (entry?.count ?? 0) < 2000) {
      const ch = m[0];
      const prev = [...line.raw.slice(Math.max(0, m.index - 2), m.index)].pop() ?? '';
      const next = [...line.raw.slice(m.index + 1, m.index + 3)][0] ?? '';
      if (isOrdinaryInvisible(ch, prev, next, lineNo === 0 && m.index === 0, line.raw)) continue;
      entry ??= { line, column: m.index, count: 0, splits: 0, kinds: new Set(), runs: [] };
      entry.count++;
      entry.kinds.add(ch);
      if (/[A-Za-z]/.test(prev) && /[A-Za-z]/.test(next)) entry.splits++;
      if (m.index !== runEnd) {
        if (run.length >= 16 && entry.runs.length < 5) entry.runs.push(run);
        run = '';
      }
      if (run.length < 4096) run += ch;
      runEnd = m.index + 1;
    }
    if (entry && run.length >= 16 && entry.runs.length < 5) entry.runs.push(run);
    if (entry) {
      perLine.push(entry);
      total += entry.count;
      splits += entry.splits;
    }
  });
  if (total < 3 && splits === 0) return []; // a stray zero-width space is an editing accident
  const out: RuleMatch[] = [];
  for (const e of perLine.slice(0, 20)) {
    const decoded = e.runs.map(decodeZeroWidthBits).find(Boolean) ?? '';
    const kinds = [...e.kinds].map((k) => NAMES[k] ?? codePoint(k)).join(', ');
    const visible = normaliseForMatching(e.line.raw).trim();
    const severity: Severity = decoded || total >= 10 || splits >= 2 ? 'high' : 'medium';
    out.push({
      index: textOffset(e.line, e.column),
      length: 0,
      severity,
      evidence: decoded ? clip(decoded) : `${e.count} × ${kinds} in "${clip(visible, 80)}"`,
      message: decoded
        ? `Zero-width characters encode hidden text: "${clip(decoded, 120)}"`
        : `${e.count} invisible character${e.count > 1 ? 's' : ''} (${kinds})${e.splits ? ' inside words' : ''}`,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// OBF-03 bidirectional controls.

const BIDI_CHAR = /[\u202A-\u202E\u2066-\u2069]/g;
const BIDI_NAMES: Record<string, string> = {
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};
const RTL_LETTER = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

export function bidiMatches(file: FileView): RuleMatch[] {
  if (!testRegex(/[\u202A-\u202E\u2066-\u2069]/, file.raw)) return [];
  const out: RuleMatch[] = [];
  for (const line of rawLines(file)) {
    BIDI_CHAR.lastIndex = 0;
    const first = BIDI_CHAR.exec(line.raw);
    if (!first) continue;
    const shown = line.raw.replace(BIDI_CHAR, (c) => `⟨${BIDI_NAMES[c]}⟩`);
    const overrides = /[\u202D\u202E]/.test(line.raw);
    const rtlText = RTL_LETTER.test(line.raw);
    // In code, with no right-to-left letters to lay out, the controls can only make the compiler
    // read something other than what the reviewer sees (Trojan Source).
    const severity: Severity = file.kind === 'script' && !rtlText ? 'critical' : file.kind === 'script' || overrides || !rtlText ? 'high' : 'medium';
    out.push({
      index: textOffset(line, first.index),
      length: 0,
      severity,
      evidence: clip(shown, 160),
      message: overrides ? 'Bidirectional override reorders how this line is displayed' : 'Bidirectional control characters change how this line is displayed',
    });
    if (out.length >= 20) break;
  }
  return out;
}
