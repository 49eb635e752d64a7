// Regex matching that tries a pattern only where it can match. regex-literals.ts proves, for most
// patterns, that every match starts in a short window before an occurrence of one of a few
// literals (or of a long run of one character class); literal-index.ts knows where those
// literals occur in a prepared text. A sticky copy of the regex is then tried at each position of
// those windows, in order, which finds exactly the matches a plain `exec` loop finds: a sticky
// attempt at a position is the attempt the plain search makes there, and no position outside the
// windows can start a match. A text without any literal of a proof holds no match at all. Texts
// the scanner did not prepare, patterns without a proof, and texts where the windows would cover
// much of the text use the plain regex.
import { planRegex, usable, windowWeight, type CharSet, type LiteralRequirement } from './regex-literals.ts';
import { findable, indexOfText, literalId, literalLength, onTextsReleased, promoteLiterals, type TextIndex } from './literal-index.ts';

/** Candidate windows [starts[k], ends[k]] (inclusive) for k in [lo, hi), in order and disjoint. */
interface Windows {
  starts: Int32Array;
  ends: Int32Array;
  lo: number;
  hi: number;
}

const DENSE = 'dense';
type WindowsOrDense = Windows | typeof DENSE;

/** A run requirement: at least `min` consecutive characters of `set`. */
interface RunSpec {
  set: CharSet;
  min: number;
  /** The set holds no ASCII character: runs start at the text's non-ASCII characters. */
  nonAsciiOnly: boolean;
}

/** One proof of a plan: every match holds one of these literals (or runs) within its window. */
interface Option {
  /** Literal ids; -1 where the requirement is a run. */
  ids: Int32Array;
  runs: (RunSpec | null)[];
  maxOffsets: Float64Array;
  /** Per literal: the characters a match may hold before it, when the distance is unbounded. */
  prefixes: (CharSet | null)[];
  /** Expected window length per occurrence of each literal. */
  weights: Float64Array;
  /** False for proofs that only say a match holds one of the literals somewhere. */
  bounded: boolean;
}

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
  };
}

function optionOf(requirements: LiteralRequirement[]): Option {
  return {
    ids: Int32Array.from(requirements, (r) => (r.run ? -1 : literalId(r.literal))),
    runs: requirements.map((r) => (r.run ? { set: r.run.set, min: r.run.min, nonAsciiOnly: r.run.set.ascii.every((b) => b === 0) } : null)),
    maxOffsets: Float64Array.from(requirements, (r) => r.maxOffset),
    prefixes: requirements.map((r) => (Number.isFinite(r.maxOffset) ? null : r.prefix)),
    weights: Float64Array.from(requirements, windowWeight),
    bounded: requirements.every(usable),
  };
}

// A sticky attempt costs about as much as the engine's own scan of 20 to 30 characters: past
// this share of the text, the plain scan is used.
const DENSE_SHARE = 1 / 24;
const NO_POSITIONS = new Int32Array(0);
const EMPTY_WINDOWS: Windows = { starts: NO_POSITIONS, ends: NO_POSITIONS, lo: 0, hi: 0 };

/** Literal occurrences in the string being searched: a whole indexed text, or a region of one. */
interface Source {
  readonly text: string;
  readonly memo: Map<object, unknown>;
  covers(id: number): boolean;
  countOf(id: number): number;
  places(id: number): Windows;
}

/** A whole indexed text. */
class TextSource implements Source {
  readonly text: string;
  readonly memo: Map<object, unknown>;
  private readonly index: TextIndex;

  constructor(index: TextIndex) {
    this.index = index;
    this.text = index.text;
    this.memo = index.memo;
  }

  covers(id: number): boolean {
    return this.index.covers(id);
  }

  countOf(id: number): number {
    return this.index.countOf(id);
  }

  places(id: number): Windows {
    const positions = this.index.positionsOf(id);
    return { starts: positions, ends: positions, lo: this.index.firstOf(id), hi: this.index.firstOf(id + 1) };
  }
}

/** A region text.slice(from, from + region.length) of an indexed text: occurrences inside it, shifted. */
class RegionSource implements Source {
  readonly text: string;
  readonly memo = new Map<object, unknown>();
  private readonly index: TextIndex;
  private readonly from: number;

  constructor(index: TextIndex, from: number, region: string) {
    this.index = index;
    this.from = from;
    this.text = region;
  }

  covers(id: number): boolean {
    return this.index.covers(id);
  }

  /** The range of the literal's occurrences that lie wholly inside the region. */
  private range(id: number): [number, number] {
    const positions = this.index.positionsOf(id);
    const last = this.from + this.text.length - literalLength(id);
    return [lowerBound(positions, this.index.firstOf(id), this.index.firstOf(id + 1), this.from), lowerBound(positions, this.index.firstOf(id), this.index.firstOf(id + 1), last + 1)];
  }

  countOf(id: number): number {
    const [lo, hi] = this.range(id);
    return hi - lo;
  }

  places(id: number): Windows {
    const [lo, hi] = this.range(id);
    const positions = this.index.positionsOf(id);
    const shifted = new Int32Array(hi - lo);
    for (let k = lo; k < hi; k++) shifted[k - lo] = positions[k] - this.from;
    return { starts: shifted, ends: shifted, lo: 0, hi: shifted.length };
  }
}

/** The first k in [lo, hi) with sorted[k] >= value (hi when none). */
function lowerBound(sorted: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const SOURCE_KEY = {};

function windowsOf(index: TextIndex, c: Compiled): WindowsOrDense {
  const cached = index.memo.get(c) as WindowsOrDense | undefined;
  if (cached) return cached;
  let source = index.memo.get(SOURCE_KEY) as TextSource | undefined;
  if (!source) index.memo.set(SOURCE_KEY, (source = new TextSource(index)));
  const result = computeWindows(source, c);
  index.memo.set(c, result);
  return result;
}

function computeWindows(source: Source, c: Compiled): WindowsOrDense {
  // The proof whose literals are rarest here; a proof none of whose literals occur rules out any
  // match. Proofs with literals the automaton did not look for in this text are skipped.
  let best: Option | null = null;
  let bestCost = Infinity;
  for (const option of c.options) {
    const expected = option.bounded ? expectedWork(source, option, bestCost) : anyPresent(source, option);
    if (expected < 0) continue;
    if (expected === 0) return EMPTY_WINDOWS;
    if (option.bounded && expected < bestCost && expected !== Infinity) {
      best = option;
      bestCost = expected;
    }
  }
  const text = source.text;
  const budget = Math.max(64, text.length * DENSE_SHARE);
  // A pattern anchored with ^ can only start at 0, or at line starts under m.
  if (c.anchor === 'start') return START_WINDOW;
  if (c.anchor === 'line') {
    const lines = lineStartsOf(source);
    if (lines !== TOO_MANY && lines.hi - lines.lo < bestCost) return lines;
  }
  if (!best) return DENSE;
  if (bestCost > budget) return DENSE;
  const lists: Windows[] = [];
  let total = 0;
  let covered = 0;
  for (let r = 0; r < best.ids.length; r++) {
    if (best.ids[r] >= 0 && source.countOf(best.ids[r]) === 0) continue;
    const places = placesOf(source, best, r);
    if (places.lo === places.hi) continue;
    const w = windowsBefore(text, places, best.maxOffsets[r], best.prefixes[r]);
    total += w.hi - w.lo;
    for (let k = w.lo; k < w.hi; k++) covered += w.ends[k] - w.starts[k] + 1;
    // Estimates of prefix runs can be far off (a hostile file): past twice the budget, scan plainly.
    if (covered > 2 * budget) return DENSE;
    lists.push(w);
  }
  if (lists.length === 0) return EMPTY_WINDOWS;
  if (lists.length === 1) return lists[0];
  return mergeWindows(lists, total);
}

/** The union of several window lists (each in order and disjoint), in order and coalesced. */
function mergeWindows(lists: Windows[], total: number): Windows {
  const starts = new Int32Array(total);
  const ends = new Int32Array(total);
  const heads = lists.map((l) => l.lo);
  let n = 0;
  for (;;) {
    // The list whose next window starts first (there are few lists).
    let pick = -1;
    let s = 0;
    for (let i = 0; i < lists.length; i++) {
      if (heads[i] >= lists[i].hi) continue;
      const start = lists[i].starts[heads[i]];
      if (pick < 0 || start < s) {
        pick = i;
        s = start;
      }
    }
    if (pick < 0) break;
    const e = lists[pick].ends[heads[pick]++];
    if (n > 0 && s <= ends[n - 1] + 1) {
      if (e > ends[n - 1]) ends[n - 1] = e;
    } else {
      starts[n] = s;
      ends[n] = e;
      n++;
    }
  }
  return { starts, ends, lo: 0, hi: n };
}

/**
 * Expected sticky attempts for a proof in this text (stopping once past `limit`); -1 when its
 * literals were not indexed.
 */
function expectedWork(source: Source, option: Option, limit: number): number {
  const ids = option.ids;
  let expected = 0;
  for (let r = 0; r < ids.length; r++) {
    const id = ids[r];
    if (id < 0) {
      const runs = runsIn(source, option.runs[r]!);
      expected += runs === TOO_MANY ? Infinity : (runs.hi - runs.lo) * option.weights[r];
    } else if (!source.covers(id)) return -1;
    else expected += source.countOf(id) * option.weights[r];
    if (expected > limit) return expected;
  }
  return expected;
}

/** 1 when some literal of a presence proof occurs, 0 when none does, -1 when not indexed. */
function anyPresent(source: Source, option: Option): number {
  const ids = option.ids;
  for (let r = 0; r < ids.length; r++) {
    const id = ids[r];
    if (id < 0) {
      const runs = runsIn(source, option.runs[r]!);
      if (runs === TOO_MANY || runs.hi > runs.lo) return 1;
    } else if (!source.covers(id)) return -1;
    else if (source.countOf(id) > 0) return 1;
  }
  return 0;
}

/**
 * Where requirement r is met: for a literal, each occurrence (starts = ends); for a run, each
 * maximal run long enough, from its start to the last place a long-enough run can begin.
 */
function placesOf(source: Source, option: Option, r: number): Windows {
  const run = option.runs[r];
  if (run !== null) return runsIn(source, run);
  return source.places(option.ids[r]);
}

function runsIn(source: Source, run: RunSpec): Windows {
  if (run.nonAsciiOnly) return nonAsciiPlaces(source);
  let found = source.memo.get(run) as Windows | undefined;
  if (!found) {
    found = runsOf(source.text, run);
    source.memo.set(run, found);
  }
  return found;
}

const START_WINDOW: Windows = { starts: Int32Array.of(0), ends: Int32Array.of(0), lo: 0, hi: 1 };
/** Places too many to try one by one: a proof that needs them is never cheaper than the plain scan. */
const TOO_MANY: Windows = { starts: NO_POSITIONS, ends: NO_POSITIONS, lo: 0, hi: 0 };
const LINE_BREAK = /[\n\r\u2028\u2029]/g;
const NON_ASCII = /[^\x00-\x7f]/g;

/** Every line start of the text (where `^` matches under m); TOO_MANY past the dense share. */
function lineStartsOf(source: Source): Windows {
  return placesFound(source, LINE_BREAK, 1, [0]);
}

/** Every non-ASCII unit of the text: where a run of a class without ASCII characters can start. */
function nonAsciiPlaces(source: Source): Windows {
  return placesFound(source, NON_ASCII, 0, []);
}

/**
 * The places a one-character regex finds in the text (shifted by `shift`, after `first`), cached
 * per text under the regex; TOO_MANY past the dense share of the text (the plain regex will run).
 */
function placesFound(source: Source, re: RegExp, shift: number, first: number[]): Windows {
  let found = source.memo.get(re) as Windows | undefined;
  if (found) return found;
  const text = source.text;
  const limit = Math.max(64, text.length * DENSE_SHARE);
  const positions = first;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null && positions.length <= limit) positions.push(m.index + shift);
  re.lastIndex = 0;
  if (positions.length > limit) found = TOO_MANY;
  else {
    const list = Int32Array.from(positions);
    found = { starts: list, ends: list, lo: 0, hi: list.length };
  }
  source.memo.set(re, found);
  return found;
}

/** Maximal runs of at least `min` characters of `set`, found by probing every min-th unit. */
function runsOf(text: string, { set, min }: RunSpec): Windows {
  const starts: number[] = [];
  const ends: number[] = [];
  const n = text.length;
  let k = min - 1;
  while (k < n) {
    if (!inSet(set, text.charCodeAt(k))) {
      k += min;
      continue;
    }
    let start = k;
    const floor = ends.length ? ends[ends.length - 1] + min : 0;
    while (start > floor && inSet(set, text.charCodeAt(start - 1))) start--;
    let end = k + 1;
    while (end < n && inSet(set, text.charCodeAt(end))) end++;
    if (end - start >= min) {
      starts.push(start);
      ends.push(end - min);
    }
    // A later run long enough starts after `end` and covers end + min - 1 or a later probe.
    k = Math.max(k + min, end + min - 1);
  }
  if (starts.length === 0) return EMPTY_WINDOWS;
  return { starts: Int32Array.from(starts), ends: Int32Array.from(ends), lo: 0, hi: starts.length };
}

/** Windows [earliest start of a match, last place] before each place, coalesced. */
function windowsBefore(text: string, places: Windows, maxOffset: number, prefix: CharSet | null): Windows {
  const { starts: from, ends: to, lo, hi } = places;
  // A literal at the very start of every match: the windows are its occurrences.
  if (maxOffset === 0 && from === to) return places;
  const starts = new Int32Array(hi - lo);
  const ends = new Int32Array(hi - lo);
  let n = 0;
  let lastP = -1;
  let lastStart = 0;
  for (let k = lo; k < hi; k++) {
    const p = from[k];
    const last = to[k];
    let ws: number;
    if (prefix === null) ws = p > maxOffset ? p - maxOffset : 0;
    else {
      // Back over the run of prefix characters before p; a run reaching the previous place
      // continues that place's run.
      let j = p;
      const floor = lastP > 0 ? lastP : 0;
      while (j > floor && inSet(prefix, text.charCodeAt(j - 1))) j--;
      ws = lastP >= 0 && j === lastP ? lastStart : j;
      if (ws < p - maxOffset) ws = p - maxOffset;
      lastP = p;
      lastStart = ws;
    }
    if (n > 0 && ws <= ends[n - 1] + 1) {
      if (last > ends[n - 1]) ends[n - 1] = last;
    } else {
      starts[n] = ws;
      ends[n] = last;
      n++;
    }
  }
  return { starts, ends, lo: 0, hi: n };
}

function inSet(set: CharSet, c: number): boolean {
  return c < 128 ? set.ascii[c] === 1 : set.nonAscii;
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
}

/** The plan of `re` with its windows in `text`, or null when the plain regex must run. */
function fastPath(re: RegExp, text: string): Compiled | null {
  if (re.sticky) return null;
  const c = compile(re);
  if (!c) return null;
  if (c.lastText !== text) {
    const index = indexOfText(text);
    if (!index) return null;
    if (c.lastText === null) holding.push(c);
    if (c.texts < PROMOTE_AFTER && ++c.texts === PROMOTE_AFTER) promote(c);
    c.lastText = text;
    c.lastWindows = windowsOf(index, c);
  }
  return c.lastWindows === DENSE ? null : c;
}

/** fastPath for a region of an indexed text: `region` is base.slice(from, from + region.length). */
function fastPathIn(re: RegExp, region: string, base: string, from: number): Compiled | null {
  if (re.sticky) return null;
  const c = compile(re);
  if (!c) return null;
  // Windows depend only on the region's content, so an equal region may reuse them.
  if (c.lastText !== region) {
    const index = indexOfText(base);
    if (!index) return null;
    if (c.lastText === null) holding.push(c);
    if (c.texts < PROMOTE_AFTER && ++c.texts === PROMOTE_AFTER) promote(c);
    c.lastText = region;
    c.lastWindows = computeWindows(new RegionSource(index, from, region), c);
  }
  return c.lastWindows === DENSE ? null : c;
}

/** The first match starting at or after `from` within the current windows of `c`, or null. */
function searchWindows(c: Compiled, text: string, from: number): RegExpExecArray | null {
  const { starts, ends, hi } = c.lastWindows as Windows;
  // First window that ends at or after `from`.
  let lo = (c.lastWindows as Windows).lo;
  let top = hi;
  while (lo < top) {
    const mid = (lo + top) >> 1;
    if (ends[mid] < from) lo = mid + 1;
    else top = mid;
  }
  const sticky = c.sticky;
  const anchor = c.anchor;
  for (let k = lo; k < hi; k++) {
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

/**
 * `re.exec(text)`, with the same result and the same effect on `re.lastIndex`: for a global regex
 * the first match at or after lastIndex, for any other the first match.
 */
export function execRegex(re: RegExp, text: string): RegExpExecArray | null {
  const c = fastPath(re, text);
  if (!c) return re.exec(text);
  if (!re.global) return searchWindows(c, text, 0);
  const from = re.lastIndex;
  const m = from > text.length ? null : searchWindows(c, text, from);
  re.lastIndex = m ? m.index + m[0].length : 0;
  return m;
}

/**
 * `re.exec(region)` for a region of a prepared text (region === base.slice(from, from +
 * region.length)), with the same result and effect on `re.lastIndex`; the text's literal index
 * tells where in the region a match can be.
 */
export function execRegexIn(re: RegExp, region: string, base: string, from: number): RegExpExecArray | null {
  const c = fastPathIn(re, region, base, from);
  if (!c) return re.exec(region);
  if (!re.global) return searchWindows(c, region, 0);
  const start = re.lastIndex;
  const m = start > region.length ? null : searchWindows(c, region, start);
  re.lastIndex = m ? m.index + m[0].length : 0;
  return m;
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
  }
}

/** `text.search(re)`: the index of the first match, or -1. */
export function searchRegex(text: string, re: RegExp): number {
  const c = fastPath(re, text);
  if (!c) return text.search(re);
  const m = searchWindows(c, text, 0);
  return m ? m.index : -1;
}
