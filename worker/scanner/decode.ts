// Evasion by encoding: a payload hidden as base64, hex, escaped bytes, character codes or Unicode
// tag characters is decoded and scanned again with every rule, so `echo Y3VybC...| base64 -d | sh`
// is judged by what it runs, not by how it looks (string literals the code reverses, rot13s or
// glues together: literal-tricks.ts; XOR: xor-decode.ts). Only decodings that read as text are kept:
// fonts, images, hashes, keys and minified data decode to bytes that are not text and are dropped.
// Everything is bounded (blob size, payloads per file, decoded bytes per file, depth 2) and each
// finder is one pass over the text (a character scan or a regex without nested repetition), so a
// hostile file cannot make this slow.
import { gunzipSync, inflateSync } from 'node:zlib';
import type { FileView } from './types.ts';
import { applyXor, pickXorKey, wordiness, xorKeyCandidates } from './xor-decode.ts';
import { decodeLiteralTricks } from './literal-tricks.ts';
import { applyShift, pickShift, shiftCandidates } from './shift-decode.ts';
import { decodeTagCharacters } from './normalise.ts';
import { makeFileView } from './file-view.ts';

export interface DecodeLimits {
  /** Decoding levels: 1 decodes blobs of the files, 2 also blobs found inside decoded text. */
  maxDepth: number;
  /** Longest blob decoded (characters); a longer blob is decoded up to this length. */
  maxBlobChars: number;
  /** Payloads kept per file (first ones in file order). */
  maxPayloadsPerFile: number;
  /** Decoded characters kept per file, all payloads together. */
  maxDecodedCharsPerFile: number;
}

export const DEFAULT_DECODE_LIMITS: DecodeLimits = {
  maxDepth: 2,
  maxBlobChars: 256 * 1024,
  maxPayloadsPerFile: 64,
  maxDecodedCharsPerFile: 1024 * 1024,
};

/** Decoded text must be at least this long to be worth a rescan. */
const MIN_DECODED_CHARS = 12;

export interface EncodedPayload {
  /** How it was encoded: "base64", "hex", "escaped bytes", "tag characters", ... */
  encoding: string;
  /** Offset of the blob in the file's `text` (for tag characters: the text offset of the same place). */
  index: number;
  line: number;
  column: number;
  decoded: string;
}

/** Where a decoded view came from: the blob's place in a real file of the skill. */
export interface DecodedOrigin {
  root: FileView;
  index: number;
  line: number;
  column: number;
  /** "base64", or "base64 > hex" for a blob inside a decoded blob. */
  encoding: string;
}

export interface DecodedFiles {
  views: FileView[];
  origins: Map<FileView, DecodedOrigin>;
}

// Candidate blobs other than base64: each a repetition of a fixed-shape unit, so matching is linear.
const ESCAPED_HEX_RUN = /(?:\\x[0-9A-Fa-f]{2}){6,}/g;
const UNICODE_ESCAPE_RUN = /(?:\\u[0-9A-Fa-f]{4}){6,}/g;
const OCTAL_ESCAPE_RUN = /(?:\\[0-3][0-7]{2}){6,}/g;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2}){8,}/g;
// No lookbehind (it would be tried at every digit); the start is checked after a match instead.
// A list wrapped over lines keeps its indentation: a line break may bring up to 40 blanks with it.
const CHAR_CODE_LIST = /(?:\d{1,3}[ \t]{0,3},[ \t]{0,3}(?:\r?\n[ \t]{0,40})?){7,}\d{1,3}(?![\w.])/g;
const WORD_OR_DOT = /[\w.]/;
// Byte arrays written in hex (`[0x63, 0x75, 0x72, ...]`), as obfuscators and XOR droppers emit them.
const HEX_CODE_LIST = /(?:0[xX][0-9A-Fa-f]{1,2}[ \t]{0,3},[ \t]{0,3}(?:\r?\n[ \t]{0,40})?){7,}0[xX][0-9A-Fa-f]{1,2}(?![\w.])/g;
const CHR_CONCAT = /(?:chr\(\d{1,3}\)[ \t]{0,3}\+[ \t]{0,3}){5,}chr\(\d{1,3}\)/g;
const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;

const PURE_HEX = /^[0-9A-Fa-f]+$/;

/** Shortest base64 (or hex) run worth decoding: 24 characters, 18 bytes. */
const MIN_BASE64_RUN = 24;
const BASE64_CHAR = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-') BASE64_CHAR[c.charCodeAt(0)] = 1;

function isBase64Char(c: number): boolean {
  return c < 128 && BASE64_CHAR[c] === 1;
}

/**
 * Calls `visit` for every run of at least MIN_BASE64_RUN base64 characters (plus "=" padding).
 * Prose is mostly base64 letters, so a regex would retry at every word; instead only every
 * MIN_BASE64_RUN-th position is probed (a long enough run must cover one) and a hit is widened
 * to its whole run: each character is read about once, usually much less.
 */
function forEachBase64Run(text: string, visit: (start: number, end: number) => boolean): void {
  const n = text.length;
  let k = MIN_BASE64_RUN - 1;
  while (k < n) {
    if (!isBase64Char(text.charCodeAt(k))) {
      k += MIN_BASE64_RUN;
      continue;
    }
    let start = k;
    while (start > 0 && isBase64Char(text.charCodeAt(start - 1))) start--;
    let end = k + 1;
    while (end < n && isBase64Char(text.charCodeAt(end))) end++;
    if (end - start >= MIN_BASE64_RUN) {
      let padded = end;
      while (padded < n && padded - end < 2 && text.charCodeAt(padded) === 61 /* = */) padded++;
      if (!visit(start, padded)) return;
    }
    // The next probe lies at least a full run length past this run's end.
    k = end + MIN_BASE64_RUN;
  }
}

// Data URIs of media: their base64 is an image or font, never instructions.
const MEDIA_DATA_URI = /data:(?:image|font|audio|video)\/[^,;\s]{1,60}(?:;[^,;\s]{1,60}){0,3};base64,$|data:application\/(?:font[^,;\s]{0,40}|x-font[^,;\s]{0,40}|octet-stream|pdf|zip|wasm|vnd\.ms-fontobject)(?:;[^,;\s]{1,60}){0,3};base64,$/;

/** True when a decoded string reads as text: almost all printable, and mostly letters, digits and spaces. */
export function isMostlyText(s: string): boolean {
  if (s.length < MIN_DECODED_CHARS) return false;
  let printable = 0;
  let wordy = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127)) {
      printable++;
      if (c === 32 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) wordy++;
    } else if (c >= 0xa0 && c !== 0xfffd) {
      printable++;
      wordy++;
    }
  }
  return printable >= 0.95 * s.length && wordy >= 0.5 * s.length;
}

const utf8 = new TextDecoder('utf-8');
const utf16le = new TextDecoder('utf-16le');

// PowerShell's -EncodedCommand takes base64 of UTF-16LE text, where each ASCII character is
// followed by a zero byte: read as UTF-8 that is half NULs and never passes as text.
function looksLikeUtf16le(bytes: Uint8Array): boolean {
  const pairs = bytes.length >> 1;
  if (pairs < MIN_DECODED_CHARS) return false;
  let zeroHighBytes = 0;
  for (let i = 1; i < bytes.length; i += 2) if (bytes[i] === 0) zeroHighBytes++;
  return zeroHighBytes >= 0.9 * pairs;
}

function bytesToText(bytes: Uint8Array): string {
  return looksLikeUtf16le(bytes) ? utf16le.decode(bytes.subarray(0, bytes.length & ~1)) : utf8.decode(bytes);
}

// zlib.compress / gzip output wrapped in base64 (`exec(zlib.decompress(b64decode(...)))`) reads as
// noise until inflated. The zlib header is 0x78 plus a check byte; gzip starts 1f 8b 08.
function isCompressed(bytes: Uint8Array): boolean {
  if (bytes.length < 3) return false;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08) return true;
  return bytes[0] === 0x78 && (bytes[0] * 256 + bytes[1]) % 31 === 0 && (bytes[1] & 0x20) === 0;
}

/** Most text one compressed blob may inflate to: a zip bomb stops here instead of filling memory. */
const MAX_INFLATED_BYTES = 1024 * 1024;

function decompress(bytes: Uint8Array): string | undefined {
  try {
    const inflate = bytes[0] === 0x1f ? gunzipSync : inflateSync;
    return bytesToText(inflate(bytes, { maxOutputLength: MAX_INFLATED_BYTES }));
  } catch {
    // Not really compressed, cut short, or larger than the bound: nothing to rescan.
    return undefined;
  }
}

type XorCandidates = NonNullable<ReturnType<typeof xorKeyCandidates>>;

/**
 * Bytes of a blob as text: inflated first when they are zlib or gzip data, else read as UTF-8 (or
 * UTF-16LE); when that is not text and the file XORs values, XORed with the keys it points at.
 */
function bytesToPayload(encoding: string, bytes: Uint8Array, xor: XorCandidates | undefined): { encoding: string; text: string } | undefined {
  if (isCompressed(bytes)) {
    const inflated = decompress(bytes);
    return inflated !== undefined && isMostlyText(inflated) ? { encoding: `${encoding} > ${bytes[0] === 0x1f ? 'gzip' : 'zlib'}`, text: inflated } : undefined;
  }
  const text = bytesToText(bytes);
  const plain = isMostlyText(text) ? { encoding, text } : undefined;
  if (!xor || bytes.length < MIN_DECODED_CHARS) return plain;
  // XORed text often still reads as printable: the key wins only when its result reads more like words.
  const key = pickXorKey(bytes.subarray(0, 64), xor, plain ? wordiness(text.slice(0, 64)) : 0);
  if (!key) return plain;
  const xored = bytesToText(applyXor(bytes, key));
  return isMostlyText(xored) ? { encoding: `${encoding} > xor 0x${Buffer.from(key).toString('hex')}`, text: xored } : plain;
}

function decodeBase64Run(run: string, maxChars: number, xor: XorCandidates | undefined): { encoding: string; text: string } | undefined {
  let body = run.replace(/=+$/, '');
  if (body.length > maxChars) body = body.slice(0, maxChars);
  const hasUrl = /[-_]/.test(body);
  const hasStd = /[+/]/.test(body);
  if (hasUrl && hasStd) return undefined;
  // Hashes and ids are hex; hex-encoded text decodes to text, hashes do not.
  if (PURE_HEX.test(body)) return bytesToPayload('hex', Buffer.from(body.slice(0, body.length & ~1), 'hex'), xor);
  const encoding = hasUrl ? 'base64url' : 'base64';
  const usable = body.length - (body.length % 4 === 1 ? 1 : 0);
  // Check a prefix first: a font or image fails within its first bytes, unless it is compressed
  // or XOR with a key the file names turns it into text.
  const head = Buffer.from(body.slice(0, 64 - (64 % 4)), encoding);
  if (body.length > 64 && !isCompressed(head) && !isMostlyText(bytesToText(head)) && !(xor && pickXorKey(head, xor, 0))) return undefined;
  return bytesToPayload(encoding, Buffer.from(body.slice(0, usable), encoding), xor);
}

function escapedBytes(run: string, width: number, radix: number, prefix: number): Uint8Array {
  const bytes = new Uint8Array(Math.floor(run.length / width));
  let n = 0;
  for (let i = 0; i + width <= run.length; i += width) bytes[n++] = parseInt(run.slice(i + prefix, i + width), radix);
  return bytes.subarray(0, n);
}

function decodeUnicodeEscapes(run: string): string {
  let out = '';
  for (let i = 0; i + 6 <= run.length; i += 6) out += String.fromCharCode(parseInt(run.slice(i + 2, i + 6), 16));
  return out;
}

function percentBytes(run: string): Uint8Array {
  const bytes = new Uint8Array(run.length / 3);
  for (let i = 0, n = 0; i + 3 <= run.length; i += 3) bytes[n++] = parseInt(run.slice(i + 1, i + 3), 16);
  return bytes;
}

/**
 * Character codes as text, shifted when a shift the file applies reads more like words; when that
 * is not text and the file XORs, the codes as XORed bytes.
 */
function decodeCharCodes(run: string, xor: XorCandidates | undefined, shifts: readonly number[]): { encoding: string; text: string } | undefined {
  const numbers = (run.match(/\d{1,3}/g) ?? []).map(Number);
  let text = '';
  for (const n of numbers) text += String.fromCharCode(n);
  if (shifts.length > 0) {
    const shift = pickShift(numbers, shifts, isMostlyText(text) ? wordiness(text.slice(0, 64)) : 0);
    const shifted = shift === undefined ? undefined : applyShift(numbers, shift);
    if (shifted !== undefined && isMostlyText(shifted)) return { encoding: `character codes > shift ${shift! > 0 ? '+' : ''}${shift}`, text: shifted };
  }
  if (!xor || !numbers.every((n) => n < 256)) return { encoding: 'character codes', text };
  return bytesToPayload('character codes', Uint8Array.from(numbers), xor);
}

/** Every blob of one file that decodes to text, in file order, within the limits. */
export function findEncodedPayloads(file: FileView, limits: DecodeLimits = DEFAULT_DECODE_LIMITS): EncodedPayload[] {
  if (file.kind === 'binary') return [];
  const text = file.text;
  const found: EncodedPayload[] = [];
  let decodedChars = 0;
  const full = () => found.length >= limits.maxPayloadsPerFile || decodedChars >= limits.maxDecodedCharsPerFile;
  const add = (encoding: string, index: number, decoded: string | undefined) => {
    if (decoded === undefined || !isMostlyText(decoded) || full()) return;
    const room = limits.maxDecodedCharsPerFile - decodedChars;
    const kept = decoded.length > room ? decoded.slice(0, room) : decoded;
    decodedChars += kept.length;
    const { line, column } = file.position(index);
    found.push({ encoding, index, line, column, decoded: kept });
  };
  const scan = (re: RegExp, decode: (run: string, index: number) => { encoding: string; text: string } | undefined) => {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while (!full() && (m = re.exec(text)) !== null) {
      const run = m[0].length > limits.maxBlobChars ? m[0].slice(0, limits.maxBlobChars) : m[0];
      const result = decode(run, m.index);
      if (result) add(result.encoding, m.index, result.text);
    }
  };

  // Decoders live in code: prose and data files are not searched for XOR keys.
  const xor = file.kind === 'script' ? xorKeyCandidates(text) : undefined;
  const shifts = file.kind === 'script' && text.includes(',') ? shiftCandidates(text) : [];
  forEachBase64Run(text, (start, end) => {
    if (text.charCodeAt(start - 1) === 44 /* , */ && MEDIA_DATA_URI.test(text.slice(Math.max(0, start - 160), start))) return true;
    const result = decodeBase64Run(text.slice(start, Math.min(end, start + limits.maxBlobChars)), limits.maxBlobChars, xor);
    if (result) add(result.encoding, start, result.text);
    return !full();
  });
  if (text.includes('\\x')) scan(ESCAPED_HEX_RUN, (run) => bytesToPayload('escaped bytes', escapedBytes(run, 4, 16, 2), xor));
  if (text.includes('\\u')) scan(UNICODE_ESCAPE_RUN, (run) => ({ encoding: 'unicode escapes', text: decodeUnicodeEscapes(run) }));
  if (/\\[0-3][0-7]{2}/.test(text)) scan(OCTAL_ESCAPE_RUN, (run) => bytesToPayload('octal escapes', escapedBytes(run, 4, 8, 1), xor));
  if (text.includes('%')) scan(PERCENT_RUN, (run) => bytesToPayload('percent-encoding', percentBytes(run), xor));
  if (text.includes(',')) {
    scan(CHAR_CODE_LIST, (run, index) => (index > 0 && WORD_OR_DOT.test(text[index - 1]) ? undefined : decodeCharCodes(run, xor, shifts)));
  }
  if (text.includes('0x') || text.includes('0X')) {
    scan(HEX_CODE_LIST, (run) => bytesToPayload('character codes', Uint8Array.from(run.match(/0[xX][0-9A-Fa-f]{1,2}/g) ?? [], (h) => parseInt(h, 16)), xor));
  }
  if (text.includes('chr(')) scan(CHR_CONCAT, (run) => decodeCharCodes(run.replace(/chr\(/g, ','), xor, shifts));
  if (file.raw.includes('\uDB40')) findTagRuns(file, add, full);
  decodeLiteralTricks(text, file.kind === 'script', add, full);

  found.sort((a, b) => a.index - b.index);
  return found;
}

/**
 * Tag characters live only in `raw` (normalisation removes them); report them on the same line.
 * Line ends are looked up once per line, and the search stops once the file's payloads are full:
 * a long line of flag emoji would otherwise cost a search to the line's end per run.
 */
function findTagRuns(file: FileView, add: (encoding: string, index: number, decoded: string) => void, full: () => boolean): void {
  const raw = file.raw;
  const text = file.text;
  const lineEndIn = (s: string, from: number) => {
    const nl = s.indexOf('\n', from);
    return nl < 0 ? s.length : nl;
  };
  let rawLineStart = 0;
  let rawLineEnd = lineEndIn(raw, 0);
  let textLineStart = 0;
  let textLineEnd = lineEndIn(text, 0);
  TAG_RUN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (!full() && (m = TAG_RUN.exec(raw)) !== null) {
    // Advance line counters in both texts to the run's line (line breaks are kept by normalisation).
    while (rawLineEnd < m.index) {
      rawLineStart = rawLineEnd + 1;
      rawLineEnd = lineEndIn(raw, rawLineStart);
      textLineStart = Math.min(textLineEnd + 1, text.length);
      textLineEnd = lineEndIn(text, textLineStart);
    }
    const column = Math.min(m.index - rawLineStart, textLineEnd - textLineStart);
    add('tag characters', textLineStart + column, decodeTagCharacters(m[0]));
  }
}

// A decoded payload is read both as code and as prose, since either can carry the attack:
// `curl ... | sh` is a script, "ignore your instructions and ..." is prose.
function scriptExtension(text: string): string {
  if (/^#!.*\bpython|\bimport\s+\w|\bdef\s+\w+\(|__import__|\bos\.(?:system|popen)|\bsubprocess\./m.test(text)) return 'py';
  if (/\brequire\(|\bchild_process\b|=>|\bfunction\s*\(|\bprocess\.env\b|\bconst\s+\w/.test(text)) return 'js';
  if (/\bInvoke-\w+|\bIEX\b|\$env:|New-Object\s/i.test(text)) return 'ps1';
  return 'sh';
}

/**
 * Decodes the hidden payloads of a skill's files into extra views (a script view and a markdown
 * view per payload) and records where each came from, so findings on them map back to the blob.
 */
export function decodeHiddenPayloads(
  files: readonly FileView[],
  folder: string,
  limits: DecodeLimits = DEFAULT_DECODE_LIMITS,
): DecodedFiles {
  const views: FileView[] = [];
  const origins = new Map<FileView, DecodedOrigin>();
  let serial = 0;
  const expand = (source: FileView, root: FileView, base: DecodedOrigin | undefined, depth: number) => {
    for (const payload of findEncodedPayloads(source, limits)) {
      const origin: DecodedOrigin = base
        ? { ...base, encoding: `${base.encoding} > ${payload.encoding}` }
        : { root, index: payload.index, line: payload.line, column: payload.column, encoding: payload.encoding };
      const stem = `${root.path}#decoded-${++serial}`;
      const script = makeFileView(`${stem}.${scriptExtension(payload.decoded)}`, payload.decoded, folder);
      const prose = makeFileView(`${stem}.md`, payload.decoded, folder);
      for (const view of [script, prose]) {
        views.push(view);
        origins.set(view, origin);
      }
      if (depth < limits.maxDepth) expand(script, root, origin, depth + 1);
    }
  };
  for (const file of files) if (file.kind !== 'binary') expand(file, file, undefined, 1);
  return { views, origins };
}
