// XOR is the cheapest cipher a dropper can carry: `bytes(b ^ 0x5a for b in b64decode(BLOB))` or
// `codes.map(c => String.fromCharCode(c ^ key[i % key.length]))`. A blob that does not read as text
// is tried against the keys the same file names next to an XOR operator (numbers, or names bound
// to a number or a short string), and, when the code XORs with something it does not spell out,
// against every single-byte key. Only a file that XORs at all is tried, each key first on the
// blob's head, so the cost is bounded by keys x 64 bytes per blob plus one full pass for a winner.

// Operand after the operator (`^ 0x5a`, `^ key[i % n]`, `-bxor $k`) or before it (`key ^ b`).
const XOR_OPERATOR = /(?:\^=?|\bxor\b|-bxor)[ \t]{0,8}\(?[ \t]{0,8}\$?(0x[0-9A-Fa-f]{1,2}\b|\d{1,3}\b|[A-Za-z_][\w$]{0,40})|([A-Za-z_][\w$]{0,40}|0x[0-9A-Fa-f]{1,2}\b|\d{1,3}\b)(?:\[[^\]\n]{0,40}\])?[ \t]{0,8}(?=\^(?!=))/g;
const KEYWORDS = new Set(['for', 'in', 'if', 'and', 'or', 'not', 'return', 'let', 'const', 'var', 'new', 'this', 'self', 'len', 'ord', 'chr']);
const MAX_KEYS = 24;
/** Names looked up (one search of the file each): hash code XORs many, a payload decoder few. */
const MAX_NAMES = 16;
const HEAD_BYTES = 64;

/** True when the text applies an XOR operator to something (a number or a name). */
export function xorsValues(text: string): boolean {
  if (!text.includes('^') && !/xor/i.test(text)) return false;
  XOR_OPERATOR.lastIndex = 0;
  return XOR_OPERATOR.test(text);
}

function numberKey(spelled: string): Uint8Array | undefined {
  const n = spelled.startsWith('0x') || spelled.startsWith('0X') ? parseInt(spelled, 16) : Number(spelled);
  return Number.isInteger(n) && n > 0 && n < 256 ? Uint8Array.of(n) : undefined;
}

/**
 * The keys a file's XOR expressions point at: literal numbers beside the operator, and what the
 * names beside it are bound to (`KEY = 0x37`, `key = b"s3cr3t"`, `const k = "abc"`). An empty
 * list with `opaque` true means the code XORs with something unnamed here: try every byte.
 */
export function xorKeyCandidates(text: string): { keys: Uint8Array[]; opaque: boolean } {
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
  XOR_OPERATOR.lastIndex = 0;
  for (const m of text.matchAll(XOR_OPERATOR)) {
    const operand = m[1] ?? m[2];
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

function xorWith(bytes: Uint8Array, key: Uint8Array, length: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) out[i] = bytes[i] ^ key[i % key.length];
  return out;
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
 * The blob XORed with a key: the first key the file names that turns it into text, else (when the
 * code XORs with something it does not spell out) the single byte whose head reads most like text.
 * Either must read more like text than `baseline` (the blob as it is, 0 when that is not text).
 */
export function xorToText(
  bytes: Uint8Array,
  candidates: { keys: Uint8Array[]; opaque: boolean },
  toText: (bytes: Uint8Array) => string,
  isText: (s: string) => boolean,
  baseline: number,
): { key: Uint8Array; text: string } | undefined {
  const head = Math.min(bytes.length, HEAD_BYTES);
  const full = (key: Uint8Array) => {
    const text = toText(xorWith(bytes, key, bytes.length));
    return isText(text) ? { key, text } : undefined;
  };
  for (const key of candidates.keys) {
    const text = toText(xorWith(bytes, key, head));
    if (!isText(text) || wordiness(text) <= baseline) continue;
    const hit = full(key);
    if (hit) return hit;
  }
  if (!candidates.opaque) return undefined;
  let best: Uint8Array | undefined;
  let bestScore = baseline;
  for (let k = 1; k < 256; k++) {
    const key = Uint8Array.of(k);
    const text = toText(xorWith(bytes, key, head));
    const score = isText(text) ? wordiness(text) : 0;
    if (score > bestScore) {
      best = key;
      bestScore = score;
    }
  }
  return best ? full(best) : undefined;
}
