// OBF-10 obfuscator output: _0x identifiers, character-code arrays and chains, packers, Python
// one-liners, XOR decoders and JSFuck.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { anchored, mayMatch } from '../anchors.ts';
import { isProseOnlyMention, isSignatureContext } from '../markdown-context.ts';
import { onePerLine, testRegex } from '../context.ts';
import { clip } from './shared.ts';

const HEX_IDENTIFIER = /\b_0x[a-f0-9]{4,6}\b/g;
const CHAR_CODES = /\bString\.fromCharCode\s*\(\s*\d{1,3}(?:\s*,\s*\d{1,3}){9,}\s*\)/g;
const CHR_CHAIN = /\bchr\s*\(\s*\d{1,3}\s*\)(?:\s*\+\s*chr\s*\(\s*\d{1,3}\s*\)){5,}/g;
const PS_CHAR_CHAIN = /\[char\]\s*\d{1,3}(?:\s*[+,]\s*\[char\]\s*\d{1,3}){5,}/gi;
const PACKER = /\beval\s*\(\s*function\s*\(\s*p\s*,\s*a\s*,\s*c\s*,\s*k\s*,\s*e\s*,\s*[rd]\s*\)/g;
const PY_ONELINER = /\(\s*lambda\s+_{1,3}\s*:\s*(?:exec|eval)\b|\bexec\s*\(\s*["']{2}\s*\.join\s*\(|\bexec\s*\(\s*bytes\s*\(\s*\[|getattr\s*\(\s*__builtins__\s*,/g;
const XOR_DECODE = /\b(?:chr|String\.fromCharCode|fromCharCode)\s*\([^()\n]{0,60}\^\s*(?:0x[0-9a-fA-F]{1,2}|\d{1,3}|key\w*|k)\b|\bbytes\s*\(\s*(?:\w+\s*\^\s*\w+|\[\s*\w+\s*\^)/g;
const RUNS_CODE = /\b(?:exec|eval|Function|execSync|os\.system|subprocess|child_process|iex|Invoke-Expression)\b/;
const JSFUCK_LINE = /[[\]()!+]{400,}/g;

anchored(HEX_IDENTIFIER, ['_0x']);
anchored(CHAR_CODES, ['fromcharcode']);
anchored(CHR_CHAIN, ['chr']);
anchored(PS_CHAR_CHAIN, ['[char]']);
anchored(PACKER, ['eval']);
anchored(PY_ONELINER, ['lambda', 'exec', 'getattr']);
anchored(XOR_DECODE, ['chr', 'fromcharcode', 'bytes']);

function decodeCharCodes(s: string): string {
  return (s.match(/\d{1,3}/g) ?? []).map((n) => String.fromCharCode(Number(n))).join('');
}

export function obfuscatorMatches(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  const hexIds = mayMatch(file, HEX_IDENTIFIER) ? findAll(text, HEX_IDENTIFIER, undefined, 50) : [];
  if (hexIds.length >= 5) {
    out.push({ ...hexIds[0], message: `${hexIds.length}+ obfuscator identifiers (_0x…): javascript-obfuscator output` });
  }
  for (const [re, label] of [
    [CHAR_CODES, 'Character codes'],
    [CHR_CHAIN, 'chr() chain'],
    [PS_CHAR_CHAIN, '[char] chain'],
  ] as const) {
    if (!mayMatch(file, re)) continue;
    for (const m of findAll(text, re)) {
      const decoded = decodeCharCodes(text.slice(m.index, m.index + m.length).replace(/fromCharCode|chr|\[char\]/gi, ''));
      out.push({ ...m, evidence: clip(decoded), message: `${label} spell out "${clip(decoded, 80)}"` });
    }
  }
  if (mayMatch(file, PACKER)) for (const m of findAll(text, PACKER)) out.push({ ...m, message: 'Packed JavaScript (p,a,c,k,e,d)' });
  if (mayMatch(file, PY_ONELINER)) for (const m of findAll(text, PY_ONELINER)) out.push({ ...m, message: 'Python one-liner obfuscation' });
  if (mayMatch(file, XOR_DECODE) && testRegex(RUNS_CODE, text)) for (const m of findAll(text, XOR_DECODE)) out.push({ ...m, message: 'XOR decoding in code that executes strings' });
  for (const m of findAll(text, JSFUCK_LINE)) out.push({ ...m, message: 'Code written only in []()!+ (JSFuck)' });
  return onePerLine(
    file,
    out.filter((m) => !isSignatureContext(file, m.index) && !isProseOnlyMention(file, m.index)).sort((a, b) => a.index - b.index),
  );
}
