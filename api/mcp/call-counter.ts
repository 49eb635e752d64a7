// Counting tool calls against the daily limit. Every tools/call that reaches a tool counts once,
// with the same conditional upsert as REST requests (db/keys.ts findKeyAndCountRequest): a call
// over the limit is refused before the tool runs. Other protocol messages (initialize,
// tools/list, ping, notifications) are free. The X-RateLimit headers of the HTTP response follow
// the count; a batch of several calls reports the lowest remaining figure.
import type { Response } from 'express';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { DAILY_LIMITS } from '../../lib/tiers.ts';
import { nextUtcMidnight } from '../../lib/utc-day.ts';
import { findKeyAndCountRequest } from '../../db/keys.ts';
import type { McpKey } from './authenticate-key.ts';

export interface LimitState {
  tier: string;
  limit: number;
  remaining: number;
  resetAt: Date;
}

export function setLimitHeaders(res: Response, state: LimitState): void {
  if (res.headersSent) return;
  res.setHeader('X-RateLimit-Limit', String(state.limit));
  res.setHeader('X-RateLimit-Remaining', String(state.remaining));
  res.setHeader('X-RateLimit-Tier', state.tier);
  res.setHeader('X-RateLimit-Reset', String(Math.floor(state.resetAt.getTime() / 1000)));
}

/** Counts one tool call; throws RATE_LIMIT_EXCEEDED (or INVALID_API_KEY for a key revoked meanwhile). */
export type CountToolCall = () => Promise<void>;

export function createCallCounter(pool: pg.Pool, key: McpKey, res: Response): CountToolCall {
  let lowestRemaining = key.remaining;
  return async () => {
    const row = await findKeyAndCountRequest(pool, key.prefix, key.hash, DAILY_LIMITS);
    if (!row || row.status !== 'active' || row.expired) {
      throw new AppError('INVALID_API_KEY', 'The API key is invalid, revoked or expired');
    }
    const resetAt = nextUtcMidnight(row.now);
    const counted = row.requestsToday !== null;
    lowestRemaining = Math.min(lowestRemaining, counted ? key.limit - row.requestsToday! : 0);
    setLimitHeaders(res, { tier: key.tier, limit: key.limit, remaining: lowestRemaining, resetAt });
    if (!counted) {
      const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - row.now.getTime()) / 1000));
      if (!res.headersSent) res.setHeader('Retry-After', String(retryAfter));
      throw new AppError(
        'RATE_LIMIT_EXCEEDED',
        `Daily limit of ${key.limit} requests for the ${key.tier} tier reached; it resets at ${resetAt.toISOString()}`,
        { resetAt: resetAt.toISOString(), retryAfterSeconds: retryAfter },
      );
    }
  };
}
