// Where in a text the requirements of a regex proof are met: occurrences of literals (from the
// text's literal index, or within a region of it), runs of one class, places of one character,
// line starts, non-ASCII units. regex-windows.ts turns these places into windows of possible match
// starts; this module only finds and caches them per text.
import type { CharSet } from './regex-charset.ts';
import { literalLength } from './literal-registry.ts';
import type { TextIndex } from './literal-index.ts';
import { lowerBound } from './lower-bound.ts';

/** Candidate windows [starts[k], ends[k]] (inclusive) for k in [lo, hi), in order and disjoint. */
export interface Windows {
  starts: Int32Array;
  ends: Int32Array;
  lo: number;
  hi: number;
}

/** A run requirement: at least `min` consecutive characters of `set`. */
export interface RunSpec {
  set: CharSet;
  min: number;
  /** The set holds no ASCII character: runs start at the text's non-ASCII characters. */
  nonAsciiOnly: boolean;
  /** A run of one given character (min 1): its places are found with indexOf. */
  char?: string;
}

// A sticky attempt costs about as much as the engine's own scan of 20 to 30 characters: past
// this share of the text, the plain scan is used.
export const DENSE_SHARE = 1 / 24;
const NO_POSITIONS = new Int32Array(0);
export const EMPTY_WINDOWS: Windows = { starts: NO_POSITIONS, ends: NO_POSITIONS, lo: 0, hi: 0 };

/** Literal occurrences in the string being searched: a whole indexed text, or a region of one. */
export interface Source {
  readonly text: string;
  readonly memo: Map<object, unknown>;
  covers(id: number): boolean;
  countOf(id: number): number;
  places(id: number): Windows;
}

/** A whole indexed text. */
export class TextSource implements Source {
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
    return { starts: positions, ends: positions, lo: this.index.firstOf(id), hi: this.index.endOf(id) };
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

  /** The first of the literal's occurrences at or after the region's start. */
  private firstInside(id: number): number {
    return lowerBound(this.index.positionsOf(id), this.index.firstOf(id), this.index.endOf(id), this.from);
  }

  /**
   * The end of the literal's occurrences that lie wholly inside the region: never before the
   * first inside, also for a region shorter than the literal (where the last possible start lies
   * before the region's start).
   */
  private endInside(id: number, first: number): number {
    const last = this.from + this.text.length - literalLength(id);
    return Math.max(first, lowerBound(this.index.positionsOf(id), this.index.firstOf(id), this.index.endOf(id), last + 1));
  }

  countOf(id: number): number {
    // Asked for every literal of a proof, most of which a text lacks altogether.
    if (this.index.countOf(id) === 0) return 0;
    const first = this.firstInside(id);
    return this.endInside(id, first) - first;
  }

  places(id: number): Windows {
    const lo = this.firstInside(id);
    const hi = this.endInside(id, lo);
    const positions = this.index.positionsOf(id);
    const shifted = new Int32Array(hi - lo);
    for (let k = lo; k < hi; k++) shifted[k - lo] = positions[k] - this.from;
    return { starts: shifted, ends: shifted, lo: 0, hi: shifted.length };
  }
}

export function runsIn(source: Source, run: RunSpec): Windows {
  if (run.nonAsciiOnly) return nonAsciiPlaces(source);
  if (run.char) return characterPlaces(source, run.char);
  let found = source.memo.get(run) as Windows | undefined;
  if (!found) {
    found = runsOf(source.text, run);
    source.memo.set(run, found);
  }
  return found;
}

/** Places too many to try one by one: a proof that needs them is never cheaper than the plain scan. */
export const TOO_MANY: Windows = { starts: NO_POSITIONS, ends: NO_POSITIONS, lo: 0, hi: 0 };
const LINE_BREAK = /[\n\r\u2028\u2029]/g;
const NON_ASCII = /[^\x00-\x7f]/g;

/** Every line start of the text (where `^` matches under m); TOO_MANY past the dense share. */
export function lineStartsOf(source: Source): Windows {
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
  found = positions.length > limit ? TOO_MANY : placesAt(positions);
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
  found ??= placesAt(positions);
  source.memo.set(key, found);
  return found;
}
const CHARACTER_KEYS = new Map<string, object>();

/** Single places (each a window of one position), in order. */
function placesAt(positions: number[]): Windows {
  if (positions.length === 0) return EMPTY_WINDOWS;
  const list = Int32Array.from(positions);
  return { starts: list, ends: list, lo: 0, hi: list.length };
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

export function inSet(set: CharSet, c: number): boolean {
  return c < 128 ? set.ascii[c] === 1 : set.nonAscii;
}
