// OBF-11 commands split into pieces and reassembled: concatenated and joined strings, shell splices
// and hex escapes, reversed strings, rare decoders, the Function constructor reached through
// .constructor, and module or attribute names built at run time.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { anchored, mayMatch } from '../anchors.ts';
import { isProseOnlyMention, isSignatureContext } from '../markdown-context.ts';
import { onePerLine } from '../context.ts';
import { clip } from './shared.ts';

const SQL_DESTRUCTION = String.raw`drop\s*(?:schema|database|table)|truncate\s*table`;
const DANGEROUS_WORD = new RegExp(
  String.raw`curl|wget|bash|\/bin\/sh|\bsh -c|powershell|invoke-expression|\biex\b|eval|exec|system|subprocess|child_process|popen|spawn|base64|\/dev\/tcp|\bnc\b|\.ssh|id_rsa|\.aws|\.env\b|chmod|rm -rf|osascript|https?:\/\/|__import__|getattr|` +
    SQL_DESTRUCTION +
    String.raw`|git-credentials|\.netrc|\.npmrc|\.pypirc|\.kube\/config|\.aws\/credentials`,
  'i',
);
const SQL_SPLIT = new RegExp(String.raw`\b(?:${SQL_DESTRUCTION})`, 'i');
// Joined with +, PHP/Perl's ., or SQL's ||.
const CONCAT_CHAIN = /(?:["'][^"'\n]{1,16}["']\s*(?:\+|\.(?!\w)|\|\|)\s*){1,16}["'][^"'\n]{1,16}["']/g;
const JOIN_LIST = /["']{2}\.join\(\s*\[\s*(?:["'][^"'\n]{1,8}["']\s*,\s*){2,40}["'][^"'\n]{1,8}["']\s*\]/g;
const ANSI_C_HEX = /\$'(?:\\x[0-9a-fA-F]{2}){3,}'/g;
const VAR_COMMAND = /^[ \t]*(?:\$\{?[A-Za-z_]\w{0,20}\}?){2,}(?=\s|$)/gm;
const IFS_SPLICE = /\$\{?IFS\}?/g;
// Adjacent quoted pieces make one shell word: "cu""rl", 'ba''sh'.
const SHELL_SPLICE = /(?:"[^"\s\\$`]{1,16}"|'[^'\s]{1,16}'){2,8}/g;
// printf '\x73\x68' prints "sh": a command name spelt in hex escapes.
const PRINTF_HEX = /\bprintf\s+(?:%b\s+)?["']((?:\\x[0-9a-fA-F]{2}){2,40})["']/g;
const INTERPRETER_WORD = /^(?:(?:ba|z|da|k)?sh|python[23]?|perl|ruby|node|php|pwsh|powershell|nc|ncat)$/;
const REVERSED_EXEC = /\[::-1\][^\n]{0,80}\b(?:exec|eval|system|popen|run|call)\b|\b(?:exec|eval|system|popen)\s*\([^\n]{0,80}\[::-1\]|\|\s*rev\s*\|\s*(?:ba)?sh\b|\.split\(\s*["']{2}\s*\)\s*\.reverse\(\)\s*\.join\(\s*["']{2}\s*\)[^\n]{0,80}\b(?:eval|Function|exec)\b/g;
const RARE_DECODER = /\b(?:b85decode|a85decode|str_rot13)\s*\(|codecs\.decode\s*\([^)\n]{0,80}rot_?13|\btr\s+["']?(?:A-Za-z|a-zA-Z)["']?\s+["']?(?:N-ZA-Mn-za-m|n-za-mN-ZA-M)/g;
const DYNAMIC_IMPORT = /\bNew-Object\s*\(\s*["'][^"'\n]{0,20}["']\s*\+|\[scriptblock\]::Create\s*\(\s*\$\w+\.\$\w+\s*\(|\b__import__\s*\(\s*["'][^"'\n]{0,20}["']\s*\+|\bgetattr\s*\(\s*[\w.]+\s*,\s*["'][^"'\n]{0,20}["']\s*\+|\brequire\s*\(\s*["'][^"'\n]{0,20}["']\s*\+\s*["']|\b(?:getattr\s*\(\s*[\w.]+\s*,|__import__\s*\()\s*(?:["']{2}\.join\s*\(|chr\s*\(|bytes(?:\.fromhex)?\s*\(|bytearray\s*\(|[\w.]+\s*\[\s*::\s*-1\s*\])/g;
// Decoding on the line of a computed call: the name and the code it runs are both hidden.
const DECODE_CALL = /\b(?:b64decode|b32decode|b85decode|decompress|unhexlify|fromhex|decodebytes|loads)\s*\(/;

anchored(JOIN_LIST, ['.join(']);
anchored(ANSI_C_HEX, ["$'\\x"]);
anchored(IFS_SPLICE, ['ifs']);
anchored(PRINTF_HEX, ['printf']);
anchored(REVERSED_EXEC, ['[::-1]', 'rev', 'reverse()']);
anchored(RARE_DECODER, ['b85decode', 'a85decode', 'rot', 'a-za-z']);
const CONSTRUCTOR_EVAL = /(?:\[\s*\]|\(\s*\(\s*\)\s*=>\s*\{?\s*\}?\s*\)|\b[\w$]+)\s*(?:\.constructor|\[\s*["'`]constructor["'`]\s*\])\s*(?:\.constructor|\[\s*["'`]constructor["'`]\s*\])(?![\w$])/g;
anchored(CONSTRUCTOR_EVAL, ['constructor']);
anchored(DYNAMIC_IMPORT, ['__import__', 'getattr', 'require', 'new-object', 'scriptblock']);
// What a computed name resolves to, read from the quoted pieces after it: "".join(("e","x","e","c"))
// and "url" + "open" are exec and urlopen.
const RUNS_CODE_NAME = /^(?:exec|eval|system|popen|compile|spawn|execv|execve|execfile|check_output|Invoke-Expression|iex)$/i;
const FETCH_NAME = /^(?:urlopen|urlretrieve|DownloadString|DownloadFile|DownloadData|get|request|Net\.WebClient|System\.Net\.WebClient)$/i;

function computedName(text: string, index: number): string {
  const rest = text.slice(index, Math.min(text.length, index + 200));
  const call = /^[^\n]*?(?:getattr\s*\(\s*[\w.]+\s*,|__import__\s*\(|New-Object\s*\(|require\s*\()/.exec(rest);
  const from = call ? call[0].length : 0;
  // The pieces up to the parenthesis that closes the name (a join keeps its own parentheses).
  const span = /^\s*(?:["']{2}\.join\s*\(\s*[([][^)\]\n]{0,160}[)\]]\s*\)|["'][^"'\n]{0,40}["'](?:\s*\+\s*["'][^"'\n]{0,40}["'])*)/.exec(rest.slice(from));
  if (!span) return '';
  return [...span[0].matchAll(/"([^"\n]*)"|'([^'\n]*)'/g)].map((p) => p[1] ?? p[2]).filter((p) => p !== '').join('');
}

export function splitCommandMatches(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  for (const m of findAll(text, CONCAT_CHAIN)) {
    const chain = text.slice(m.index, m.index + m.length);
    const parts = [...chain.matchAll(/["']([^"'\n]{1,16})["']/g)].map((p) => p[1]);
    // Prose joined for line length ("Run the " + "tests") has long pieces with spaces; SQL keywords
    // split across pieces ("DR" || "OP SCH" || "EMA") are the exception worth reading.
    const joined = parts.join('');
    if (parts.length < 2 || (parts.some((p) => p.length > 6 && / /.test(p)) && !SQL_SPLIT.test(joined))) continue;
    const word = DANGEROUS_WORD.exec(joined);
    if (!word || parts.some((p) => DANGEROUS_WORD.test(p))) continue;
    out.push({ ...m, evidence: joined, message: `String pieces assemble "${clip(joined, 60)}"` });
  }
  for (const m of mayMatch(file, JOIN_LIST) ? findAll(text, JOIN_LIST) : []) {
    const joined = [...text.slice(m.index, m.index + m.length).matchAll(/["']([^"'\n]{1,8})["']/g)].map((p) => p[1]).join('');
    if (DANGEROUS_WORD.test(joined)) out.push({ ...m, evidence: joined, message: `Joined characters assemble "${clip(joined, 60)}"` });
  }
  for (const m of mayMatch(file, ANSI_C_HEX) ? findAll(text, ANSI_C_HEX) : []) {
    const decoded = (text.slice(m.index, m.index + m.length).match(/\\x([0-9a-fA-F]{2})/g) ?? []).map((h) => String.fromCharCode(parseInt(h.slice(2), 16))).join('');
    out.push({ ...m, evidence: decoded, message: `Hex-escaped shell word "${clip(decoded, 60)}"` });
  }
  if (file.kind === 'script' && file.language === 'sh') {
    for (const m of findAll(text, VAR_COMMAND)) out.push({ ...m, message: 'Command name assembled from variables' });
    for (const m of findAll(text, SHELL_SPLICE)) {
      const parts = [...text.slice(m.index, m.index + m.length).matchAll(/"([^"]*)"|'([^']*)'/g)].map((p) => p[1] ?? p[2]);
      const joined = parts.join('');
      if ((DANGEROUS_WORD.test(joined) || INTERPRETER_WORD.test(joined)) && !parts.some((p) => DANGEROUS_WORD.test(p))) {
        out.push({ ...m, evidence: joined, message: `Quoted pieces assemble "${clip(joined, 60)}"` });
      }
    }
    for (const m of mayMatch(file, PRINTF_HEX) ? findAll(text, PRINTF_HEX) : []) {
      const decoded = (text.slice(m.index, m.index + m.length).match(/\\x([0-9a-fA-F]{2})/g) ?? []).map((h) => String.fromCharCode(parseInt(h.slice(2), 16))).join('');
      if (DANGEROUS_WORD.test(decoded) || INTERPRETER_WORD.test(decoded)) out.push({ ...m, evidence: decoded, message: `printf spells "${clip(decoded, 60)}" in hex escapes` });
    }
    const ifs = mayMatch(file, IFS_SPLICE) ? findAll(text, IFS_SPLICE, undefined, 3) : [];
    if (ifs.length) out.push({ ...ifs[0], message: '${IFS} used to split a command and evade filters' });
  }
  if (mayMatch(file, REVERSED_EXEC)) for (const m of findAll(text, REVERSED_EXEC)) out.push({ ...m, message: 'Reversed string executed' });
  if (mayMatch(file, RARE_DECODER)) for (const m of findAll(text, RARE_DECODER)) out.push({ ...m, severity: 'low', message: 'Uncommon decoder (rot13/base85) used to hide text' });
  // [].constructor.constructor(code)() is Function(code)() without the word Function: eval in disguise
  // (also when the constructor is kept in a variable and called later).
  if (mayMatch(file, CONSTRUCTOR_EVAL)) for (const m of findAll(text, CONSTRUCTOR_EVAL)) out.push({ ...m, severity: 'high', message: 'Reaches the Function constructor through .constructor.constructor to run a string' });
  if (mayMatch(file, DYNAMIC_IMPORT)) {
    const dynamic = findAll(text, DYNAMIC_IMPORT).map((m) => ({ m, name: computedName(text, m.index) }));
    // Both a fetch and an exec reached through built names: downloaded code run with nothing to read.
    const fetches = dynamic.some((d) => FETCH_NAME.test(d.name));
    for (const { m, name } of dynamic) {
      const decodes = DECODE_CALL.test(file.lineAt(m.index));
      if (/^\[scriptblock\]/i.test(text.slice(m.index, m.index + 13))) {
        out.push({ ...m, severity: 'high', message: 'A script block built from the result of a method named at run time' });
      } else if (RUNS_CODE_NAME.test(name)) {
        out.push({ ...m, severity: fetches ? 'critical' : 'high', message: fetches ? `Fetches and runs code through names built at run time ("${name}")` : `A call to ${name} hidden behind a name built at run time` });
      } else {
        out.push({ ...m, severity: decodes ? 'high' : undefined, message: decodes ? 'A function named by computed characters runs decoded data' : 'Module or attribute name built from strings' });
      }
    }
  }
  return onePerLine(
    file,
    out
      .filter((m) => !isSignatureContext(file, m.index) && !isProseOnlyMention(file, m.index))
      .sort((a, b) => a.index - b.index),
  );
}
