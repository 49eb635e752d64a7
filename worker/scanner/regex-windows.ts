// Where in a text a regex can match: the windows regex-scan.ts tries a sticky copy of the regex
// at. For the plan of a regex (its proofs, from regex-literals.ts) and a text indexed by
// literal-index.ts, this picks the proof whose literals are rarest in the text, and turns the
// places it needs (literal occurrences, runs of one class, line starts) into windows of possible
// match starts, or says that the text holds no match, or that windows would cover so much of the
// text that the plain regex is cheaper (DENSE). Kept apart from the matching itself, which only
// walks the windows this computes.
import type { CharSet } from './regex-charset.ts';
import type { TextIndex } from './literal-index.ts';
import { DENSE_SHARE, EMPTY_WINDOWS, inSet, lineStartsOf, runsIn, TextSource, TOO_MANY, type RunSpec, type Source, type Windows } from './text-places.ts';

/** Windows would cover so much of the text that the plain regex is cheaper. */
export const DENSE = 'dense';
export type WindowsOrDense = Windows | typeof DENSE;

const START_WINDOW: Windows = { starts: Int32Array.of(0), ends: Int32Array.of(0), lo: 0, hi: 1 };

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
