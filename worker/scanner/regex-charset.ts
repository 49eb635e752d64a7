// Sets of UTF-16 units as the regex analysis sees them (see regex-literals.ts): an ASCII bitmap
// plus one flag for "some unit >= 128", which is all a literal proof needs to know about
// non-ASCII characters. Kept apart from the parser and the analysis, which both build and combine
// such sets.

/** A set of UTF-16 units: an ASCII bitmap plus "some unit >= 128". */
export interface CharSet {
  ascii: Uint8Array; // 128 entries, 1 = member
  nonAscii: boolean;
}

export function emptySet(): CharSet {
  return { ascii: new Uint8Array(128), nonAscii: false };
}

export function fullSet(): CharSet {
  return { ascii: new Uint8Array(128).fill(1), nonAscii: true };
}

export function union(a: CharSet, b: CharSet): CharSet {
  const ascii = new Uint8Array(128);
  for (let i = 0; i < 128; i++) ascii[i] = a.ascii[i] | b.ascii[i];
  return { ascii, nonAscii: a.nonAscii || b.nonAscii };
}

export function isFullSet(s: CharSet): boolean {
  if (!s.nonAscii) return false;
  for (let i = 0; i < 128; i++) if (!s.ascii[i]) return false;
  return true;
}

export function addRange(set: CharSet, from: number, to: number): void {
  for (let c = from; c <= to; c++) {
    if (c < 128) set.ascii[c] = 1;
    else {
      set.nonAscii = true;
      break;
    }
  }
}

/** \w, \d and \s (\s as a superset: its non-ASCII spaces are "some unit >= 128"). */
export const WORD = (() => {
  const s = emptySet();
  addRange(s, 48, 57);
  addRange(s, 65, 90);
  addRange(s, 97, 122);
  s.ascii[95] = 1;
  return s;
})();
export const DIGIT = (() => {
  const s = emptySet();
  addRange(s, 48, 57);
  return s;
})();
export const SPACE = (() => {
  const s = emptySet();
  for (const c of [9, 10, 11, 12, 13, 32]) s.ascii[c] = 1;
  s.nonAscii = true;
  return s;
})();

/** Every unit not in `s`, and any non-ASCII unit (a superset: the set records no single non-ASCII unit). */
export function complement(s: CharSet): CharSet {
  const ascii = new Uint8Array(128);
  for (let i = 0; i < 128; i++) ascii[i] = s.ascii[i] ? 0 : 1;
  return { ascii, nonAscii: true };
}

/** Adds the other case of ASCII letters (superset of what case-insensitive matching accepts). */
export function closeOverCase(s: CharSet, unicode: boolean): CharSet {
  const out = { ascii: s.ascii.slice(), nonAscii: s.nonAscii };
  for (let c = 65; c <= 90; c++) {
    if (s.ascii[c] || s.ascii[c + 32]) {
      out.ascii[c] = 1;
      out.ascii[c + 32] = 1;
      // With u and i, U+017F and U+212A fold to s and k.
      if (unicode && (c === 83 || c === 75)) out.nonAscii = true;
    }
  }
  // ... and the other way round: a class holding those two matches s and k.
  if (unicode && s.nonAscii) for (const c of [83, 115, 75, 107]) out.ascii[c] = 1;
  return out;
}

/** The set of the given ASCII units. */
export function charsOf(codes: number[]): CharSet {
  const s = emptySet();
  for (const c of codes) s.ascii[c] = 1;
  return s;
}

/** Adds a class atom to a set: one unit, or every member of a set (\d, \w and the like inside a class). */
export function addAtom(set: CharSet, atom: number | CharSet): void {
  if (typeof atom === 'number') addRange(set, atom, atom);
  else {
    for (let i = 0; i < 128; i++) if (atom.ascii[i]) set.ascii[i] = 1;
    if (atom.nonAscii) set.nonAscii = true;
  }
}
