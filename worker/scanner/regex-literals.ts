// What a regex needs to find in a text before it can match there. A pattern is parsed and every
// match is proved to hold one of a few literals at a bounded distance from the match's start:
//
//   /\b(?:curl|wget)\s+-\w+/gi           -> "curl" or "wget" exactly at the start
//   /[\w/.-]{0,40}\.env\b/g              -> ".env" at most 40 characters in
//   /(?<![\w-])[\w./-]*\.npmrc\b/g       -> ".npmrc" after a run of [\w./-] characters
//   /\d{1,3}\.\d{1,3}/g                  -> one of "0.0" .. "9.9" at most 2 characters in
//   /[A-Za-z0-9+/]{200,}/g               -> a run of 200 such characters at the start
//   /[\u0430\u043e]/u                    -> a non-ASCII character at the start
//
// The distance is either a number of UTF-16 units or "any run of characters from this set" (for
// `[\w./-]*` and the like), so a match can start only inside a window just before an occurrence
// of a literal. regex-scan.ts tries the regex at those windows only. A proof whose distance is
// unbounded still says that a text without any of its literals holds no match. Several proofs
// are kept per pattern; the scan picks the one whose literals are rarest in the text at hand.
//
// The proof is conservative: anything the parser does not understand counts as "any text of any
// length", which at worst leaves a regex without a plan (it then runs as before). Literals are
// ASCII and folded to lower case; searching them case-insensitively finds a superset of what the
// regex can match (with the i and u flags, U+017F and U+212A also match s and k; nothing else
// outside ASCII folds into it).

/** A set of UTF-16 units: an ASCII bitmap plus "some unit >= 128". */
export interface CharSet {
  ascii: Uint8Array; // 128 entries, 1 = member
  nonAscii: boolean;
}

/** Every match holds `literal` starting at most `maxOffset` units after the match start, and every unit before it is in `prefix`. */
export interface LiteralRequirement {
  /** The literal (folded); "" for a run requirement. */
  literal: string;
  maxOffset: number;
  prefix: CharSet;
  /** Instead of a literal: a run of at least `min` characters of `set` starts there. */
  run?: { set: CharSet; min: number };
}

export interface RegexPlan {
  /**
   * Alternative proofs, cheapest first: every match satisfies at least one requirement of each.
   * Proofs whose requirements are all `usable` bound where a match starts; the others only say
   * that a text without any of their literals holds no match.
   */
  candidates: LiteralRequirement[][];
  /** Whether the regex reads the text as code points (u flag; v is not planned). */
  unicode: boolean;
  /** Every match starts with `^`: at a line start under the m flag, else at 0. */
  anchored: boolean;
}

// --- character sets --------------------------------------------------------------------------

function emptySet(): CharSet {
  return { ascii: new Uint8Array(128), nonAscii: false };
}

function fullSet(): CharSet {
  return { ascii: new Uint8Array(128).fill(1), nonAscii: true };
}

function union(a: CharSet, b: CharSet): CharSet {
  const ascii = new Uint8Array(128);
  for (let i = 0; i < 128; i++) ascii[i] = a.ascii[i] | b.ascii[i];
  return { ascii, nonAscii: a.nonAscii || b.nonAscii };
}

export function isFullSet(s: CharSet): boolean {
  if (!s.nonAscii) return false;
  for (let i = 0; i < 128; i++) if (!s.ascii[i]) return false;
  return true;
}

function addRange(set: CharSet, from: number, to: number): void {
  for (let c = from; c <= to; c++) {
    if (c < 128) set.ascii[c] = 1;
    else {
      set.nonAscii = true;
      break;
    }
  }
}

const WORD = (() => {
  const s = emptySet();
  addRange(s, 48, 57);
  addRange(s, 65, 90);
  addRange(s, 97, 122);
  s.ascii[95] = 1;
  return s;
})();
const DIGIT = (() => {
  const s = emptySet();
  addRange(s, 48, 57);
  return s;
})();
const SPACE = (() => {
  const s = emptySet();
  for (const c of [9, 10, 11, 12, 13, 32]) s.ascii[c] = 1;
  s.nonAscii = true;
  return s;
})();

function complement(s: CharSet): CharSet {
  const ascii = new Uint8Array(128);
  for (let i = 0; i < 128; i++) ascii[i] = s.ascii[i] ? 0 : 1;
  return { ascii, nonAscii: true };
}

/** Adds the other case of ASCII letters (superset of what case-insensitive matching accepts). */
function closeOverCase(s: CharSet, unicode: boolean): CharSet {
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

// --- parsing -----------------------------------------------------------------------------------

type Node =
  | { t: 'char'; code: number } // one literal UTF-16 unit or code point
  | { t: 'set'; set: CharSet; maxLen: number } // one character from a set
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'zero'; lineStart?: boolean } // assertions and lookarounds: consume nothing (`^` says so)
  | { t: 'rep'; body: Node; min: number; max: number }
  | { t: 'unknown' }; // anything: any length, no literal

class Unsupported extends Error {}

interface Flags {
  ignoreCase: boolean;
  unicode: boolean;
  dotAll: boolean;
}

class Parser {
  private i = 0;
  private readonly src: string;
  private readonly flags: Flags;

  constructor(src: string, flags: Flags) {
    this.src = src;
    this.flags = flags;
  }

  parse(): Node {
    const node = this.disjunction();
    if (this.i !== this.src.length) throw new Unsupported('trailing input');
    return node;
  }

  private peek(offset = 0): string {
    return this.src[this.i + offset] ?? '';
  }

  private disjunction(): Node {
    const alts: Node[] = [this.alternative()];
    while (this.peek() === '|') {
      this.i++;
      alts.push(this.alternative());
    }
    return alts.length === 1 ? alts[0] : { t: 'alt', alts };
  }

  private alternative(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.term();
      items.push(this.quantified(atom));
    }
    return { t: 'seq', items };
  }

  /** A quantifier after an atom, if any (a `{` that is not a quantifier is a literal in Annex B). */
  private quantified(atom: Node): Node {
    let min: number;
    let max: number;
    const c = this.peek();
    if (c === '*') [min, max] = [0, Infinity];
    else if (c === '+') [min, max] = [1, Infinity];
    else if (c === '?') [min, max] = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) {
        if (this.flags.unicode) throw new Unsupported('lone {');
        return atom;
      }
      min = Number(m[1]);
      max = m[2] ? (m[3] ? Number(m[3]) : Infinity) : min;
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (this.peek() === '?') this.i++; // lazy: same set of possible matches
    // A quantified assertion may be skipped (`^?`): it no longer anchors anything.
    if (atom.t === 'zero') return { t: 'zero' };
    return { t: 'rep', body: atom, min, max };
  }

  private term(): Node {
    const c = this.peek();
    switch (c) {
      case '^':
        this.i++;
        return { t: 'zero', lineStart: true };
      case '$':
        this.i++;
        return { t: 'zero' };
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '.': {
        this.i++;
        const set = this.flags.dotAll ? fullSet() : complement(charsOf([10, 13]));
        return this.setNode(set);
      }
      case '\\':
        return this.atomEscape();
      case ')':
      case '|':
        throw new Unsupported('unexpected');
      case '*':
      case '+':
      case '?':
        throw new Unsupported('nothing to repeat');
      case '{':
        if (this.flags.unicode) throw new Unsupported('lone {');
        this.i++;
        return this.charNode(123);
      default: {
        const code = this.src.codePointAt(this.i)!;
        if (this.flags.unicode && code > 0xffff) {
          this.i += 2;
          return { t: 'set', set: { ascii: new Uint8Array(128), nonAscii: true }, maxLen: 2 };
        }
        this.i++;
        return this.charNode(this.src.charCodeAt(this.i - 1));
      }
    }
  }

  private charNode(code: number): Node {
    if (code < 128) return { t: 'char', code };
    // Non-ASCII literals are not used as literals (case folding beyond ASCII is not modelled);
    // under i and u one may match s or k (U+017F, U+212A).
    const set = { ascii: new Uint8Array(128), nonAscii: true };
    if (this.flags.ignoreCase && this.flags.unicode) for (const c of 'sSkK') set.ascii[c.charCodeAt(0)] = 1;
    return { t: 'set', set, maxLen: 1 };
  }

  /** A node for one character of `set`; under u it may be a surrogate pair. */
  private setNode(set: CharSet): Node {
    const closed = this.flags.ignoreCase ? closeOverCase(set, this.flags.unicode) : set;
    return { t: 'set', set: closed, maxLen: this.flags.unicode && closed.nonAscii ? 2 : 1 };
  }

  private group(): Node {
    this.i++; // (
    let lookaround = false;
    if (this.peek() === '?') {
      const next = this.peek(1);
      if (next === ':') this.i += 2;
      else if (next === '=' || next === '!') {
        this.i += 2;
        lookaround = true;
      } else if (next === '<' && (this.peek(2) === '=' || this.peek(2) === '!')) {
        this.i += 3;
        lookaround = true;
      } else if (next === '<') {
        const m = /^\?<([A-Za-z_$][\w$]*)>/.exec(this.src.slice(this.i));
        if (!m) throw new Unsupported('group name');
        this.i += m[0].length;
      } else throw new Unsupported('group modifier');
    }
    const body = this.disjunction();
    if (this.peek() !== ')') throw new Unsupported('unclosed group');
    this.i++;
    return lookaround ? { t: 'zero' } : body;
  }

  private atomEscape(): Node {
    this.i++; // backslash
    const c = this.peek();
    if (c === '') throw new Unsupported('trailing backslash');
    if (c === 'b' || c === 'B') {
      this.i++;
      return { t: 'zero' };
    }
    if (/[1-9]/.test(c)) {
      // A back reference (or, without u, possibly an octal escape): any text.
      while (/[0-9]/.test(this.peek())) this.i++;
      return { t: 'unknown' };
    }
    if (c === 'k' && this.peek(1) === '<') {
      const end = this.src.indexOf('>', this.i);
      if (end < 0) throw new Unsupported('\\k');
      this.i = end + 1;
      return { t: 'unknown' };
    }
    const escaped = this.characterEscape(false);
    if (typeof escaped === 'number') {
      // A code point beyond the BMP (\u{1F600}) is two units.
      if (escaped > 0xffff) return { t: 'set', set: { ascii: new Uint8Array(128), nonAscii: true }, maxLen: 2 };
      return this.charNode(escaped);
    }
    return this.setNode(escaped);
  }

  /** A character escape after the backslash: a code unit, or a set for \d \w \s \p and friends. */
  private characterEscape(inClass: boolean): number | CharSet {
    const c = this.peek();
    this.i++;
    switch (c) {
      case 'd':
        return DIGIT;
      case 'D':
        return complement(DIGIT);
      case 'w':
        return this.flags.ignoreCase && this.flags.unicode ? { ascii: WORD.ascii, nonAscii: true } : WORD;
      case 'W':
        return complement(WORD);
      case 's':
        return SPACE;
      case 'S':
        return complement(SPACE);
      case 'n':
        return 10;
      case 'r':
        return 13;
      case 't':
        return 9;
      case 'f':
        return 12;
      case 'v':
        return 11;
      case 'b':
        if (inClass) return 8;
        throw new Unsupported('\\b');
      case '0':
        if (/[0-9]/.test(this.peek())) throw new Unsupported('octal');
        return 0;
      case 'c': {
        const letter = this.peek();
        if (/[A-Za-z]/.test(letter)) {
          this.i++;
          return letter.charCodeAt(0) % 32;
        }
        throw new Unsupported('\\c');
      }
      case 'x': {
        const m = /^[0-9A-Fa-f]{2}/.exec(this.src.slice(this.i));
        if (!m) throw new Unsupported('\\x');
        this.i += 2;
        return parseInt(m[0], 16);
      }
      case 'u': {
        const braced = /^\{([0-9A-Fa-f]+)\}/.exec(this.src.slice(this.i));
        if (braced && this.flags.unicode) {
          this.i += braced[0].length;
          return parseInt(braced[1], 16);
        }
        const m = /^[0-9A-Fa-f]{4}/.exec(this.src.slice(this.i));
        if (!m) throw new Unsupported('\\u');
        this.i += 4;
        // A surrogate pair written as two \u escapes is one character under u; as two units it is
        // still non-ASCII, and a set of non-ASCII units is all the analysis keeps of it.
        return parseInt(m[0], 16);
      }
      case 'p':
      case 'P':
        if (!this.flags.unicode) return c.charCodeAt(0);
        {
          const end = this.src.indexOf('}', this.i);
          if (this.peek() !== '{' || end < 0) throw new Unsupported('\\p');
          this.i = end + 1;
          return fullSet();
        }
      default:
        if (/[A-Za-z]/.test(c)) {
          // Identity escapes of letters are errors under u and odd without it: do not guess.
          throw new Unsupported(`\\${c}`);
        }
        return c.charCodeAt(0);
    }
  }

  private charClass(): Node {
    this.i++; // [
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    const set = emptySet();
    while (this.peek() !== ']') {
      if (this.i >= this.src.length) throw new Unsupported('unclosed class');
      const from = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== '') {
        this.i++;
        const to = this.classAtom();
        if (typeof from === 'number' && typeof to === 'number') {
          if (from > to) throw new Unsupported('range order');
          addRange(set, from, to);
          continue;
        }
        if (this.flags.unicode) throw new Unsupported('class range of sets');
        // Annex B: [\w-x] is \w, "-" and x.
        addAtom(set, from);
        set.ascii[45] = 1;
        addAtom(set, to);
        continue;
      }
      addAtom(set, from);
    }
    this.i++; // ]
    if (negated) {
      // A superset of what a negated class accepts: every unit it does not list, in any case.
      return { t: 'set', set: complement(set), maxLen: this.flags.unicode ? 2 : 1 };
    }
    const closed = this.flags.ignoreCase ? closeOverCase(set, this.flags.unicode) : set;
    return { t: 'set', set: closed, maxLen: this.flags.unicode && closed.nonAscii ? 2 : 1 };
  }

  private classAtom(): number | CharSet {
    const c = this.peek();
    if (c === '\\') {
      this.i++;
      if (/[1-9]/.test(this.peek())) throw new Unsupported('class backref');
      if (this.peek() === '-') {
        this.i++;
        return 45;
      }
      return this.characterEscape(true);
    }
    const code = this.src.codePointAt(this.i)!;
    if (this.flags.unicode && code > 0xffff) {
      this.i += 2;
      return { ascii: new Uint8Array(128), nonAscii: true };
    }
    this.i++;
    return this.src.charCodeAt(this.i - 1);
  }
}

function charsOf(codes: number[]): CharSet {
  const s = emptySet();
  for (const c of codes) s.ascii[c] = 1;
  return s;
}

function addAtom(set: CharSet, atom: number | CharSet): void {
  if (typeof atom === 'number') addRange(set, atom, atom);
  else {
    for (let i = 0; i < 128; i++) if (atom.ascii[i]) set.ascii[i] = 1;
    if (atom.nonAscii) set.nonAscii = true;
  }
}

// --- analysis ----------------------------------------------------------------------------------
//
// Each node gets: its longest match, the characters it can consume, and, where they are small,
// the folded strings it matches exactly, or that all its matches start or end with. A sequence
// joins these across its items (`\d{1,3}\.\d` ends one item with a digit, has ".", starts the next
// with a digit: every match holds one of the 100 strings "0.0" .. "9.9"), which gives candidate
// requirements. Several candidates are kept; the scan picks the one whose literals are rarest in
// the text at hand.

/** Most strings in one exact/prefix/suffix set; longer sets are cut down by shortening their strings. */
const MAX_STRINGS = 32;
const MAX_STRING_LENGTH = 24;
/** Classes of at most this many (folded) characters are expanded into their characters. */
const MAX_CLASS_EXPANSION = 10;
/** Shortest repetition of one class used as a run requirement. */
const MIN_RUN = 32;
/** Candidate requirement sets kept per node: bounding where a match starts, and only saying what it holds. */
const MAX_CANDIDATES = 3;
const MAX_PRESENCE_CANDIDATES = 1;

interface Info {
  /** Longest match in UTF-16 units (Infinity when unbounded). */
  maxLen: number;
  /** Every unit the node can consume. */
  chars: CharSet;
  /** The node matches one of these strings exactly (folded; may include ""), or null. */
  exact: string[] | null;
  /** Every match starts with one of these non-empty strings, or null. */
  prefix: string[] | null;
  /** Every match ends with one of these non-empty strings, or null. */
  suffix: string[] | null;
  /** Requirement sets, each satisfied by every match; cheapest first. */
  candidates: LiteralRequirement[][];
}

const NOTHING: Info = { maxLen: 0, chars: emptySet(), exact: [''], prefix: null, suffix: null, candidates: [] };

function foldCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** Distinct strings; when there are too many, all are cut to a shorter length until they fit (prefixes). */
function limitPrefixes(list: string[]): string[] | null {
  let set = new Set(list.map((x) => x.slice(0, MAX_STRING_LENGTH)));
  // Not below four characters: shorter pieces of words are everywhere and prove little.
  for (let len = MAX_STRING_LENGTH - 1; set.size > MAX_STRINGS && len >= 4; len--) set = new Set([...set].map((x) => x.slice(0, len)));
  if (set.size > MAX_STRINGS || set.has('')) return null;
  return [...set];
}

/** The same for suffixes: strings are cut from the front. */
function limitSuffixes(list: string[]): string[] | null {
  let set = new Set(list.map((x) => x.slice(-MAX_STRING_LENGTH)));
  for (let len = MAX_STRING_LENGTH - 1; set.size > MAX_STRINGS && len >= 4; len--) set = new Set([...set].map((x) => x.slice(-len)));
  if (set.size > MAX_STRINGS || set.has('')) return null;
  return [...set];
}

function cross(a: string[], b: string[]): string[] | null {
  if (a.length * b.length > MAX_STRINGS * 4) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return [...out];
}

function minLength(list: string[]): number {
  let min = Infinity;
  for (const x of list) min = Math.min(min, x.length);
  return min;
}

/** How expensive a requirement is to check: frequent short literals and wide windows cost more. */
function entryCost(r: LiteralRequirement): number {
  if (r.run) return (r.run.min >= 64 ? 0.5 : r.run.min >= 16 ? 1 : 4) * windowWeight(r);
  const n = r.literal.length;
  const rarity = n >= 6 ? 1 : n === 5 ? 2 : n === 4 ? 6 : n === 3 ? 30 : n === 2 ? 200 : 1000;
  return rarity * windowWeight(r);
}

/** Expected window length of a requirement. */
export function windowWeight(r: LiteralRequirement): number {
  if (Number.isFinite(r.maxOffset)) return 1 + Math.min(r.maxOffset, 400);
  // A run of prefix characters: words and spaces make long runs, punctuation or digits short ones.
  return r.prefix.ascii[32] && r.prefix.ascii[97] ? 60 : r.prefix.ascii[97] ? 12 : 6;
}

function cost(req: LiteralRequirement[]): number {
  let sum = 0;
  for (const r of req) sum += entryCost(r);
  return sum;
}

/** A requirement can bound where a match starts: a finite distance, or a prefix run that stops somewhere. */
export function usable(r: LiteralRequirement): boolean {
  return Number.isFinite(r.maxOffset) || !isFullSet(r.prefix);
}

function requirementsOf(strings: string[], maxOffset: number, prefix: CharSet): LiteralRequirement[] | null {
  const list = limitPrefixes(strings);
  if (!list) return null;
  return list.map((literal) => ({ literal, maxOffset, prefix }));
}

/** How rare a requirement's literals are (for proofs used only to rule a text out). */
function rarityCost(req: LiteralRequirement[]): number {
  let sum = 0;
  for (const r of req) sum += entryCost({ ...r, maxOffset: 0 });
  return sum;
}

/**
 * Keeps the cheapest distinct candidates that bound where a match starts, then, of the rest, those
 * with the rarest literals (they rule out texts without their literals, bounded or not).
 */
function keepBest(candidates: LiteralRequirement[][]): LiteralRequirement[][] {
  const scored = candidates.map((c) => ({ c, bounded: c.every(usable), cost: cost(c), rarity: rarityCost(c), key: c.map(requirementKey).sort().join('|') }));
  const seen = new Set<string>();
  const out: LiteralRequirement[][] = [];
  const take = (list: typeof scored, most: number) => {
    let taken = 0;
    for (const s of list) {
      if (taken >= most) break;
      if (seen.has(s.key)) continue;
      seen.add(s.key);
      out.push(s.c);
      taken++;
    }
  };
  take(scored.filter((s) => s.bounded).sort((a, b) => a.cost - b.cost), MAX_CANDIDATES);
  take([...scored].sort((a, b) => a.rarity - b.rarity), MAX_PRESENCE_CANDIDATES);
  return out;
}

function analyse(node: Node): Info {
  switch (node.t) {
    case 'char': {
      const chars = emptySet();
      chars.ascii[node.code] = 1;
      if (node.code >= 65 && node.code <= 90) chars.ascii[node.code + 32] = 1;
      if (node.code >= 97 && node.code <= 122) chars.ascii[node.code - 32] = 1;
      if (node.code === 115 || node.code === 107 || node.code === 83 || node.code === 75) chars.nonAscii = true;
      const s = String.fromCharCode(foldCode(node.code));
      return { maxLen: 1, chars, exact: [s], prefix: [s], suffix: [s], candidates: [[{ literal: s, maxOffset: 0, prefix: emptySet() }]] };
    }
    case 'set': {
      let members: string[] | null = null;
      if (!node.set.nonAscii) {
        const folded = new Set<number>();
        for (let c = 0; c < 128; c++) if (node.set.ascii[c]) folded.add(foldCode(c));
        if (folded.size <= MAX_CLASS_EXPANSION && folded.size > 0) members = [...folded].map((c) => String.fromCharCode(c));
      }
      let candidates: LiteralRequirement[][] = members ? [members.map((literal) => ({ literal, maxOffset: 0, prefix: emptySet() }))] : [];
      // A class of non-ASCII characters only (look-alike letters, invisible characters): a match
      // starts at a non-ASCII character, and ASCII text holds none.
      if (node.set.nonAscii && node.set.ascii.every((b) => b === 0)) {
        candidates = [[{ literal: '', maxOffset: 0, prefix: emptySet(), run: { set: node.set, min: 1 } }]];
      }
      return { maxLen: node.maxLen, chars: node.set, exact: members, prefix: members, suffix: members, candidates };
    }
    case 'zero':
      return NOTHING;
    case 'unknown':
      return { maxLen: Infinity, chars: fullSet(), exact: null, prefix: null, suffix: null, candidates: [] };
    case 'rep':
      return analyseRepeat(node.body, node.min, node.max);
    case 'alt':
      return analyseAlternation(node.alts.map(analyse));
    case 'seq':
      return analyseSequence(node.items.map(analyse));
  }
}

function analyseRepeat(bodyNode: Node, min: number, max: number): Info {
  const body = analyse(bodyNode);
  if (max === 0) return NOTHING;
  const maxLen = body.maxLen === 0 ? 0 : body.maxLen * max;
  let exact: string[] | null = null;
  if (body.exact && max <= 4) {
    // body{min,max} as the union of body^k.
    let power: string[] | null = [''];
    const all = new Set<string>();
    for (let k = 0; k <= max && power; k++) {
      if (k >= min) for (const x of power) all.add(x);
      if (k < max) power = cross(power, body.exact);
    }
    if (power && all.size <= MAX_STRINGS) exact = [...all];
  }
  const required = min >= 1;
  // Every match starts (and ends) with `min` repetitions: "```" for `{3,}.
  let prefix = required ? body.prefix : null;
  let suffix = required ? body.suffix : null;
  if (body.exact && min >= 2 && min <= 8) {
    let power: string[] | null = [''];
    for (let k = 0; k < min && power; k++) power = cross(power, body.exact);
    if (power) {
      prefix = limitPrefixes(power) ?? prefix;
      suffix = limitSuffixes(power) ?? suffix;
    }
  }
  let candidates = required ? body.candidates : [];
  // A long run of one class (`[A-Za-z0-9+/]{200,}`): found by probing every min-th character. A
  // class of both words and spaces runs through whole texts and is no use.
  if (min >= MIN_RUN && (bodyNode.t === 'set' || bodyNode.t === 'char') && !(body.chars.ascii[32] && body.chars.ascii[97])) {
    candidates = keepBest([...candidates, [{ literal: '', maxOffset: 0, prefix: emptySet(), run: { set: body.chars, min } }]]);
  }
  return {
    maxLen,
    chars: body.chars,
    exact,
    prefix,
    suffix,
    candidates,
  };
}

function analyseAlternation(alts: Info[]): Info {
  let maxLen = 0;
  let chars = emptySet();
  for (const a of alts) {
    maxLen = Math.max(maxLen, a.maxLen);
    chars = union(chars, a.chars);
  }
  const all = (pick: (a: Info) => string[] | null): string[] | null => {
    const out: string[] = [];
    for (const a of alts) {
      const list = pick(a);
      if (!list) return null;
      out.push(...list);
    }
    return out;
  };
  const exactAll = all((a) => a.exact);
  const exact = exactAll && new Set(exactAll).size <= MAX_STRINGS ? [...new Set(exactAll)] : null;
  const prefix = ((p) => p && limitPrefixes(p))(all((a) => a.prefix ?? (a.exact && limitPrefixes(a.exact))));
  const suffix = ((p) => p && limitSuffixes(p))(all((a) => a.suffix ?? (a.exact && limitSuffixes(a.exact))));
  // Candidate k of the alternation: candidate k (or the last one) of every branch, together; and
  // the rarest candidate of every branch together (a proof that only rules texts out).
  const candidates: LiteralRequirement[][] = [];
  if (alts.every((a) => a.candidates.length > 0)) {
    const most = Math.max(...alts.map((a) => a.candidates.length));
    for (let k = 0; k < most; k++) candidates.push(alts.flatMap((a) => a.candidates[Math.min(k, a.candidates.length - 1)]));
    candidates.push(alts.flatMap((a) => a.candidates.reduce((x, y) => (rarityCost(y) < rarityCost(x) ? y : x))));
  }
  return { maxLen, chars, exact, prefix, suffix, candidates: keepBest(candidates.map(dedupe)) };
}

function analyseSequence(items: Info[]): Info {
  let maxLen = 0;
  let chars = emptySet();
  const candidates: LiteralRequirement[][] = [];
  // The current run: strings that stand together, starting at most runOffset in, after runPrefix characters.
  let run: string[] | null = null;
  let runOffset = 0;
  let runPrefix = emptySet();
  const emit = (strings: string[] | null, offset: number, prefix: CharSet) => {
    if (!strings) return;
    const req = requirementsOf(strings, offset, prefix);
    if (req) candidates.push(req);
  };
  for (const item of items) {
    if (item === NOTHING) continue; // zero-width: runs go on across it
    if (item.exact && !(item.exact.length === 1 && item.exact[0] === '')) {
      if (run) {
        const joined = cross(run, item.exact);
        if (joined) run = joined;
        else {
          emit(run, runOffset, runPrefix);
          run = null;
        }
      }
      if (!run) {
        run = item.exact;
        runOffset = maxLen;
        runPrefix = chars;
      }
    } else {
      // The run continues into the item's first characters; the item's last characters start a new run.
      if (run) {
        emit((item.prefix && cross(run, item.prefix)) ?? run, runOffset, runPrefix);
        if (item.prefix) emit(run, runOffset, runPrefix);
      } else if (item.prefix) emit(item.prefix, maxLen, chars);
      for (const c of item.candidates) {
        candidates.push(c.map((r) => ({ ...r, maxOffset: maxLen + r.maxOffset, prefix: union(chars, r.prefix) })));
      }
      run = null;
      if (item.suffix) {
        run = item.suffix;
        runOffset = maxLen + item.maxLen - minLength(item.suffix);
        runPrefix = union(chars, item.chars);
      }
    }
    maxLen += item.maxLen;
    chars = union(chars, item.chars);
  }
  if (run) emit(run, runOffset, runPrefix);

  // Exact strings, prefixes and suffixes of the whole sequence.
  let exact: string[] | null = [''];
  for (const item of items) {
    if (!exact || !item.exact) {
      exact = null;
      break;
    }
    exact = cross(exact, item.exact);
  }
  if (exact && exact.length > MAX_STRINGS) exact = null;
  return {
    maxLen,
    chars,
    exact,
    prefix: edgeStrings(items, false),
    suffix: edgeStrings(items, true),
    candidates: keepBest(candidates.map(dedupe)),
  };
}

/** Strings every match of the sequence starts with (or ends with, from the back). */
function edgeStrings(items: Info[], fromEnd: boolean): string[] | null {
  let acc: string[] = [''];
  const ordered = fromEnd ? [...items].reverse() : items;
  for (const item of ordered) {
    if (item === NOTHING) continue;
    const part = item.exact ?? (fromEnd ? item.suffix : item.prefix);
    if (!part) break;
    const joined = fromEnd ? cross(part, acc) : cross(acc, part);
    if (!joined) break;
    acc = joined;
    if (!item.exact) break;
    if (acc.length > MAX_STRINGS) break;
  }
  return fromEnd ? limitSuffixes(acc) : limitPrefixes(acc);
}

function requirementKey(r: LiteralRequirement): string {
  return r.run ? `run:${r.run.min}:${r.run.set.ascii.join('')}${Number(r.run.set.nonAscii)}@${r.maxOffset}` : `${r.literal}@${r.maxOffset}`;
}

function dedupe(req: LiteralRequirement[]): LiteralRequirement[] {
  const byLiteral = new Map<string, LiteralRequirement>();
  for (const r of req) {
    if (r.run) {
      byLiteral.set(requirementKey(r), r);
      continue;
    }
    const seen = byLiteral.get(r.literal);
    if (!seen) byLiteral.set(r.literal, r);
    else byLiteral.set(r.literal, { literal: r.literal, maxOffset: Math.max(seen.maxOffset, r.maxOffset), prefix: union(seen.prefix, r.prefix) });
  }
  return [...byLiteral.values()];
}

/** The literal plan of a regex, or null when no useful proof exists (or the syntax is not understood). */
export function planRegex(source: string, flags: string): RegexPlan | null {
  if (flags.includes('v')) return null;
  const f: Flags = { ignoreCase: flags.includes('i'), unicode: flags.includes('u'), dotAll: flags.includes('s') };
  let node: Node;
  try {
    node = new Parser(source, f).parse();
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
  // As a sequence of one item, so that a whole-pattern prefix set counts as a candidate too.
  const info = analyseSequence([analyse(node)]);
  const candidates = info.candidates.filter((c) => c.length > 0);
  const anchored = startsAtLineStart(node);
  if (candidates.length === 0 && !anchored) return null;
  return { candidates, unicode: f.unicode, anchored };
}

/** Whether every match of the node begins with `^` (before consuming anything). */
function startsAtLineStart(node: Node): boolean {
  if (node.t === 'alt') return node.alts.every(startsAtLineStart);
  if (node.t !== 'seq') return false;
  for (const item of node.items) {
    if (item.t === 'zero' && item.lineStart) return true;
    // Other assertions before it (a lookahead) consume nothing and do not move the start.
    if (item.t === 'zero') continue;
    if (item.t === 'seq' || item.t === 'alt') return startsAtLineStart(item);
    return false;
  }
  return false;
}
