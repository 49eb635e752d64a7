// OBF-08 decode then execute: a decoder (base64, openssl, xxd, gunzip, rev, FromBase64String, a
// helper that XORs or reverses) whose output is piped into, substituted into, written and run by,
// or passed to an interpreter. Each pattern is anchored on the literals every match holds.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { anchored, anchorsOf, mayMatch } from '../anchors.ts';
import { isProhibited, isProseOnlyMention, isSignatureContext } from '../markdown-context.ts';
import { matchAllRegex, onePerLine, testRegex } from '../context.ts';
import { placeholderPayload, SHELL_VARIABLE, warnedAgainst } from '../script-context.ts';

const STDIN_INTERPRETER = String.raw`(?:(?:sudo\s+)?(?:env\s+)?(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:(?:ba|z|da|k|c|tc|fi|a)?sh|python[\d.]*|perl|ruby|node|php|osascript|pwsh|powershell|iex|Invoke-Expression|source|bun|deno)(?:\s+-s\b|\s+-\s|\s*$|\s*[;&)|'"\`])|${SHELL_VARIABLE})`;
const SHELL_DECODER = String.raw`(?:base64\s+(?:-\w*[dD]\w*|--decode)|openssl\s+(?:enc\s+)?(?:-d\s+)?-?(?:base64|a)\b[^|\n]{0,20}-d\b|openssl\s+(?:enc\s+)?-d\b[^|\n]{0,30}-(?:base64|a)\b|xxd\s+-r\b|basenc\s+[^|\n]{0,20}(?:-d|--decode)\b|uudecode|gunzip|zcat|gzip\s+-\w*d|(?<![\w-])rev(?=\s*(?:\||$)))`;
const SHELL_DECODE_PIPE = new RegExp(String.raw`${SHELL_DECODER}[^\n|]{0,80}(?:\|[^\n|]{0,80}){0,2}\|\s*${STDIN_INTERPRETER}`, 'gim');
const SHELL_DECODE_SUBST = new RegExp(
  String.raw`\b(?:(?:ba|z|da|k)?sh\s+-c|eval|source|\.)\s+["']?(?:\$\(|<\()[^\n]{0,600}?${SHELL_DECODER}`,
  'gi',
);
// Decoded into a file, then run: base64 -d p.b64 > /tmp/x.sh && bash /tmp/x.sh
const SHELL_DECODE_FILE = new RegExp(
  String.raw`${SHELL_DECODER}[^\n|>]{0,120}>\s*["']?([\w./~$-]{1,80})["']?[\s\S]{0,200}?(?:&&|;|\n)\s*(?:sudo\s+)?(?:(?:ba|z|da|k)?sh|python[\d.]*|perl|ruby|node|source|\.|chmod\s+\+?[0-7x]+|osascript|open)\s+["']?\1\b`,
  'gi',
);
const CODE_DECODE_EXEC =
  /\b(?:exec|eval|compile|execfile)\s*\(\s*(?:compile\s*\(\s*)?(?:[\w.]+\.)?(?:b64decode|b32decode|b85decode|a85decode|b16decode|decodebytes|decodestring|unhexlify|fromhex|decompress|loads|urlsafe_b64decode)\s*\(|\b(?:exec|eval)\s*\(\s*codecs\.decode\s*\(|\beval\s*\(\s*(?:atob|unescape|decodeURIComponent|Buffer\.from)\s*\(|\bnew\s+Function\s*\(\s*(?:atob|Buffer\.from|unescape)\s*\(|\bFunction\s*\(\s*atob\s*\(|\beval\s*(?:\(\s*)?(?:Base64\.decode64|decode_base64|base64_decode|gzinflate|gzuncompress|str_rot13|hex2bin)\s*\(|\bassert\s*\(\s*base64_decode\s*\(|\binstance_eval\s*\(\s*Base64|\bpickle\.loads\s*\(\s*(?:base64\.)?b64decode/g;
const POWERSHELL_ENCODED = /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,80}\s-(?:e|ec|en|enc|enco|encod|encode|encoded|encodedc\w*)\s+[A-Za-z0-9+/=]{20,}/gi;
const POWERSHELL_DECODE_EXEC =
  /(?:\biex\b|\bInvoke-Expression\b|\[scriptblock\]::Create|\.Invoke\(\))[^\n]{0,200}FromBase64String|FromBase64String[^\n]{0,200}(?:\|\s*iex\b|\bInvoke-Expression\b|\[scriptblock\]::Create|\.Invoke\(\))/gi;
const DECODED_ASSIGN =
  /\b([A-Za-z_$][\w$]{0,40})\s*=\s*[^\n=]{0,80}?(?:b64decode|b32decode|b85decode|a85decode|decodebytes|unhexlify|fromhex|decompress|marshal\.loads|codecs\.decode|atob|Buffer\.from\([^)\n]{0,200},\s*["'](?:base64|hex)["']\)|FromBase64String|base64\s+(?:-d|-D|--decode))/g;
const RUNNERS = String.raw`(?:exec|eval|compile|execSync|spawnSync|os\.system|os\.popen|subprocess\.\w+|Function|iex|Invoke-Expression|vm\.runIn\w+)`;

// Anchors of the decode-then-run patterns: literals every match of each holds.
const DECODER_WORDS = ['base64', 'openssl', 'xxd', 'basenc', 'uudecode', 'gunzip', 'zcat', 'gzip', 'rev'];
anchored(SHELL_DECODE_PIPE, DECODER_WORDS);
anchored(SHELL_DECODE_SUBST, DECODER_WORDS);
anchored(SHELL_DECODE_FILE, DECODER_WORDS);
anchored(CODE_DECODE_EXEC, ['exec', 'eval', 'compile', 'function', 'assert', 'pickle']);
anchored(POWERSHELL_ENCODED, ['powershell', 'pwsh']);
anchored(POWERSHELL_DECODE_EXEC, ['frombase64string']);
anchored(DECODED_ASSIGN, ['decode', 'unhexlify', 'fromhex', 'decompress', 'marshal', 'atob', 'buffer.from', 'frombase64string', 'base64']);
export const DECODE_EXEC_ANCHORS = [
  ...anchorsOf(SHELL_DECODE_PIPE, CODE_DECODE_EXEC, POWERSHELL_ENCODED, POWERSHELL_DECODE_EXEC, DECODED_ASSIGN),
  // Decoding helpers whose output is run (decoderOutputRuns).
  '^', 'fromcharcode', 'decode64', 'decodestring', '::-1', 'reverse()', 'unpack', '.tr(', 'rot13', 'rot_13', 'loads',
];

export function decodeExecMatches(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  const keep = (m: RuleMatch, message: string) => {
    if (isSignatureContext(file, m.index)) return;
    // Prose outside code that talks about the technique is guarded like any sentence.
    if (isProseOnlyMention(file, m.index) && isProhibited(file, m.index)) return;
    // A command span the sentence bans ("Never run ... or decode-and-run (`base64 -d | sh`)").
    if (warnedAgainst(file, m.index) || placeholderPayload(file, m.index, m.length)) return;
    out.push({ ...m, message });
  };
  if (mayMatch(file, SHELL_DECODE_PIPE)) for (const m of findAll(text, SHELL_DECODE_PIPE)) keep(m, 'Decodes a hidden payload and pipes it into an interpreter');
  if (mayMatch(file, SHELL_DECODE_SUBST)) for (const m of findAll(text, SHELL_DECODE_SUBST)) keep(m, 'Runs the output of a decoder as a command');
  if (mayMatch(file, SHELL_DECODE_FILE)) for (const m of findAll(text, SHELL_DECODE_FILE)) keep(m, 'Decodes a payload to a file and runs it');
  if (mayMatch(file, CODE_DECODE_EXEC)) for (const m of findAll(text, CODE_DECODE_EXEC)) keep(m, 'Executes decoded data');
  if (mayMatch(file, POWERSHELL_ENCODED)) for (const m of findAll(text, POWERSHELL_ENCODED)) keep(m, 'Runs an encoded PowerShell command');
  if (mayMatch(file, POWERSHELL_DECODE_EXEC)) for (const m of findAll(text, POWERSHELL_DECODE_EXEC)) keep(m, 'Executes a Base64-decoded PowerShell script');
  // Two steps: decoded = b64decode(blob) ... exec(decoded).
  if ((file.kind === 'script' || testRegex(/```/, text)) && mayMatch(file, DECODED_ASSIGN)) {
    const names = new Set<string>();
    for (const m of matchAllRegex(text, DECODED_ASSIGN)) if (names.size < 20) names.add(m[1]);
    for (const name of names) {
      const escaped = name.replace(/[$]/g, '\\$');
      const use = new RegExp(String.raw`\b${RUNNERS}\s*\(\s*(?:[\w.]+\()?["'\`]?\$?\{?${escaped}\b|\beval\s+["']?\$\{?${escaped}\b|\|\s*(?:ba)?sh\b[^\n]{0,20}<<<\s*["']?\$\{?${escaped}\b`, 'g');
      for (const m of findAll(text, use, undefined, 3)) keep(m, `Executes "${name}", which holds decoded data`);
    }
  }
  if (file.kind === 'script') for (const m of decoderOutputRuns(text)) keep(m, `Runs a command that ${m.decoder}() decodes at run time`);
  // marshal.loads(zlib.decompress(b64decode(BLOB))) under any aliases: a packer's payload, code
  // unpacked from a compressed, encoded blob whatever name then runs it.
  if (mayMatch(file, PACKED_CODE_LOADS)) for (const m of findAll(text, PACKED_CODE_LOADS)) keep(m, 'Unpacks code (marshal or pickle) from a compressed, encoded blob');
  return onePerLine(file, out.sort((a, b) => a.index - b.index));
}

const PACKED_CODE_LOADS = anchored(
  /\b[\w.]*loads\s*\(\s*[\w.]*(?:decompress|inflate)\s*\(\s*[\w.]*(?:b64decode|b85decode|a85decode|b32decode|unhexlify|decodebytes)\s*\(/g,
  ['loads'],
);

// A helper that decodes (XOR, base64, hex, char codes, reversal, rot13) and whose result is run:
// `def _d(b): return bytes(x ^ _K for x in b).decode()` ... `subprocess.run([_d(_I)], input=data)`,
// `function _r() { return _t.map((c) => String.fromCharCode(c ^ _k)).join(''); }` ... `execSync(_r())`.
const DECODER_DEF =
  /^[ \t]*(?:def[ \t]+([A-Za-z_]\w{0,40})[ \t]*\(|(?:async[ \t]+)?function[ \t]+([A-Za-z_$][\w$]{0,40})[ \t]*\(|(?:const|let|var)[ \t]+([A-Za-z_$][\w$]{0,40})[ \t]*=[ \t]*(?:function\b|\([^)\n]{0,80}\)[ \t]*=>|[A-Za-z_$][\w$]{0,20}[ \t]*=>)|func[ \t]+([A-Za-z_]\w{0,40})[ \t]*\()/gm;
const DECODING_BODY =
  /\^[ \t]*(?:0x[0-9A-Fa-f]|\d|[A-Za-z_$])|\b(?:b64decode|b32decode|unhexlify|fromhex|decompress|atob|fromCharCode|decode64|DecodeString|codecs\.decode)\b|\[\s*::\s*-1\s*\]|\.reverse\(\)|\.unpack1?\(|\.tr\(\s*["']A-Za-z|rot_?13/;
const PROCESS_CALL = String.raw`(?:${RUNNERS}|run|Popen|call|check_call|check_output|spawn|execFile\w*|system|popen|Command|Start-Process|exec\.Command)`;

function decoderOutputRuns(text: string): (RuleMatch & { decoder: string })[] {
  if (!testRegex(/\^|b64decode|unhexlify|fromhex|decompress|atob|fromCharCode|decode64|DecodeString|codecs|::-1|reverse\(\)|unpack|\.tr\(|rot_?13/, text)) return [];
  const decoders = new Set<string>();
  for (const m of matchAllRegex(text, DECODER_DEF)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4];
    // The helper's body: up to the next definition, at most 600 characters.
    const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 600);
    const next = rest.search(/\n[ \t]*(?:def|function|func|class|const|let|var)\b/);
    if (DECODING_BODY.test(next < 0 ? rest : rest.slice(0, next))) decoders.add(name);
    if (decoders.size >= 20) break;
  }
  const out: (RuleMatch & { decoder: string })[] = [];
  for (const name of decoders) {
    const escaped = name.replace(/[$]/g, '\\$');
    const use = new RegExp(String.raw`\b${PROCESS_CALL}\s*\(\s*(?:\[\s*)?(?:["'][^"'\n]{0,20}["']\s*,\s*)*${escaped}\s*\(`, 'g');
    for (const m of findAll(text, use, undefined, 3)) out.push({ ...m, decoder: name });
  }
  return out;
}
