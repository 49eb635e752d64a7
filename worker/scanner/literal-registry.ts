// The literals rules look for, by id (see literal-index.ts): each literal is registered once in
// its folded form and gets a small integer id that indexes every per-literal table. The registry
// also decides which literals the automaton (literal-automaton.ts) should hold: promoted ones,
// minus those found to be everywhere (demoted). Kept apart so the automaton and the per-text
// index share one registry without depending on each other.

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

/** The literal (folded) registered under an id. */
export function literalById(id: number): string {
  return literals[id];
}

/** How many literals are registered: ids run from 0 to this, exclusive. */
export function literalCount(): number {
  return literals.length;
}

/** Whether the automaton should hold the literal. */
export function isPromoted(id: number): boolean {
  return promoted[id];
}

/** Whether the literal left the automaton for being everywhere: every text is taken to hold it. */
export function isDemoted(id: number): boolean {
  return demoted[id];
}

/** How many literals are promoted: the size of the next automaton built. */
export function promotedLiteralCount(): number {
  return promotedCount;
}

/** Literals promoted since the automaton was last built (see literal-automaton.ts). */
export function pendingPromotions(): number {
  return promotionsSinceBuild;
}

/** Called when the automaton was rebuilt: every promotion so far is in it. */
export function noteAutomatonBuilt(): void {
  promotionsSinceBuild = 0;
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

// Literals that turn out to be everywhere cost more to record than they save. A literal is
// "dense" in a text when it covers more than COMMON_SHARE of its positions; one dense in a good
// part of the texts indexed since the last check leaves the automaton. The share is set so that
// common short words ("sh", "nc", "for", "the") stay in: a regex whose proofs need one of them
// would otherwise run plainly over every text, which costs more than recording where they are
// (measured with npm run bench:scanner:instructions: 3-6% fewer instructions per pass than at
// 1/300, where 22 such literals left the automaton on the corpus). Counting texts, not
// positions, keeps a few huge repetitive files from pushing ordinary literals out. A text is then
// taken to hold the literal (anchors that include one no longer rule a file out; proofs that use
// one are skipped).
const COMMON_SHARE = 1 / 60;
const COMMON_TEXT_SHARE = 1 / 4;
const COMMON_CHECK_UNITS = 4 * 1024 * 1024;
const COMMON_CHECK_TEXTS = 200;
let denseTexts = new Int32Array(1024);
let perText = new Int32Array(1024);
let textsSinceCheck = 0;
let unitsSinceCheck = 0;

/** Counts, for one indexed text, the literals dense in it (hits: (id, start) pairs). */
export function noteHits(hits: Int32Array, n: number, units: number, count: number): void {
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

/** Runs demoteCommon once enough text was indexed since the last check; true when a literal was demoted. */
export function demoteCommonIfDue(): boolean {
  return unitsSinceCheck >= COMMON_CHECK_UNITS && textsSinceCheck >= COMMON_CHECK_TEXTS && demoteCommon();
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
export function foldUnit(c: number): number {
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

/** Ids of literals given as written (case-insensitive), promoted into the automaton. */
export function literalIdsOf(list: readonly string[]): Int32Array {
  const ids = Int32Array.from(list, (literal) => literalId(foldLiteral(literal)));
  promoteLiterals(ids);
  return ids;
}
