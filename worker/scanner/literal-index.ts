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
import { Buffer } from 'node:buffer';
import type { FileView } from './types.ts';
import { mayContainAny } from './prefilter.ts';

const literalIds = new Map<string, number>();
const literals: string[] = [];
/** Whether a literal is wanted in the automaton (rule anchors; literals of regexes used on several texts). */
const promoted: boolean[] = [];
/** Whether a literal left the automaton for being everywhere (see demoteCommon). */
const demoted: boolean[] = [];
let promotedCount = 0;
let promotionsSinceBuild = 0;

// Single characters (" ", "-") occur everywhere: recording each occurrence would cost more than
// it saves.
const AUTOMATON_MIN_LENGTH = 2;
const ASCII_ONLY = /^[\x00-\x7f]*$/;

// Regexes built at run time (from names found in a file) bring literals of their own; past this
// many, new literals are refused (-1) so the registry cannot grow without bound in a long-lived
// process.
const MAX_LITERALS = 50_000;

/** The id of a literal (folded, see foldLiteral); registers it on first use; -1 when the registry is full. */
export function literalId(literal: string): number {
  let id = literalIds.get(literal);
  if (id === undefined) {
    if (literals.length >= MAX_LITERALS) return -1;
    id = literals.length;
    literals.push(literal);
    promoted.push(false);
    demoted.push(false);
    literalIds.set(literal, id);
  }
  return id;
}

/** Whether a literal can be found by the automaton (once promoted): two or more ASCII characters. */
export function findable(id: number): boolean {
  if (id < 0) return false;
  const literal = literals[id];
  return literal.length >= AUTOMATON_MIN_LENGTH && ASCII_ONLY.test(literal);
}

export function literalLength(id: number): number {
  return literals[id].length;
}

/** Asks for literals to be found by the automaton from its next build on. */
export function promoteLiterals(ids: Int32Array): void {
  for (let k = 0; k < ids.length; k++) {
    const id = ids[k];
    if (promoted[id] || demoted[id] || !findable(id)) continue;
    promoted[id] = true;
    promotedCount++;
    promotionsSinceBuild++;
  }
}

// Literals that turn out to be everywhere ("the") cost more to record than they save. A literal
// is "dense" in a text when it covers more than COMMON_SHARE of its positions; one dense in a
// good part of the texts indexed since the last check leaves the automaton. Counting texts, not
// positions, keeps a few huge repetitive files from pushing ordinary literals out. A text is then
// taken to hold the literal (anchors that include one no longer rule a file out; proofs that use
// one are skipped).
const COMMON_SHARE = 1 / 300;
const COMMON_TEXT_SHARE = 1 / 4;
const COMMON_CHECK_UNITS = 4 * 1024 * 1024;
const COMMON_CHECK_TEXTS = 200;
let denseTexts = new Int32Array(1024);
let perText = new Int32Array(1024);
let textsSinceCheck = 0;
let unitsSinceCheck = 0;

/** Counts, for one indexed text, the literals dense in it (hits: (id, start) pairs). */
function noteHits(hits: Int32Array, n: number, units: number, count: number): void {
  if (perText.length < count) {
    const grown = new Int32Array(Math.max(count, perText.length * 2));
    grown.set(denseTexts);
    denseTexts = grown;
    perText = new Int32Array(grown.length);
  }
  const dense = units * COMMON_SHARE;
  for (let k = 0; k < n; k += 2) perText[hits[k]]++;
  for (let k = 0; k < n; k += 2) {
    const id = hits[k];
    if (perText[id] > dense) denseTexts[id]++;
    perText[id] = 0;
  }
  textsSinceCheck++;
  unitsSinceCheck += units;
}

/** Demotes the literals dense in more than COMMON_TEXT_SHARE of the texts since the last check; true when any was. */
function demoteCommon(): boolean {
  let changed = false;
  const limit = textsSinceCheck * COMMON_TEXT_SHARE;
  for (let id = 0; id < literals.length && id < denseTexts.length; id++) {
    if (promoted[id] && denseTexts[id] > limit) {
      promoted[id] = false;
      demoted[id] = true;
      promotedCount--;
      changed = true;
    }
  }
  denseTexts.fill(0);
  textsSinceCheck = 0;
  unitsSinceCheck = 0;
  return changed;
}

/** The folded form of a unit: ASCII lower case, U+017F -> s, U+212A -> k, anything else as is. */
function foldUnit(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  if (c === 0x17f) return 115;
  if (c === 0x212a) return 107;
  return c;
}

export function foldLiteral(literal: string): string {
  let out = '';
  for (let i = 0; i < literal.length; i++) out += String.fromCharCode(foldUnit(literal.charCodeAt(i)));
  return out;
}

// --- the automaton -----------------------------------------------------------------------------

interface Automaton {
  /** included[id] = 1 when the literal is in the automaton (ids registered later are not). */
  included: Uint8Array;
  /** Literals in it. */
  size: number;
  /** Alphabet index of each UTF-16 unit (0: in no literal). */
  classOf: Uint8Array;
  width: number;
  /**
   * delta[state * width + class] = next state. States are numbered breadth-first, so the shallow
   * ones a scan mostly visits sit together; 16-bit entries halve the table.
   */
  delta: Uint16Array | Uint32Array;
  /** 1 for states that report literals. */
  reports: Uint8Array;
  /** Literal ids reported at each state (own and through suffix links): outIds[outStart[s] .. outStart[s + 1]). */
  outStart: Int32Array;
  outIds: Int32Array;
  lengths: Int32Array;
  /** Longest literal in the automaton. */
  maxLength: number;
}

let automaton: Automaton | null = null;

function buildAutomaton(): Automaton {
  const count = literals.length;
  const included = new Uint8Array(count);
  const classOf = new Uint8Array(65536);
  let width = 1;
  const classOfFolded = new Map<number, number>();
  for (let id = 0; id < count; id++) {
    if (!promoted[id]) continue;
    included[id] = 1;
    const literal = literals[id];
    for (let i = 0; i < literal.length; i++) {
      const c = literal.charCodeAt(i);
      if (!classOfFolded.has(c)) classOfFolded.set(c, width++);
    }
  }
  // Units that fold to the same character share a class.
  for (let u = 0; u < 65536; u++) {
    const k = classOfFolded.get(foldUnit(u));
    if (k !== undefined) classOf[u] = k;
  }
  // The trie.
  const children: Map<number, number>[] = [new Map()];
  const outputs: number[][] = [[]];
  for (let id = 0; id < count; id++) {
    if (!included[id]) continue;
    const literal = literals[id];
    let state = 0;
    for (let i = 0; i < literal.length; i++) {
      const k = classOfFolded.get(literal.charCodeAt(i))!;
      let next = children[state].get(k);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        outputs.push([]);
        children[state].set(k, next);
      }
      state = next;
    }
    outputs[state].push(id);
  }
  // Breadth-first: complete the transitions and collect outputs along suffix links.
  const states = children.length;
  const delta = new Int32Array(states * width);
  const fail = new Int32Array(states);
  const queue: number[] = [];
  for (const next of children[0].values()) queue.push(next);
  for (const [k, next] of children[0]) delta[k] = next;
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const f = fail[state];
    if (outputs[f].length) outputs[state].push(...outputs[f]);
    for (let k = 0; k < width; k++) {
      const next = children[state].get(k);
      if (next !== undefined) {
        fail[next] = delta[f * width + k];
        delta[state * width + k] = next;
        queue.push(next);
      } else delta[state * width + k] = delta[f * width + k];
    }
  }
  // Renumber breadth-first (the queue order) into a compact table.
  const order = [0, ...queue];
  const renumbered = new Int32Array(states);
  for (let i = 0; i < states; i++) renumbered[order[i]] = i;
  const table = states <= 65536 ? new Uint16Array(states * width) : new Uint32Array(states * width);
  const reports = new Uint8Array(states);
  const outStart = new Int32Array(states + 1);
  for (let i = 0; i < states; i++) {
    const old = order[i];
    for (let k = 0; k < width; k++) table[i * width + k] = renumbered[delta[old * width + k]];
    reports[i] = outputs[old].length ? 1 : 0;
    outStart[i + 1] = outStart[i] + outputs[old].length;
  }
  const outIds = new Int32Array(outStart[states]);
  for (let i = 0; i < states; i++) outIds.set(outputs[order[i]], outStart[i]);
  const lengths = new Int32Array(count);
  let maxLength = 0;
  for (let id = 0; id < count; id++) {
    lengths[id] = literals[id].length;
    if (included[id]) maxLength = Math.max(maxLength, lengths[id]);
  }
  return { included, size: promotedCount, classOf, width, delta: table, reports, outStart, outIds, lengths, maxLength };
}

let textsSinceBuild = 0;

/**
 * The automaton, rebuilt when literals were promoted since the last build: at once when many
 * were, else after a few hundred texts (promotions come in bursts while rules warm up).
 */
function currentAutomaton(): Automaton {
  textsSinceBuild++;
  const common = unitsSinceCheck >= COMMON_CHECK_UNITS && textsSinceCheck >= COMMON_CHECK_TEXTS && demoteCommon();
  const added = promotionsSinceBuild;
  if (!automaton || common || (added > 0 && (added >= Math.max(16, automaton.size >> 3) || textsSinceBuild >= 256))) {
    automaton = buildAutomaton();
    textsSinceBuild = 0;
    promotionsSinceBuild = 0;
  }
  return automaton;
}

// --- per-text index ----------------------------------------------------------------------------

const EMPTY = new Int32Array(0);
const searchers = new Map<number, RegExp>();

/** A case-insensitive search for a literal outside the automaton (a superset of its folded occurrences). */
function searcherOf(id: number): RegExp {
  let re = searchers.get(id);
  if (!re) {
    re = new RegExp(literals[id].replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'giu');
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

// (literal id, start) pairs of the text being indexed; texts are indexed one at a time. After a
// huge text it is shrunk again rather than kept at that size.
const SCRATCH_KEPT = 1 << 20;
let scratch = new Int32Array(1024);

/** Runs the automaton over `units`, leaving (id, start) pairs in `scratch`; returns their count times two. */
function findHits(a: Automaton, units: Uint8Array | Uint16Array): number {
  const { classOf, delta, reports, outStart, outIds, lengths, width } = a;
  let hits = scratch;
  let n = 0;
  let s = 0;
  for (let i = 0; i < units.length; i++) {
    s = delta[s * width + classOf[units[i]]];
    if (reports[s] === 0) continue;
    const to = outStart[s + 1];
    if (n + 2 * (to - outStart[s]) > hits.length) {
      const grown = new Int32Array(hits.length * 2 + 2 * (to - outStart[s]));
      grown.set(hits.subarray(0, n));
      scratch = hits = grown;
    }
    for (let o = outStart[s]; o < to; o++) {
      const id = outIds[o];
      hits[n++] = id;
      hits[n++] = i - lengths[id] + 1;
    }
  }
  return n;
}

// The per-literal offset arrays of released indexes are reused: each is as long as the literal
// registry, and a scan indexes thousands of texts.
let fillScratch = new Int32Array(1024);
const startPool: Int32Array[] = [];

function takeStartArray(length: number): Int32Array {
  while (startPool.length) {
    const array = startPool.pop()!;
    if (array.length === length) {
      array.fill(0);
      return array;
    }
  }
  return new Int32Array(length);
}

/** The occurrences of literals in one text. */
export class TextIndex {
  readonly text: string;
  private readonly automaton: Automaton;
  private readonly included: Uint8Array;
  /** By literal id (automaton literals): positions[start[id] .. start[id + 1]). */
  private readonly start: Int32Array;
  private readonly positions: Int32Array;
  private late: Map<number, Int32Array> | null = null;
  /** Per-plan caches of regex-scan.ts. */
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
    if (base) {
      // Only occurrences starting in the part that differs; the base has the others.
      let kept = 0;
      for (let k = 0; k < n; k += 2) {
        if (scratch[k + 1] >= from) continue;
        scratch[kept++] = scratch[k];
        scratch[kept++] = scratch[k + 1];
      }
      n = kept;
    } else noteHits(scratch, n, units.length, count);
    // Pass 2: group by literal; starts stay increasing within a literal.
    const start = takeStartArray(count + 1);
    for (let k = 0; k < n; k += 2) start[scratch[k] + 1]++;
    const fromBase = base ? new Int32Array(count) : null;
    if (base && fromBase) {
      for (let id = 0; id < count; id++) {
        const c = base.index.countOf(id);
        if (c === 0) continue;
        const occ = base.index.occurrences(id);
        let lo = 0;
        let hi = occ.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (occ[mid] < from) lo = mid + 1;
          else hi = mid;
        }
        fromBase[id] = lo;
        start[id + 1] += occ.length - lo;
      }
    }
    for (let id = 0; id < count; id++) start[id + 1] += start[id];
    const positions = new Int32Array(start[count]);
    if (positions.length > 0) {
      if (fillScratch.length < count) fillScratch = new Int32Array(count);
      const fill = fillScratch;
      fill.set(start.subarray(0, count));
      for (let k = 0; k < n; k += 2) positions[fill[scratch[k]]++] = scratch[k + 1];
      if (base && fromBase) {
        for (let id = 0; id < count; id++) {
          if (start[id + 1] === fill[id]) continue;
          const occ = base.index.occurrences(id);
          positions.set(occ.subarray(fromBase[id]), fill[id]);
        }
      }
    }
    this.start = start;
    this.positions = positions;
    if (scratch.length > SCRATCH_KEPT) scratch = new Int32Array(1024);
  }

  /** Sorted start offsets of a literal (by id) in the text: all of them, possibly more. */
  occurrences(id: number): Int32Array {
    if (this.included[id] === 1) {
      const from = this.start[id];
      const to = this.start[id + 1];
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
   * positions[firstOf(id) .. firstOf(id + 1)), in order.
   */
  positionsOf(_id: number): Int32Array {
    return this.positions;
  }

  firstOf(id: number): number {
    return this.start[id];
  }

  /** Hands the index's arrays back for reuse; the index must not be used afterwards. */
  recycle(): void {
    if (startPool.length < 64) startPool.push(this.start);
  }

  /** Whether the automaton counted this literal (by id) when the text was indexed. */
  covers(id: number): boolean {
    return this.included[id] === 1;
  }

  /** How many occurrences of an automaton literal (by id) the text holds. */
  countOf(id: number): number {
    return this.start[id + 1] - this.start[id];
  }

  /** Whether the text may hold the literal (by id). */
  has(id: number): boolean {
    if (this.included[id] === 1) return this.start[id] !== this.start[id + 1];
    if (demoted[id]) return true;
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

/** Ids of literals given as written (case-insensitive), promoted into the automaton. */
export function literalIdsOf(list: readonly string[]): Int32Array {
  const ids = Int32Array.from(list, (literal) => literalId(foldLiteral(literal)));
  promoteLiterals(ids);
  return ids;
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
