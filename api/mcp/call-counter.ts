// Counting tool calls against the daily limit. Every tools/call that reaches a tool counts once,
// with the same conditional upsert as REST requests (db/keys.ts findKeyAndCountRequest): a call
// over the limit is refused before the tool runs. Other protocol messages (initialize,
// tools/list, ping, notifications) are free. The X-RateLimit headers of the HTTP response follow
// the count; a batch of several calls reports the lowest remaining figure.
import type { Response } from 'express';
import type pg from 'pg';
import { DAILY_LIMITS } from '../../lib/tiers.ts';
import { nextUtcMidnight } from '../../lib/utc-day.ts';
import { findKeyAndCountRequest } from '../../db/keys.ts';
import { assertUsableKey, limitReached, setLimitHeaders } from '../key-checks.ts';
import type { McpKey } from './authenticate-key.ts';

/** Counts one tool call; throws RATE_LIMIT_EXCEEDED (or INVALID_API_KEY for a key revoked meanwhile). */
export type CountToolCall = () => Promise<void>;

export function createCallCounter(pool: pg.Pool, key: McpKey, res: Response): CountToolCall {
  let lowestRemaining = key.remaining;
  return async () => {
    const row = await findKeyAndCountRequest(pool, key.prefix, key.hash, DAILY_LIMITS);
    assertUsableKey(row);
    const counted = row.requestsToday !== null;
    lowestRemaining = Math.min(lowestRemaining, counted ? key.limit - row.requestsToday! : 0);
    const state = { tier: key.tier, limit: key.limit, remaining: lowestRemaining, resetAt: nextUtcMidnight(row.now) };
    setLimitHeaders(res, state);
    if (!counted) throw limitReached(res, state, row.now);
  };
}
