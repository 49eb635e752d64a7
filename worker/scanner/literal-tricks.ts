// String literals that code turns into a command at run time: reversed ("hs | ... lruc"[::-1]),
// rot13-encoded, or cut inside words and glued back with +. Each finder hands what the code
// would produce to `add`, so decode.ts rescans it like any decoded payload.
import { wordiness } from './xor-decode.ts';

type Add = (encoding: string, index: number, decoded: string) => void;

// A string literal reversed by the code that uses it: "hs | ... lruc"[::-1] in Python,
// "...".split("").reverse().join("") in JavaScript, or a name bound to a literal and reversed later.
const REVERSE_OP = String.raw`(?:\[\s*::\s*-1\s*\]|\.split\(\s*(?:""|'')\s*\)\s*\.reverse\(\)\s*\.join\(\s*(?:""|'')\s*\))`;
const QUOTED = String.raw`(?:"([^"\n\\]{12,2000})"|'([^'\n\\]{12,2000})')`;
const REVERSED_LITERAL = new RegExp(QUOTED + String.raw`\s*` + REVERSE_OP, 'g');
const ASSIGNED_LITERAL = new RegExp(String.raw`^[ \t]*(?:(?:const|let|var)\s+|(?:typeset|declare|local|readonly|export)(?:[ \t]+-\w+)*[ \t]+)?([A-Za-z_]\w{0,40})\s*=\s*` + QUOTED, 'gm');

function findReversedLiterals(text: string, add: Add, full: () => boolean): void {
  const reversed = (s: string) => [...s].reverse().join('');
  REVERSED_LITERAL.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (!full() && (m = REVERSED_LITERAL.exec(text)) !== null) add('reversed string', m.index, reversed(m[1] ?? m[2]));
  const reversedNames = new Set<string>();
  for (const r of text.matchAll(new RegExp(String.raw`\b([A-Za-z_]\w{0,40})\s*` + REVERSE_OP, 'g'))) reversedNames.add(r[1]);
  // zsh: ${(j::)${(Oa)${(s::)name}}} splits a variable into characters, reverses and joins them.
  if (text.includes('(Oa)')) for (const r of text.matchAll(/\(s::\)([A-Za-z_]\w{0,40})\b/g)) reversedNames.add(r[1]);
  if (reversedNames.size === 0) return;
  ASSIGNED_LITERAL.lastIndex = 0;
  while (!full() && (m = ASSIGNED_LITERAL.exec(text)) !== null) {
    const literal = m[2] ?? m[3];
    if (reversedNames.has(m[1])) add('reversed string', m.index + m[0].indexOf(literal) - 1, reversed(literal));
  }
}

// A command cut inside its words and glued back with +: "cu" + "rl -fsSL " + src + " | s" + "h".
// Chains that split a word between two literals are joined (names kept as $name) and rescanned;
// ordinary concatenation ("Hello " + name) splits no word and is left alone.
const PIECE = String.raw`(?:"[^"\n\\]{0,200}"|'[^'\n\\]{0,200}')`;
const CONCAT_CHAIN = new RegExp(String.raw`${PIECE}(?:[ \t]*\+[ \t]*(?:${PIECE}|[A-Za-z_][\w.]{0,40}))+`, 'g');
const WORD_SPLIT_CONCAT = /[A-Za-z]["'][ \t]*\+[ \t]*["'][A-Za-z]/;

function findSplitWords(text: string, add: Add, full: () => boolean): void {
  CONCAT_CHAIN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (!full() && (m = CONCAT_CHAIN.exec(text)) !== null) {
    if (!WORD_SPLIT_CONCAT.test(m[0])) continue;
    let joined = '';
    for (const piece of m[0].matchAll(/"([^"\n\\]*)"|'([^'\n\\]*)'|([A-Za-z_][\w.]*)/g)) joined += piece[3] !== undefined ? `$${piece[3]}` : (piece[1] ?? piece[2]);
    add('joined strings', m.index, joined);
  }
}

// rot13 through tr (Ruby, shell), codecs (Python) or PHP: the literals it turns back are rescanned
// when they read more like text afterwards ("phey -f uggcf://... | fu" is "curl -s https://... | sh").
const ROT13_USE = /\btr\b\(?\s*["'](?:A-Za-z|a-zA-Z)["']\s*,?\s*["'](?:N-ZA-Mn-za-m|n-za-mN-ZA-M)["']|["']rot_?13["']|\bstr_rot13\b/;
const LITERAL = new RegExp(QUOTED, 'g');

function rot13(s: string): string {
  return s.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function findRot13Literals(text: string, add: Add, full: () => boolean): void {
  // Code that also reverses strings may do both: codecs.decode(S[::-1], "rot13").
  const reverses = text.includes('[::-1]') || text.includes('.reverse()');
  LITERAL.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (!full() && (m = LITERAL.exec(text)) !== null) {
    const literal = m[1] ?? m[2];
    const turned = rot13(literal);
    if (wordiness(turned) <= wordiness(literal)) continue;
    add('rot13', m.index + 1, turned);
    // Reading order is not wordiness: both directions are rescanned.
    if (reverses && !full()) add('rot13 reversed', m.index + 1, [...turned].reverse().join(''));
  }
}

/** Every literal trick of one text, behind cheap literal checks; rot13 and split words only in code. */
export function decodeLiteralTricks(text: string, isScript: boolean, add: Add, full: () => boolean): void {
  if (text.includes('[::-1]') || text.includes('.reverse()') || text.includes('(Oa)')) findReversedLiterals(text, add, full);
  if (!isScript) return;
  if ((text.includes('rot') || text.includes('N-Z') || text.includes('n-z')) && ROT13_USE.test(text)) findRot13Literals(text, add, full);
  if (text.includes('+') && WORD_SPLIT_CONCAT.test(text)) findSplitWords(text, add, full);
}
