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
//
// This module holds the analysis and the plan; regex-parse.ts parses, regex-charset.ts has the sets,
// regex-candidates.ts costs candidate proofs and keeps the best.
import { emptySet, fullSet, union, type CharSet } from './regex-charset.ts';
import { dedupe, keepBest, rarityCost, type LiteralRequirement } from './regex-candidates.ts';
import { Parser, startsAtLineStart, Unsupported, type Flags, type Node } from './regex-parse.ts';

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

function requirementsOf(strings: string[], maxOffset: number, prefix: CharSet): LiteralRequirement[] | null {
  const list = limitPrefixes(strings);
  if (!list) return null;
  return list.map((literal) => ({ literal, maxOffset, prefix }));
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
