// XOR is the cheapest cipher a dropper can carry: `bytes(b ^ 0x5a for b in b64decode(BLOB))` or
// `codes.map(c => String.fromCharCode(c ^ key[i % key.length]))`. A blob that does not read as text
// is tried against the keys the same file names next to an XOR operator (numbers, or names bound
// to a number or a short string), and, when the code XORs with something it does not spell out,
// against every single-byte key. Only a file that XORs at all is tried, each key first on the
// blob's head, so the cost is bounded by keys x 64 bytes per blob plus one full pass for a winner.

// An XOR sits between two operands: a name or number right before `^` (`c ^ _k`, `b[i]^key[i % n]`)
// and one right after. A regex anchor (`"^abc"`, `[^/]`, `/^\s/`) has a quote, bracket or slash
// before it, so it is not taken for one. PowerShell and Lua spell the operator as a word.
const LEFT_OPERAND = /(?:([A-Za-z_$][\w$]{0,40})|(0x[0-9A-Fa-f]{1,2}|\d{1,3}))(?:\[[^\]\n]{0,40}\])?\)?[ \t]{0,8}$/;
const RIGHT_OPERAND = /^=?[ \t]{0,8}\(?[ \t]{0,8}(0x[0-9A-Fa-f]{1,2}\b|\d{1,3}\b|[A-Za-z_$][\w$]{0,40})/;
const WORD_XOR = /(?:\bbxor\b|\bxor\b|-bxor)[ \t]{0,8}\(?[ \t]{0,8}\$?(0x[0-9A-Fa-f]{1,2}\b|\d{1,3}\b|[A-Za-z_][\w$]{0,40})/gi;
const KEYWORDS = new Set(['for', 'in', 'if', 'and', 'or', 'not', 'return', 'let', 'const', 'var', 'new', 'this', 'self', 'len', 'ord', 'chr']);
const MAX_KEYS = 24;
/** Names looked up (one search of the file each): hash code XORs many, a payload decoder few. */
const MAX_NAMES = 16;
/** Carets looked at per file: enough for any decoder, bounded for a file of them. */
const MAX_CARETS = 400;
const HEAD_BYTES = 64;

/** The operands of the file's XOR expressions, in file order. */
function xorOperands(text: string): string[] {
  const operands: string[] = [];
  let seen = 0;
  for (let at = text.indexOf('^'); at >= 0 && seen < MAX_CARETS; at = text.indexOf('^', at + 1), seen++) {
    const left = LEFT_OPERAND.exec(text.slice(Math.max(0, at - 60), at));
    if (!left) continue;
    const right = RIGHT_OPERAND.exec(text.slice(at + 1, at + 70));
    if (!right) continue;
    operands.push(left[1] ?? left[2], right[1]);
  }
  if (/xor/i.test(text)) for (const m of text.matchAll(WORD_XOR)) operands.push(m[1]);
  return operands;
}

function numberKey(spelled: string): Uint8Array | undefined {
  const n = spelled.startsWith('0x') || spelled.startsWith('0X') ? parseInt(spelled, 16) : Number(spelled);
  return Number.isInteger(n) && n > 0 && n < 256 ? Uint8Array.of(n) : undefined;
}

/**
 * The keys a file's XOR expressions point at: literal numbers beside the operator, and what the
 * names beside it are bound to (`KEY = 0x37`, `key = b"s3cr3t"`, `const k = "abc"`). `opaque`
 * true means the code XORs with something unnamed here: try every byte. Undefined when the file
 * XORs nothing.
 */
export function xorKeyCandidates(text: string): { keys: Uint8Array[]; opaque: boolean } | undefined {
  if (!text.includes('^') && !/xor/i.test(text)) return undefined;
  const operands = xorOperands(text);
  if (operands.length === 0) return undefined;
  const keys: Uint8Array[] = [];
  const seen = new Set<string>();
  const add = (key: Uint8Array | undefined) => {
    if (!key || key.length === 0 || keys.length >= MAX_KEYS) return;
    const id = Buffer.from(key).toString('hex');
    if (seen.has(id)) return;
    seen.add(id);
    keys.push(key);
  };
  let opaque = false;
  const names = new Set<string>();
  for (const operand of operands) {
    if (/^(?:0x|\d)/i.test(operand)) add(numberKey(operand));
    else if (!KEYWORDS.has(operand) && names.size < MAX_NAMES) names.add(operand);
  }
  for (const name of names) {
    const bound = new RegExp(String.raw`(?:^|[^\w$.])\$?${name.replace(/\$/g, '\\$')}[ \t]{0,8}[:=][ \t]{0,8}(?:b|bytes\()?[ \t]{0,8}(?:"([^"\n\\]{1,64})"|'([^'\n\\]{1,64})'|(0x[0-9A-Fa-f]{1,2}\b|\d{1,3}\b))`, 'm').exec(text);
    if (!bound) {
      opaque = true;
      continue;
    }
    if (bound[3] !== undefined) add(numberKey(bound[3]));
    else add(Buffer.from(bound[1] ?? bound[2], 'utf8'));
  }
  if (keys.length === 0) opaque = true;
  return { keys, opaque };
}

// Weights of characters by how common they are in scripts and prose: XORed noise can pass as
// printable, but rarely has the spaces and frequent letters of real text.
const WEIGHT = new Float64Array(128);
for (let c = 48; c <= 57; c++) WEIGHT[c] = 0.5;
for (let c = 97; c <= 122; c++) WEIGHT[c] = 0.5;
for (const c of 'etaoinsrhlcdu') WEIGHT[c.charCodeAt(0)] = 1;
WEIGHT[32] = 2;
WEIGHT[10] = 1;

/** How much a string reads like text: weighted share of spaces, frequent letters and digits. */
export function wordiness(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) sum += WEIGHT[c];
  }
  return s.length === 0 ? 0 : sum / s.length;
}

/**
 * Wordiness of `bytes` XORed with `key`, or -1 when the result is not printable ASCII text (the
 * same bar as isMostlyText, read on bytes so that 255 trial keys cost no text decoding).
 */
function xoredWordiness(bytes: Uint8Array, key: Uint8Array, length: number): number {
  let printable = 0;
  let wordy = 0;
  let sum = 0;
  for (let i = 0; i < length; i++) {
    const c = bytes[i] ^ key[i % key.length];
    if (c === 9 || c === 10 || c === 13 || (c >= 32 && c < 127)) {
      printable++;
      if (c === 32 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) wordy++;
      sum += WEIGHT[c];
    }
  }
  if (length === 0 || printable < 0.95 * length || wordy < 0.5 * length) return -1;
  return sum / length;
}

/**
 * The key to undo an XOR with, judged on the blob's head: the first key the file names that
 * turns it into text, else (when the code XORs with something it does not spell out) the single
 * byte whose result reads most like text. Either must read more like text than `baseline` (the
 * blob as it is, 0 when that is not text). Undefined when no key does.
 */
export function pickXorKey(head: Uint8Array, candidates: { keys: Uint8Array[]; opaque: boolean }, baseline: number): Uint8Array | undefined {
  const length = Math.min(head.length, HEAD_BYTES);
  for (const key of candidates.keys) {
    if (xoredWordiness(head, key, length) > baseline) return key;
  }
  if (!candidates.opaque) return undefined;
  let best: Uint8Array | undefined;
  let bestScore = baseline;
  for (let k = 1; k < 256; k++) {
    const key = Uint8Array.of(k);
    const score = xoredWordiness(head, key, length);
    if (score > bestScore) {
      best = key;
      bestScore = score;
    }
  }
  return best;
}

/** The bytes XORed with a repeating key. */
export function applyXor(bytes: Uint8Array, key: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] ^ key[i % key.length];
  return out;
}
