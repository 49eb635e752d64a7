// Regex matching that tries a pattern only where it can match. regex-literals.ts proves, for most
// patterns, that every match starts in a short window before an occurrence of one of a few
// literals (or of a long run of one character class); literal-index.ts knows where those
// literals occur in a prepared text. A sticky copy of the regex is then tried at each position of
// those windows, in order, which finds exactly the matches a plain `exec` loop finds: a sticky
// attempt at a position is the attempt the plain search makes there, and no position outside the
// windows can start a match. A text without any literal of a proof holds no match at all. Texts
// the scanner did not prepare, patterns without a proof, and texts where the windows would cover
// much of the text use the plain regex.
//
// regex-windows.ts computes the windows; this module holds the compiled plans and walks the
// windows with the sticky regex.
import { planRegex } from './regex-literals.ts';
import { usable, windowWeight, type LiteralRequirement } from './regex-candidates.ts';
import { findable, indexOfText, literalId, onTextsReleased, promoteLiterals } from './literal-index.ts';
import { gateOf, ruledOut, type Gate } from './plan-gates.ts';
import { charsOf } from './regex-charset.ts';
import { computeWindows, DENSE, windowsOf, type Option, type WindowsOrDense } from './regex-windows.ts';
import { EMPTY_WINDOWS, RegionSource, type RunSpec, type Windows } from './text-places.ts';
import { lowerBound } from './lower-bound.ts';

interface Compiled {
  sticky: RegExp;
  /** Proofs that only rule texts out first (they are cheap to check), then bounded ones. */
  options: Option[];
  unicode: boolean;
  /** Every match starts at a line start (`^` under m) or at 0 (`^` without m). */
  anchor: 'line' | 'start' | null;
  /** Texts searched so far (up to PROMOTE_AFTER, when the plan's literals join the automaton). */
  texts: number;
  /** The text last searched and its windows: exec loops call again and again with one text. */
  lastText: string | null;
  lastWindows: WindowsOrDense | null;
  /** Rules texts out by the literals they lack (plan-gates.ts); set when the literals are promoted. */
  gate: Gate | null;
}

const compiledByRegex = new WeakMap<RegExp, Compiled | null>();
const compiledBySource = new Map<string, Map<string, Compiled | null>>();
const MAX_SOURCES = 4096;

// Exec loops call again and again with one regex: the last one is remembered.
let lastRegex: RegExp | null = null;
let lastCompiled: Compiled | null = null;

function compile(re: RegExp): Compiled | null {
  if (re === lastRegex) return lastCompiled;
  const found = compileUncached(re);
  lastRegex = re;
  lastCompiled = found;
  return found;
}

function compileUncached(re: RegExp): Compiled | null {
  const known = compiledByRegex.get(re);
  if (known !== undefined) return known;
  // Regex literals inside functions are new objects on every call: look them up by source and flags.
  let byFlags = compiledBySource.get(re.source);
  if (!byFlags) {
    if (compiledBySource.size >= MAX_SOURCES) compiledBySource.clear();
    compiledBySource.set(re.source, (byFlags = new Map()));
  }
  let found = byFlags.get(re.flags);
  if (found === undefined) {
    found = compilePlan(re);
    byFlags.set(re.flags, found);
  }
  compiledByRegex.set(re, found);
  return found;
}

function compilePlan(re: RegExp): Compiled | null {
  const plan = planRegex(re.source, re.flags);
  if (!plan) return null;
  // Only proofs whose literals the automaton can index are used.
  const options: Option[] = plan.candidates
    .map((requirements) => optionOf(requirements))
    .filter((o) => o.ids.every((id, r) => o.runs[r] !== null || findable(id)))
    .sort((a, b) => Number(a.bounded) - Number(b.bounded));
  const anchor = plan.anchored ? (re.multiline ? 'line' : 'start') : null;
  if (options.length === 0 && !anchor) return null;
  return {
    sticky: new RegExp(re.source, re.flags.replace(/[gy]/g, '') + 'y'),
    options,
    unicode: plan.unicode,
    anchor,
    texts: 0,
    lastText: null,
    lastWindows: null,
    gate: null,
  };
}

function optionOf(requirements: LiteralRequirement[]): Option {
  const runs = requirements.map((r): RunSpec | null => {
    if (r.run) return { set: r.run.set, min: r.run.min, nonAsciiOnly: r.run.set.ascii.every((b) => b === 0) };
    const code = oneCharacter(r.literal);
    return code ? { set: charsOf([code]), min: 1, nonAsciiOnly: false, char: r.literal } : null;
  });
  return {
    ids: Int32Array.from(requirements, (r, k) => (runs[k] ? -1 : literalId(r.literal))),
    runs,
    maxOffsets: Float64Array.from(requirements, (r) => r.maxOffset),
    prefixes: requirements.map((r) => (Number.isFinite(r.maxOffset) ? null : r.prefix)),
    weights: Float64Array.from(requirements, windowWeight),
    bounded: requirements.every(usable),
  };
}

// A literal of one character is too common for the automaton (literal-registry.ts), but indexOf
// finds its places quickly where it is rare: "|" after `curl ...` proves that a text without a
// pipe holds no pipe-to-shell. Only ASCII characters that are not letters: their folded form is
// the only one.
function oneCharacter(literal: string): number {
  if (literal.length !== 1) return 0;
  const code = literal.charCodeAt(0);
  return code > 32 && code < 128 && !(code >= 97 && code <= 122) && !(code >= 65 && code <= 90) ? code : 0;
}

// Plans that hold a text in lastText; they drop it when texts are released.
let holding: Compiled[] = [];
onTextsReleased(() => {
  for (const c of holding) {
    c.lastText = null;
    c.lastWindows = null;
  }
  holding = [];
});

// A pattern searched in a few texts is one of the rules' own (regexes built at run time from a
// file's names are searched in that file only): its literals are worth a place in the automaton.
const PROMOTE_AFTER = 3;

function promote(c: Compiled): void {
  for (const option of c.options) promoteLiterals(option.ids.filter((id) => id >= 0));
  c.gate = gateOf(c.options);
}

/** Makes `text` the plan's current text (its windows are set by the caller), counting texts seen. */
function rememberText(c: Compiled, text: string): void {
  if (c.lastText === null) holding.push(c);
  if (c.texts < PROMOTE_AFTER && ++c.texts === PROMOTE_AFTER) promote(c);
  c.lastText = text;
}

/**
 * The plan of `re` with its windows in `text`, or null when the plain regex must run. With `base`,
 * `text` is a region of that indexed text: base.slice(from, from + text.length).
 */
function fastPath(re: RegExp, text: string, base?: string, from = 0): Compiled | null {
  if (re.sticky) return null;
  const c = compile(re);
  if (!c) return null;
  // Windows depend only on the text's content, so an equal region may reuse them.
  if (c.lastText !== text) {
    const index = indexOfText(base ?? text);
    if (!index) return null;
    rememberText(c, text);
    // A text without the gate's literals holds no match, nor does any region of it.
    if (c.gate !== null && ruledOut(c.gate, index)) c.lastWindows = EMPTY_WINDOWS;
    else if (base === undefined) c.lastWindows = windowsOf(index, c);
    else {
      // Rules run one regex over many regions of a text (its code blocks, its functions): when the
      // whole text lacks every literal of one of the regex's proofs (its windows, kept per text,
      // are empty), so does each region, and the region's own windows need not be worked out.
      const whole = windowsOf(index, c);
      c.lastWindows = whole === EMPTY_WINDOWS ? EMPTY_WINDOWS : computeWindows(new RegionSource(index, from, text), c);
    }
  }
  return c.lastWindows === DENSE ? null : c;
}

/** The first match starting at or after `from` within the current windows of `c`, or null. */
function searchWindows(c: Compiled, text: string, from: number): RegExpExecArray | null {
  const { starts, ends, lo, hi } = c.lastWindows as Windows;
  const sticky = c.sticky;
  const anchor = c.anchor;
  // From the first window that ends at or after `from`.
  for (let k = lowerBound(ends, lo, hi, from); k < hi; k++) {
    const end = ends[k];
    for (let s = starts[k] > from ? starts[k] : from; s <= end; s++) {
      // Under u the plain search never starts inside a surrogate pair.
      if (c.unicode && s > 0 && isTrail(text.charCodeAt(s)) && isLead(text.charCodeAt(s - 1))) continue;
      if (anchor !== null && s > 0 && (anchor === 'start' || !isLineBreak(text.charCodeAt(s - 1)))) continue;
      sticky.lastIndex = s;
      const m = sticky.exec(text);
      if (m !== null) return m;
    }
  }
  return null;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

function isLead(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isTrail(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** `re.exec(text)` through the plan's windows; with `base`, text is a region of it (see fastPath). */
function execPlanned(re: RegExp, text: string, base: string | undefined, from: number): RegExpExecArray | null {
  const c = fastPath(re, text, base, from);
  if (!c) return re.exec(text);
  if (!re.global) return searchWindows(c, text, 0);
  const start = re.lastIndex;
  const m = start > text.length ? null : searchWindows(c, text, start);
  re.lastIndex = m ? m.index + m[0].length : 0;
  return m;
}

/**
 * `re.exec(text)`, with the same result and the same effect on `re.lastIndex`: for a global regex
 * the first match at or after lastIndex, for any other the first match.
 */
export function execRegex(re: RegExp, text: string): RegExpExecArray | null {
  return execPlanned(re, text, undefined, 0);
}

/**
 * `re.exec(region)` for a region of a prepared text (region === base.slice(from, from +
 * region.length)), with the same result and effect on `re.lastIndex`; the text's literal index
 * tells where in the region a match can be.
 */
export function execRegexIn(re: RegExp, region: string, base: string, from: number): RegExpExecArray | null {
  return execPlanned(re, region, base, from);
}

/** `re.test(region)` for a region of a prepared text (see execRegexIn). */
export function testRegexIn(re: RegExp, region: string, base: string, from: number): boolean {
  return execRegexIn(re, region, base, from) !== null;
}

/** `re.test(text)`, with the same effect on `re.lastIndex`. */
export function testRegex(re: RegExp, text: string): boolean {
  return execRegex(re, text) !== null;
}

/** `text.matchAll(re)` (re must be global; its lastIndex is left alone, as matchAll does). */
export function* matchAllRegex(text: string, re: RegExp): Generator<RegExpExecArray, void, undefined> {
  if (!re.global) throw new TypeError('matchAllRegex needs a global regex');
  if (!fastPath(re, text)) {
    yield* text.matchAll(re);
    return;
  }
  let from = re.lastIndex;
  while (from <= text.length) {
    // Looked up again each time: the loop body may have run the same regex on another text.
    const c = fastPath(re, text);
    if (!c) {
      const rest = new RegExp(re.source, re.flags);
      rest.lastIndex = from;
      yield* text.matchAll(rest);
      return;
    }
    const m = searchWindows(c, text, from);
    if (!m) return;
    yield m;
    from = m.index + m[0].length;
    // After an empty match, step one character on, as String.prototype.matchAll does (one code
    // point with the u or v flag), or the same empty match would come back forever.
    if (m[0].length === 0) {
      const wide = (re.unicode || re.unicodeSets) && isLead(text.charCodeAt(from)) && isTrail(text.charCodeAt(from + 1));
      from += wide ? 2 : 1;
    }
  }
}

/** `text.search(re)`: the index of the first match, or -1. */
export function searchRegex(text: string, re: RegExp): number {
  const c = fastPath(re, text);
  if (!c) return text.search(re);
  const m = searchWindows(c, text, 0);
  return m ? m.index : -1;
}
