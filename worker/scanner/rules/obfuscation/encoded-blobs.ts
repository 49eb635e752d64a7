// OBF-09 long encoded blobs: Base64 runs, hex and unicode escapes and byte arrays, decoded to say
// what they hide; media and integrity hashes are left alone.
import type { FileView, RuleMatch } from '../../types.ts';
import { findAll } from '../match.ts';
import { isSignatureContext } from '../markdown-context.ts';
import { onePerLine } from '../context.ts';
import { clip, printable } from './shared.ts';

const B64_RUN = /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{200,}={0,2}(?![A-Za-z0-9+/=])/g;
const HEX_ESCAPES = /(?:\\x[0-9a-fA-F]{2}){8,}/g;
const UNICODE_ESCAPES = /(?:\\u00[0-9a-fA-F]{2}){8,}/g;
const BYTE_ARRAY = /(?:0x[0-9a-fA-F]{2}\s*,\s*){16,}0x[0-9a-fA-F]{2}/g;
const BENIGN_BLOB_CONTEXT = /data:(?:image|font|audio|video)\/|data:application\/(?:font|x-font|octet-stream|pdf|vnd|json|wasm)|sourceMappingURL|data:text\/css|integrity|sha\d{3}-|"image\/(?:png|jpeg|gif|svg)|base64,\s*$|-----BEGIN/i;
// Magic numbers, as Base64, of images, fonts and documents.
const MEDIA_PREFIX = /^(?:iVBORw0KGgo|\/9j\/|R0lGOD|UklGR|Qk0|SUkq|AAABAA|d09GR|d09GMg|AAEAAA|T1RUTw|JVBERi|PD94bWwg|PHN2Zy|AAAAI?GZ0eXA)/;
const PAYLOAD_PREFIX = /^(?:H4sI|UEsDB|f0VMR|TVqQ|TVpQ|eJ[wxy]|QlpoO)/; // gzip, zip, ELF, PE, zlib, bzip2

// Names that run code or commands, as an escaped string spells them whole.
const EXECUTION_NAME = /^(?:eval|Function|exec|execSync|execFile|execFileSync|spawn|spawnSync|child_process|system|popen|Invoke-Expression|iex|constructor)$/;
const HOST_OR_URL = /^(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/\S*)?$/i;

export function blobMatches(file: FileView): RuleMatch[] {
  const text = file.text;
  const out: RuleMatch[] = [];
  const hiddenExecution: RuleMatch[] = [];
  let hiddenHost = false;
  for (const m of findAll(text, B64_RUN)) {
    const blob = text.slice(m.index, m.index + m.length);
    if (!/\d/.test(blob) || !/[a-z]/.test(blob) || !/[A-Z]/.test(blob)) continue; // identifiers, paths
    if (/^[0-9a-fA-F]+$/.test(blob)) continue;
    if (BENIGN_BLOB_CONTEXT.test(text.slice(Math.max(0, m.index - 80), m.index)) || MEDIA_PREFIX.test(blob)) continue;
    if (isSignatureContext(file, m.index)) continue;
    let decoded = '';
    try {
      decoded = Buffer.from(blob, 'base64').toString('latin1');
    } catch {
      decoded = '';
    }
    const asText = printable(decoded) >= 0.9;
    const payload = PAYLOAD_PREFIX.test(blob);
    if (!asText && !payload) {
      out.push({ ...m, severity: 'low', evidence: `${blob.slice(0, 24)}… (${blob.length} chars)`, message: `Opaque Base64 blob (${blob.length} characters)` });
      continue;
    }
    out.push({
      ...m,
      evidence: asText ? clip(decoded, 200) : `${blob.slice(0, 24)}… (${blob.length} chars)`,
      message: asText ? `Base64 blob hides text: "${clip(decoded, 80)}"` : 'Base64 blob holds a compressed archive or executable',
    });
  }
  for (const [re, size, marker] of [
    [HEX_ESCAPES, 4, '\\x'],
    [UNICODE_ESCAPES, 6, '\\u00'],
  ] as const) {
    if (!text.includes(marker)) continue;
    for (const m of findAll(text, re)) {
      if (isSignatureContext(file, m.index)) continue;
      const run = text.slice(m.index, m.index + m.length);
      let decoded = '';
      for (let i = 0; i < run.length; i += size) decoded += String.fromCharCode(parseInt(run.slice(i + size - 2, i + size), 16));
      if (printable(decoded) < 0.95 || !/[a-z]{3}/i.test(decoded)) continue;
      if (file.kind === 'script' && EXECUTION_NAME.test(decoded)) {
        hiddenExecution.push({ ...m, evidence: clip(decoded), message: `Escaped string hides the name of a code-execution call: "${decoded}"` });
        continue;
      }
      if (HOST_OR_URL.test(decoded)) hiddenHost = true;
      out.push({ ...m, evidence: clip(decoded), message: `Escaped string hides text: "${clip(decoded, 80)}"` });
    }
  }
  // Nothing but concealment writes the name of eval or Function in escapes; with the address it
  // fetches from hidden the same way, fetched code is being run (obfuscator-style droppers).
  for (const h of hiddenExecution) {
    out.push(hiddenHost ? { ...h, severity: 'critical', message: `${h.message}, in code whose address is hidden the same way` } : { ...h, severity: 'high' });
  }
  for (const m of text.includes('0x') ? findAll(text, BYTE_ARRAY) : []) {
    const bytes = text.slice(m.index, m.index + m.length).match(/0x[0-9a-fA-F]{2}/g) ?? [];
    const decoded = bytes.map((b) => String.fromCharCode(parseInt(b, 16))).join('');
    if (printable(decoded) < 0.95 || !/[a-z]{4}/i.test(decoded) || isSignatureContext(file, m.index)) continue;
    out.push({ ...m, evidence: clip(decoded), message: `Byte array hides text: "${clip(decoded, 80)}"` });
  }
  // One place per line, the gravest first: a hidden `Function` outranks a hidden word beside it.
  const rank = (m: RuleMatch) => (m.severity === 'critical' ? 0 : m.severity === 'high' ? 1 : 2);
  return onePerLine(file, out.sort((a, b) => rank(a) - rank(b) || a.index - b.index)).sort((a, b) => a.index - b.index);
}
