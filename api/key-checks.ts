// The checks the REST middleware and the tool server both make on an API key: which key a
// request carries, whether a looked-up key may be used, the X-RateLimit headers, and the refusal
// once the daily limit is reached. One place, so the two surfaces answer alike.
import type { Request, Response } from 'express';
import { AppError } from '../lib/errors.ts';
import { hashesEqual, hashKey, keyPrefix } from '../lib/api-keys.ts';

const INVALID = 'The API key is invalid, revoked or expired';

/** The key a request carries, or undefined when it carries none. Authorization wins over x-api-key. */
export function presentedKey(req: Request): string | undefined {
  const authorization = req.get('authorization');
  if (authorization) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (m) return m[1];
  }
  const header = req.get('x-api-key')?.trim();
  return header || undefined;
}

export interface PresentedCredentials {
  prefix: string;
  hash: Buffer;
}

/** The prefix and hash of the request's key; MISSING_API_KEY or INVALID_API_KEY otherwise. */
export function presentedCredentials(req: Request): PresentedCredentials {
  const key = presentedKey(req);
  if (!key) {
    throw new AppError('MISSING_API_KEY', 'An API key is required: send it as "Authorization: Bearer <key>" or "x-api-key: <key>"');
  }
  const prefix = keyPrefix(key);
  if (!prefix) throw new AppError('INVALID_API_KEY', INVALID);
  return { prefix, hash: hashKey(key) };
}

interface LookedUpKey {
  keyHash: Buffer;
  status: 'active' | 'revoked';
  expired: boolean;
}

/**
 * Throws INVALID_API_KEY unless the row is an active, unexpired key. With `hash`, the presented
 * key's hash must also equal the stored one (compared in constant time).
 */
export function assertUsableKey<T extends LookedUpKey>(row: T | null | undefined, hash?: Buffer): asserts row is T {
  if (!row || (hash && !hashesEqual(row.keyHash, hash)) || row.status !== 'active' || row.expired) {
    throw new AppError('INVALID_API_KEY', INVALID);
  }
}

export interface LimitState {
  tier: string;
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** X-RateLimit-Limit, -Remaining, -Tier and -Reset (seconds since the epoch). */
export function setLimitHeaders(res: Response, state: LimitState): void {
  if (res.headersSent) return;
  res.setHeader('X-RateLimit-Limit', String(state.limit));
  res.setHeader('X-RateLimit-Remaining', String(state.remaining));
  res.setHeader('X-RateLimit-Tier', state.tier);
  res.setHeader('X-RateLimit-Reset', String(Math.floor(state.resetAt.getTime() / 1000)));
}

/** The 429 for a key whose day is used up; sets Retry-After (seconds until `resetAt`, at least 1). */
export function limitReached(res: Response, state: LimitState, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((state.resetAt.getTime() - now.getTime()) / 1000));
  if (!res.headersSent) res.setHeader('Retry-After', String(retryAfter));
  return new AppError(
    'RATE_LIMIT_EXCEEDED',
    `Daily limit of ${state.limit} requests for the ${state.tier} tier reached; it resets at ${state.resetAt.toISOString()}`,
    { resetAt: state.resetAt.toISOString(), retryAfterSeconds: retryAfter },
  );
}
