// RCE-03 decode then execute: an encoded payload decoded and run in one step (`base64 -d | sh`,
// exec(base64.b64decode(...)), powershell -enc) or in two (x = b64decode(...) ... exec(x)). The
// combination is critical; the evidence shows what a base64 literal on the line decodes to.
import { Buffer } from 'node:buffer';
import type { FileView, RuleMatch } from '../../types.ts';
import { execRegex, scan } from '../context.ts';
import { lineBounds } from '../../line-table.ts';
import { isCommentLine, placeholderPayload, warnedAgainst } from '../script-context.ts';
import { EXEC_CALL_OF, mostSeverePerLine, skipFile, STDIN_INTERPRETER } from './shared.ts';

// Printable decoding of a base64 literal, for evidence ("decodes to: ...").
function decodeBase64Printable(literal: string): string {
  try {
    const decoded = Buffer.from(literal, 'base64').toString('utf8');
    if (!decoded || /[^\x09\x0a\x0d\x20-\x7e]/.test(decoded)) return '';
    return decoded.length > 160 ? decoded.slice(0, 157) + '...' : decoded;
  } catch {
    return '';
  }
}

const SHELL_DECODE_PIPE = new RegExp(
  String.raw`(?:\bbase64\s+(?:-\w*[dD]\w*|--decode)|\bxxd\s+-r\w*(?:\s+-p)?|\bopenssl\s+(?:enc\s+)?-?(?:base64|a)\s+-d|\buudecode\b|\bbase32\s+(?:-d|--decode))[^\n|]{0,80}\|\s*` +
    STDIN_INTERPRETER,
  'gim',
);
const SHELL_DECODE_SUBST =
  /(?:\b(?:(?:ba|z|da|k)?sh|python[23]?|perl)\s+-c\s+|\beval\s+)["']?(?:\$\(|`)[^\n)`]{0,200}\b(?:base64\s+(?:-\w*[dD]\w*|--decode)|xxd\s+-r)/gi;
const CODE_DECODE_EXEC =
  /\b(?:exec|eval)\s*\(\s*(?:compile\s*\(\s*)?(?:__import__\s*\(\s*["'](?:base64|codecs|zlib|marshal|binascii|bz2|lzma)["']\s*\)|base64|codecs|zlib|marshal|binascii|bz2|lzma|gzip)\s*\.\s*\w*(?:decode|decompress|loads|unhexlify)\w*\s*\(|\b(?:exec|eval)\s*\(\s*(?:bytes|bytearray)\.fromhex\s*\(|\beval\s*\(\s*(?:atob|unescape|decodeURIComponent)\s*\(|\b(?:eval|new\s+Function|Function)\s*\(\s*Buffer\.from\s*\([^\n]{0,200}?["'](?:base64|hex)["']|\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,60}\s-(?:e|ec|en|enc|encodedcommand)\s+(?:[A-Za-z0-9+/=]{16,}|\$\{?[A-Za-z_]\w*)|\bFromBase64String\b[^\n]{0,200}\b(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,200}\bFromBase64String\b/gi;
const DECODE_ASSIGN =
  /^[ \t]*(?:(?:const|let|var|my|local)\s+)?\$?([A-Za-z_]\w*)\s*=\s*[^\n]{0,120}?\b(?:b64decode|b32decode|b85decode|a85decode|decodebytes|decodestring|unhexlify|fromhex|decompress|atob|FromBase64String)\s*\(|^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_]\w*)\s*=\s*Buffer\.from\([^\n]{0,200}?["'](?:base64|hex)["']/gm;

const B64_LITERAL = /["']([A-Za-z0-9+/]{24,}={0,2})["']/;

function decodedEvidence(text: string, index: number): string {
  const { start, end } = lineBounds(text, index);
  const lit = B64_LITERAL.exec(text.slice(start, end));
  const decoded = lit ? decodeBase64Printable(lit[1]) : '';
  return decoded ? `decodes to: ${decoded}` : '';
}

export function detectDecodeThenRun(file: FileView): RuleMatch[] {
  if (skipFile(file)) return [];
  const text = file.text;
  const build = (m: RegExpExecArray): RuleMatch | null => {
    if (warnedAgainst(file, m.index) || placeholderPayload(file, m.index, m[0].length)) return null;
    const decoded = decodedEvidence(text, m.index);
    return {
      index: m.index,
      length: m[0].length,
      severity: isCommentLine(file, m.index) ? 'high' : 'critical',
      message: decoded ? `Encoded payload decoded and executed; ${decoded}` : 'Encoded payload decoded and executed',
    };
  };
  const found = [
    ...scan(text, SHELL_DECODE_PIPE, build),
    ...scan(text, SHELL_DECODE_SUBST, build),
    ...scan(text, CODE_DECODE_EXEC, build),
  ];
  // Two-step form in code: x = b64decode(...) ... exec(x).
  {
    const decodedVars = new Set<string>();
    DECODE_ASSIGN.lastIndex = 0;
    let a: RegExpExecArray | null;
    while ((a = execRegex(DECODE_ASSIGN, text)) !== null) decodedVars.add(a[1] ?? a[2]);
    if (decodedVars.size > 0) {
      found.push(
        ...scan(text, EXEC_CALL_OF, (m) => {
          if (!decodedVars.has(m[1])) return null;
          if (/[\w.]$/.test(text.slice(Math.max(0, m.index - 1), m.index))) return null;
          if (isCommentLine(file, m.index) || warnedAgainst(file, m.index)) return null;
          return {
            index: m.index,
            length: m[0].length,
            severity: 'critical',
            message: `Decoded data in "${m[1]}" is executed`,
          };
        }),
      );
    }
  }
  return mostSeverePerLine(file, found);
}
