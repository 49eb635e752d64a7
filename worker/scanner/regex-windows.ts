// Where in a text a regex can match: the windows regex-scan.ts tries a sticky copy of the regex
// at. For the plan of a regex (its proofs, from regex-literals.ts) and a text indexed by
// literal-index.ts, this picks the proof whose literals are rarest in the text, and turns the
// places it needs (literal occurrences, runs of one class, line starts) into windows of possible
// match starts, or says that the text holds no match, or that windows would cover so much of the
// text that the plain regex is cheaper (DENSE). Kept apart from the matching itself, which only
// walks the windows this computes.
import type { CharSet } from './regex-charset.ts';
import { literalLength } from './literal-registry.ts';
import type { TextIndex } from './literal-index.ts';

/** Candidate windows [starts[k], ends[k]] (inclusive) for k in [lo, hi), in order and disjoint. */
export interface Windows {
  starts: Int32Array;
  ends: Int32Array;
  lo: number;
  hi: number;
}

/** Windows would cover so much of the text that the plain regex is cheaper. */
export const DENSE = 'dense';
export type WindowsOrDense = Windows | typeof DENSE;

/** A run requirement: at least `min` consecutive characters of `set`. */
export interface RunSpec {
  set: CharSet;
  min: number;
  /** The set holds no ASCII character: runs start at the text's non-ASCII characters. */
  nonAsciiOnly: boolean;
  /** A run of one given character (min 1): its places are found with indexOf. */
  char?: string;
}

/** One proof of a plan: every match holds one of these literals (or runs) within its window. */
export interface Option {
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

/** What the window computation reads of a compiled regex: its proofs and its anchor. */
export interface WindowPlan {
  readonly options: Option[];
  /** Every match starts at a line start (`^` under m) or at 0 (`^` without m). */
  readonly anchor: 'line' | 'start' | null;
}

// A sticky attempt costs about as much as the engine's own scan of 20 to 30 characters: past
// this share of the text, the plain scan is used.
const DENSE_SHARE = 1 / 24;
const NO_POSITIONS = new Int32Array(0);
const EMPTY_WINDOWS: Windows = { starts: NO_POSITIONS, ends: NO_POSITIONS, lo: 0, hi: 0 };

/** Literal occurrences in the string being searched: a whole indexed text, or a region of one. */
export interface Source {
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
export class RegionSource implements Source {
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
export function lowerBound(sorted: Int32Array, lo: number, hi: number, value: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const SOURCE_KEY = {};

export function windowsOf(index: TextIndex, c: WindowPlan): WindowsOrDense {
  const cached = index.memo.get(c) as WindowsOrDense | undefined;
  if (cached) return cached;
  let source = index.memo.get(SOURCE_KEY) as TextSource | undefined;
  if (!source) index.memo.set(SOURCE_KEY, (source = new TextSource(index)));
  const result = computeWindows(source, c);
  index.memo.set(c, result);
  return result;
}

export function computeWindows(source: Source, c: WindowPlan): WindowsOrDense {
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

/**
 * Appends the window [start, end] to the first `n` windows (in order of start), merging it into
 * the last one when they overlap or touch; returns the new count.
 */
function appendCoalesced(starts: Int32Array, ends: Int32Array, n: number, start: number, end: number): number {
  if (n > 0 && start <= ends[n - 1] + 1) {
    if (end > ends[n - 1]) ends[n - 1] = end;
    return n;
  }
  starts[n] = start;
  ends[n] = end;
  return n + 1;
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
    n = appendCoalesced(starts, ends, n, s, lists[pick].ends[heads[pick]++]);
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
  if (run.char) return characterPlaces(source, run.char);
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

// A window before a character is a few hundred units long, so a proof through a character pays
// only where it is rare: in a text of n units, more than n / 4096 + 1 places (at most 256) are
// never worth trying, and the search stops there instead of listing a character found everywhere.
const MAX_CHARACTER_PLACES = 256;

/** The places of one character (cached per text); TOO_MANY when there are too many to try. */
function characterPlaces(source: Source, char: string): Windows {
  const key = CHARACTER_KEYS.get(char) ?? CHARACTER_KEYS.set(char, {}).get(char)!;
  let found = source.memo.get(key) as Windows | undefined;
  if (found) return found;
  const text = source.text;
  const most = Math.min(MAX_CHARACTER_PLACES, (text.length >> 12) + 1);
  const positions: number[] = [];
  for (let i = text.indexOf(char); i >= 0; i = text.indexOf(char, i + 1)) {
    if (positions.length === most) {
      found = TOO_MANY;
      break;
    }
    positions.push(i);
  }
  if (!found) {
    const list = Int32Array.from(positions);
    found = positions.length === 0 ? EMPTY_WINDOWS : { starts: list, ends: list, lo: 0, hi: list.length };
  }
  source.memo.set(key, found);
  return found;
}
const CHARACTER_KEYS = new Map<string, object>();

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
    n = appendCoalesced(starts, ends, n, ws, last);
  }
  return { starts, ends, lo: 0, hi: n };
}

function inSet(set: CharSet, c: number): boolean {
  return c < 128 ? set.ascii[c] === 1 : set.nonAscii;
}
