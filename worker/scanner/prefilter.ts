// A cheap "could this file contain X?" test for rules, so a rule can skip its regexes on files
// that cannot match. Each file's text is indexed once (on first use) into a bitset of its
// case-folded character trigrams; `mayContain` then answers in a few bit reads. It can say yes
// wrongly (hash collisions, trigrams found apart), never no wrongly: a rule that gates its regex
// on a literal every match must contain finds exactly what it found before, only faster.
//
//   if (!mayContainAny(file, ['curl', 'wget', 'invoke-webrequest'])) return [];
//
// Literals are case-insensitive (ASCII folding, as the `i` flag does after NFKC). A literal shorter
// than three characters cannot be checked and always passes.
import type { FileView } from './types.ts';

const BITS = 1 << 16;
const indexes = new WeakMap<object, Uint32Array>();

/** Folds a UTF-16 unit the way the index does: ASCII lower case, any non-ASCII unit to one value. */
function fold(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  return c < 128 ? c : 0;
}

/** Multiplicative hash of the exact 21-bit trigram key into 16 bits. */
function trigramHash(a: number, b: number, c: number): number {
  return Math.imul((a << 14) | (b << 7) | c, 0x9e3779b1) >>> 16;
}

function buildIndex(text: string): Uint32Array {
  const bits = new Uint32Array(BITS >>> 5);
  const n = text.length;
  if (n < 3) return bits;
  // The rolling key holds the last three folded units, 7 bits each.
  let key = (fold(text.charCodeAt(0)) << 7) | fold(text.charCodeAt(1));
  for (let i = 2; i < n; i++) {
    const c = text.charCodeAt(i);
    key = ((key << 7) & 0x1fffff) | (c >= 65 && c <= 90 ? c + 32 : c < 128 ? c : 0);
    const h = Math.imul(key, 0x9e3779b1) >>> 16;
    bits[h >>> 5] |= 1 << (h & 31);
  }
  return bits;
}

function indexOf(file: FileView): Uint32Array {
  let bits = indexes.get(file);
  if (!bits) {
    bits = buildIndex(file.text);
    indexes.set(file, bits);
  }
  return bits;
}

/** False only when `file.text` certainly does not contain `literal` (case-insensitive). */
export function mayContain(file: FileView, literal: string): boolean {
  if (literal.length < 3) return true;
  if (literal.length > file.text.length) return false;
  const bits = indexOf(file);
  let a = fold(literal.charCodeAt(0));
  let b = fold(literal.charCodeAt(1));
  for (let i = 2; i < literal.length; i++) {
    const c = fold(literal.charCodeAt(i));
    const h = trigramHash(a, b, c);
    if ((bits[h >>> 5] & (1 << (h & 31))) === 0) return false;
    a = b;
    b = c;
  }
  return true;
}

/** False only when `file.text` certainly contains none of the literals. */
export function mayContainAny(file: FileView, literals: readonly string[]): boolean {
  for (const literal of literals) if (mayContain(file, literal)) return true;
  return false;
}
