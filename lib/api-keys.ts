// API keys: "sg_" + 8 lowercase characters of non-secret prefix, "_", then 43 characters of secret
// (32 random bytes, base64url). Only a SHA-256 hash of the whole key is stored; the prefix finds
// the row and the hash is compared in constant time. High-entropy keys need no slow hash.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_FORMAT = /^(sg_[a-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export interface NewKey {
  key: string;
  prefix: string;
  hash: Buffer;
}

export function hashKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

export function generateKey(): NewKey {
  const bytes = randomBytes(8);
  let prefix = 'sg_';
  for (const b of bytes) prefix += PREFIX_ALPHABET[b % PREFIX_ALPHABET.length];
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashKey(key) };
}

/** The prefix of a well-formed key, or null for anything else. */
export function keyPrefix(key: string): string | null {
  const m = KEY_FORMAT.exec(key);
  return m ? m[1] : null;
}

export function hashesEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** "30d", "12h", "90m" -> milliseconds; null for anything else. */
export function parseDuration(text: string): number | null {
  const m = /^(\d{1,6})([dhm])$/.exec(text.trim());
  if (!m) return null;
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[m[2] as 'd' | 'h' | 'm'];
  return Number(m[1]) * unit;
}
