// A parser for JavaScript regex syntax, as far as the literal analysis of regex-literals.ts needs
// it: it turns a pattern into a tree of literal units, character sets, sequences, alternations,
// repetitions and zero-width assertions. It is not a validator: whatever it does not understand
// becomes "any text" or throws Unsupported, and the analysis then proves less (or nothing), never
// something false. Kept apart from the analysis so each can be read on its own.
import { addAtom, addRange, charsOf, closeOverCase, complement, DIGIT, emptySet, fullSet, SPACE, WORD, type CharSet } from './regex-charset.ts';

export type Node =
  | { t: 'char'; code: number } // one literal UTF-16 unit or code point
  | { t: 'set'; set: CharSet; maxLen: number } // one character from a set
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; alts: Node[] }
  | { t: 'zero'; lineStart?: boolean } // assertions and lookarounds: consume nothing (`^` says so)
  | { t: 'rep'; body: Node; min: number; max: number }
  | { t: 'unknown' }; // anything: any length, no literal

export class Unsupported extends Error {}

export interface Flags {
  ignoreCase: boolean;
  unicode: boolean;
  dotAll: boolean;
}

export class Parser {
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

/** Whether every match of the node begins with `^` (before consuming anything). */
export function startsAtLineStart(node: Node): boolean {
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
