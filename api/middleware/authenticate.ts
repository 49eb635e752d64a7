// Authentication and the daily limit, in at most one database round trip per request: the
// RequestCounter batches concurrent requests into one statement (db/keys.ts).
// The key comes from `Authorization: Bearer <key>` or `x-api-key`; when both are sent the
// Authorization header wins. Every request with a valid key is counted, except one refused with 429.
import type { NextFunction, Request, Response } from 'express';
import pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { DAILY_LIMITS, tierAtLeast } from '../../lib/tiers.ts';
import { nextUtcMidnight } from '../../lib/utc-day.ts';
import { RequestCounter } from '../request-counter.ts';
import { assertUsableKey, limitReached, presentedCredentials, setLimitHeaders } from '../key-checks.ts';
import type { KeyContext, RequestLocals } from '../context.ts';

export function authenticate(counterOrPool: RequestCounter | pg.Pool) {
  const counter = counterOrPool instanceof RequestCounter ? counterOrPool : new RequestCounter(counterOrPool, DAILY_LIMITS);
  return async (req: Request, res: Response, next: NextFunction) => {
    const presented = presentedCredentials(req);
    const row = await counter.count(presented);
    assertUsableKey(row, presented.hash);
    const limit = DAILY_LIMITS[row.tier];
    const counted = row.requestsToday !== null;
    const context: KeyContext = {
      keyId: row.keyId,
      prefix: row.prefix,
      name: row.name,
      tier: row.tier,
      createdAt: row.createdAt,
      requestsToday: counted ? row.requestsToday! : limit,
      limit,
      remaining: counted ? limit - row.requestsToday! : 0,
      resetAt: nextUtcMidnight(row.now),
      directoryVersion: row.directoryVersion,
    };
    (res.locals as RequestLocals).key = context;
    setLimitHeaders(res, context);
    if (!counted) throw limitReached(res, context, row.now);
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
