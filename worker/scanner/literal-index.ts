// Where literals occur in a text, found in one pass. Rules register the literals they care about
// (their anchors, and the literals regex-literals.ts proves for each regex); an Aho-Corasick
// automaton over the long-lived ones reads a text once and records every occurrence. Literals
// are case-insensitive: ASCII letters fold to lower case, and U+017F/U+212A fold to s/k as they
// do for case-insensitive Unicode regexes. Offsets are those of the original text.
//
// A literal outside the automaton (one character long, not ASCII, or not yet promoted into it)
// is searched on demand with a case-insensitive regex, which finds a superset of the folded
// occurrences: callers only ever use occurrences as places where a match may be, so a superset
// is safe and a subset never happens.
//
// The registry of literals is literal-registry.ts and the automaton literal-automaton.ts; this
// module holds the per-text index and which texts get one.
import { Buffer } from 'node:buffer';
import type { FileView } from './types.ts';
import { mayContainAny } from './prefilter.ts';
import { currentAutomaton, findHits, hitBuffer, shrinkHitBuffer, type Automaton } from './literal-automaton.ts';
import { isDemoted, literalById, literalIdsOf, noteHits } from './literal-registry.ts';
import { lowerBound } from './lower-bound.ts';

export { findable, foldLiteral, literalId, literalIdsOf, literalLength, promoteLiterals } from './literal-registry.ts';

// --- per-text index ----------------------------------------------------------------------------

const EMPTY = new Int32Array(0);
const searchers = new Map<number, RegExp>();

/** A case-insensitive search for a literal outside the automaton (a superset of its folded occurrences). */
function searcherOf(id: number): RegExp {
  let re = searchers.get(id);
  if (!re) {
    re = new RegExp(literalById(id).replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'giu');
    searchers.set(id, re);
  }
  return re;
}

const WIDE = /[^\x00-\xff]/;

/** The UTF-16 units of a text as a typed array (a native copy: faster to walk than charCodeAt). */
function unitsOf(text: string): Uint8Array | Uint16Array {
  if (!WIDE.test(text)) return Buffer.from(text, 'latin1');
  const bytes = Buffer.from(text, 'utf16le');
  if (bytes.byteOffset % 2 === 0) return new Uint16Array(bytes.buffer, bytes.byteOffset, bytes.length >> 1);
  return new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

// The per-literal arrays of released indexes are reused: each is as long as the literal registry,
// and a scan indexes thousands of texts.
const arrayPool: Int32Array[] = [];

/** A zeroed array of `length` entries, from the pool when one fits. */
function takeArray(length: number): Int32Array {
  while (arrayPool.length) {
    const array = arrayPool.pop()!;
    if (array.length === length) {
      array.fill(0);
      return array;
    }
  }
  return new Int32Array(length);
}

// Scratch of one construction (texts are indexed one at a time): the literals found, and where a
// base index's occurrences past the derived part begin.
let foundScratch = new Int32Array(256);
let baseFromScratch = new Int32Array(1024);

/** The occurrences of literals in one text. */
export class TextIndex {
  readonly text: string;
  private readonly automaton: Automaton;
  private readonly included: Uint8Array;
  /**
   * By literal id (automaton literals): positions[first[id] .. end[id]). Both are zero for a
   * literal the text lacks, so that building an index costs in proportion to what the text holds,
   * not to the size of the registry.
   */
  private readonly first: Int32Array;
  private readonly end: Int32Array;
  /** Ids of the automaton literals the text holds. */
  private readonly found: Int32Array;
  private readonly positions: Int32Array;
  private late: Map<number, Int32Array> | null = null;
  /** Per-plan caches of regex-windows.ts and text-places.ts (windows, runs, line starts). */
  readonly memo = new Map<object, unknown>();

  /**
   * Indexes `text`; or, given `base` (the index of a text equal to this one from `from` on, such
   * as a SKILL.md and its body with the front matter blanked), reads only the part before `from`
   * and takes the rest from the base.
   */
  constructor(text: string, base?: { index: TextIndex; from: number }) {
    this.text = text;
    const a = base ? base.index.automaton : currentAutomaton();
    this.automaton = a;
    this.included = a.included;
    const count = a.included.length;
    const from = base ? base.from : 0;
    // Pass 1: every (literal, start) pair, in order of the literal's end.
    const units = unitsOf(base ? text.slice(0, Math.min(text.length, from + a.maxLength)) : text);
    let n = findHits(a, units);
    const hits = hitBuffer();
    if (base) {
      // Only occurrences starting in the part that differs; the base has the others.
      let kept = 0;
      for (let k = 0; k < n; k += 2) {
        if (hits[k + 1] >= from) continue;
        hits[kept++] = hits[k];
        hits[kept++] = hits[k + 1];
      }
      n = kept;
    } else noteHits(hits, n, units.length, count);
    // Pass 2: count per literal (in `end`) and note which literals occur.
    const first = takeArray(count);
    const end = takeArray(count);
    if (foundScratch.length < count) foundScratch = new Int32Array(count);
    let found = 0;
    for (let k = 0; k < n; k += 2) if (end[hits[k]]++ === 0) foundScratch[found++] = hits[k];
    if (base) {
      if (baseFromScratch.length < count) baseFromScratch = new Int32Array(count);
      const baseIndex = base.index;
      for (let f = 0; f < baseIndex.found.length; f++) {
        const id = baseIndex.found[f];
        const lo = lowerBound(baseIndex.positions, baseIndex.first[id], baseIndex.end[id], from);
        baseFromScratch[id] = lo;
        if (lo === baseIndex.end[id]) continue;
        if (end[id] === 0) foundScratch[found++] = id;
        end[id] += baseIndex.end[id] - lo;
      }
    }
    const ids = foundScratch.slice(0, found);
    // Pass 3: lay the literals out one after another (in the order found: any order will do);
    // `end` then serves as each literal's fill pointer.
    let total = 0;
    for (let f = 0; f < found; f++) {
      const id = ids[f];
      const c = end[id];
      first[id] = total;
      end[id] = total;
      total += c;
    }
    const positions = new Int32Array(total);
    // Starts stay increasing within a literal: a literal's pairs come in order of its end.
    for (let k = 0; k < n; k += 2) positions[end[hits[k]]++] = hits[k + 1];
    if (base) {
      const baseIndex = base.index;
      for (let f = 0; f < baseIndex.found.length; f++) {
        const id = baseIndex.found[f];
        const lo = baseFromScratch[id];
        const to = baseIndex.end[id];
        if (lo >= to) continue;
        positions.set(baseIndex.positions.subarray(lo, to), end[id]);
        end[id] += to - lo;
      }
    }
    this.first = first;
    this.end = end;
    this.found = ids;
    this.positions = positions;
    shrinkHitBuffer();
  }

  /** Sorted start offsets of a literal (by id) in the text: all of them, possibly more. */
  occurrences(id: number): Int32Array {
    if (this.included[id] === 1) {
      const from = this.first[id];
      const to = this.end[id];
      return from === to ? EMPTY : this.positions.subarray(from, to);
    }
    this.late ??= new Map();
    let found = this.late.get(id);
    if (!found) {
      const re = searcherOf(id);
      const list: number[] = [];
      re.lastIndex = 0;
      for (let m = re.exec(this.text); m !== null; m = re.exec(this.text)) {
        list.push(m.index);
        re.lastIndex = m.index + (m[0].codePointAt(0)! > 0xffff ? 2 : 1); // overlapping occurrences too
      }
      found = list.length ? Int32Array.from(list) : EMPTY;
      this.late.set(id, found);
    }
    return found;
  }

  /**
   * The array holding the occurrences of automaton literals: those of literal id are
   * positions[firstOf(id) .. endOf(id)), in order.
   */
  positionsOf(_id: number): Int32Array {
    return this.positions;
  }

  firstOf(id: number): number {
    return this.first[id];
  }

  endOf(id: number): number {
    return this.end[id];
  }

  /** Hands the index's arrays back for reuse; the index must not be used afterwards. */
  recycle(): void {
    if (arrayPool.length < 128) arrayPool.push(this.first, this.end);
  }

  /** The automaton literals the text holds (ids, in no particular order). */
  foundLiterals(): Int32Array {
    return this.found;
  }

  /** Identifies the automaton the text was indexed with: equal for texts indexed with the same one. */
  automatonKey(): object {
    return this.included;
  }

  /** Whether the automaton counted this literal (by id) when the text was indexed. */
  covers(id: number): boolean {
    return this.included[id] === 1;
  }

  /** How many occurrences of an automaton literal (by id) the text holds. */
  countOf(id: number): number {
    return this.end[id] - this.first[id];
  }

  /** Whether the text may hold the literal (by id). */
  has(id: number): boolean {
    if (this.included[id] === 1) return this.first[id] !== this.end[id];
    if (isDemoted(id)) return true;
    return this.occurrences(id).length > 0;
  }

  /** Whether the text may hold any of the literals (by id). */
  hasAny(ids: Int32Array): boolean {
    for (let k = 0; k < ids.length; k++) if (this.has(ids[k])) return true;
    return false;
  }
}

// --- which texts are indexed -------------------------------------------------------------------

// Texts the scanner prepared (file texts and SKILL.md bodies) are indexed on first use. They are
// keyed by the string itself, so rule code that passes `file.text` along finds its index. The
// scanner releases a skill's texts when the skill is done; callers that never release (tests,
// benchmarks) are bounded by a cap, past which everything registered is forgotten (those texts
// are then matched without an index, as any other string).
const MAX_INDEXED_UNITS = 32 * 1024 * 1024;
/** A registered text: its index once built, and the text it derives from (a SKILL.md body's file text). */
interface Entry {
  index: TextIndex | null;
  base: string | null;
  from: number;
}
let registered = new Map<string, Entry>();
let registeredUnits = 0;
const releaseListeners: (() => void)[] = [];

/** Calls `listener` whenever registered texts are released (caches holding texts drop them). */
export function onTextsReleased(listener: () => void): void {
  releaseListeners.push(listener);
}

/**
 * Marks a text as worth indexing (a prepared file's text). With `base`, the text equals `base`
 * from offset `from` on (a registered text too), and its index is derived from base's.
 */
export function registerText(text: string, base?: string, from = 0): void {
  if (text.length === 0 || registered.has(text)) return;
  if (registeredUnits + text.length > MAX_INDEXED_UNITS) forget(registered.keys());
  registered.set(text, { index: null, base: base ?? null, from });
  registeredUnits += text.length;
}

/** Forgets texts registered before (their indexes go with them). */
export function releaseTexts(texts: Iterable<string>): void {
  forget(texts);
}

// The text looked up last (rules ask about one file many times in a row).
let lastText: string | null = null;
let lastIndex: TextIndex | null = null;

function forget(texts: Iterable<string>): void {
  lastText = null;
  lastIndex = null;
  const dropped: TextIndex[] = [];
  for (const text of [...texts]) {
    const entry = registered.get(text);
    if (!entry) continue;
    registered.delete(text);
    registeredUnits -= text.length;
    if (entry.index) dropped.push(entry.index);
  }
  // A map emptied by deletes keeps its capacity; start afresh.
  if (registered.size === 0) registered = new Map();
  for (const listener of releaseListeners) listener();
  // Only now that no cache refers to them.
  for (const index of dropped) index.recycle();
}

/** The index of a registered text (built on first use), or undefined for any other string. */
export function indexOfText(text: string): TextIndex | undefined {
  if (text === lastText && lastIndex) return lastIndex;
  const entry = registered.get(text);
  if (!entry) return undefined;
  if (!entry.index) {
    const base = entry.base === null ? undefined : indexOfText(entry.base);
    entry.index = base ? new TextIndex(text, { index: base, from: entry.from }) : new TextIndex(text);
  }
  lastText = text;
  lastIndex = entry.index;
  return entry.index;
}

const idsOfList = new WeakMap<readonly string[], Int32Array>();

/**
 * False only when the file's text certainly holds none of the literals (case-insensitive). The
 * literal index answers exactly; a text without an index falls back to the trigram prefilter.
 */
export function mayHoldAny(file: FileView, list: readonly string[]): boolean {
  if (file.text.length === 0) return false;
  let ids = idsOfList.get(list);
  if (!ids) {
    // Before the text is indexed: the first index of a process then already looks for these.
    ids = literalIdsOf(list);
    idsOfList.set(list, ids);
  }
  const index = indexOfText(file.text);
  if (!index) return mayContainAny(file, list);
  return index.hasAny(ids);
}
