// Authentication and the daily limit, in at most one database round trip per request: the
// RequestCounter batches concurrent requests into one statement (db/keys.ts).
// The key comes from `Authorization: Bearer <key>` or `x-api-key`; when both are sent the
// Authorization header wins. Every request with a valid key is counted, except one refused with 429.
import type { NextFunction, Request, Response } from 'express';
import pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { hashesEqual, hashKey, keyPrefix } from '../../lib/api-keys.ts';
import { DAILY_LIMITS, tierAtLeast } from '../../lib/tiers.ts';
import { nextUtcMidnight } from '../../lib/utc-day.ts';
import { RequestCounter } from '../request-counter.ts';
import type { KeyContext, RequestLocals } from '../context.ts';

/** The key a request carries, or undefined when it carries none. */
export function presentedKey(req: Request): string | undefined {
  const authorization = req.get('authorization');
  if (authorization) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (m) return m[1];
  }
  const header = req.get('x-api-key')?.trim();
  return header || undefined;
}

function setLimitHeaders(res: Response, key: KeyContext): void {
  res.setHeader('X-RateLimit-Limit', String(key.limit));
  res.setHeader('X-RateLimit-Remaining', String(key.remaining));
  res.setHeader('X-RateLimit-Tier', key.tier);
  res.setHeader('X-RateLimit-Reset', String(Math.floor(key.resetAt.getTime() / 1000)));
}

const INVALID = 'The API key is invalid, revoked or expired';

export function authenticate(counterOrPool: RequestCounter | pg.Pool) {
  const counter = counterOrPool instanceof RequestCounter ? counterOrPool : new RequestCounter(counterOrPool, DAILY_LIMITS);
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = presentedKey(req);
    if (!key) {
      throw new AppError('MISSING_API_KEY', 'An API key is required: send it as "Authorization: Bearer <key>" or "x-api-key: <key>"');
    }
    const prefix = keyPrefix(key);
    if (!prefix) throw new AppError('INVALID_API_KEY', INVALID);
    const hash = hashKey(key);
    const row = await counter.count({ prefix, hash });
    if (!row || !hashesEqual(row.keyHash, hash) || row.status !== 'active' || row.expired) {
      throw new AppError('INVALID_API_KEY', INVALID);
    }
    const limit = DAILY_LIMITS[row.tier];
    const counted = row.requestsToday !== null;
    const resetAt = nextUtcMidnight(row.now);
    const context: KeyContext = {
      keyId: row.keyId,
      prefix: row.prefix,
      name: row.name,
      tier: row.tier,
      createdAt: row.createdAt,
      requestsToday: counted ? row.requestsToday! : limit,
      limit,
      remaining: counted ? limit - row.requestsToday! : 0,
      resetAt,
      directoryVersion: row.directoryVersion,
    };
    (res.locals as RequestLocals).key = context;
    setLimitHeaders(res, context);
    if (!counted) {
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil((resetAt.getTime() - row.now.getTime()) / 1000))));
      throw new AppError(
        'RATE_LIMIT_EXCEEDED',
        `Daily limit of ${limit} requests for the ${row.tier} tier reached; it resets at ${resetAt.toISOString()}`,
      );
    }
    next();
  };
}

/** Refuses keys below `tier` with 403 TIER_RESTRICTED. */
export function requireTier(tier: 'pro' | 'enterprise') {
  return (_req: Request, res: Response, next: NextFunction) => {
    const key = (res.locals as RequestLocals).key;
    if (!key || !tierAtLeast(key.tier, tier)) {
      throw new AppError('TIER_RESTRICTED', `This endpoint needs a ${tier === 'pro' ? 'Pro or Enterprise' : 'Enterprise'} key; this key is ${key?.tier ?? 'unknown'}`);
    }
    next();
  };
}
