// Who calls the tool server: the key in `Authorization: Bearer <key>` (or `x-api-key`, as on the
// REST API), checked without counting a request, because on /api/mcp only tool calls count.
// Pro and Enterprise keys only; everything here happens before any protocol message is read.
import type { Request } from 'express';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { DAILY_LIMITS, tierAtLeast } from '../../lib/tiers.ts';
import { nextUtcMidnight } from '../../lib/utc-day.ts';
import { findKey } from '../../db/keys.ts';
import { assertUsableKey, presentedCredentials } from '../key-checks.ts';
import type { KeyContext } from '../context.ts';

export interface McpKey extends KeyContext {
  /** The hash of the presented key: each tool call is counted with it (findKeyAndCountRequest). */
  hash: Buffer;
  /** Database time of the look-up. */
  now: Date;
}

export async function authenticateMcpKey(pool: pg.Pool, req: Request): Promise<McpKey> {
  const { prefix, hash } = presentedCredentials(req);
  const row = await findKey(pool, prefix);
  assertUsableKey(row, hash);
  const limit = DAILY_LIMITS[row.tier];
  return {
    keyId: row.keyId,
    prefix: row.prefix,
    name: row.name,
    tier: row.tier,
    createdAt: row.createdAt,
    requestsToday: row.requestsToday,
    hash,
    limit,
    // Requests left today before this HTTP request.
    remaining: Math.max(0, limit - row.requestsToday),
    resetAt: nextUtcMidnight(row.now),
    now: row.now,
  };
}

/** Refuses Free keys: the tool server is for Pro and Enterprise (api-spec 4.7, 5.3). */
export function requireToolTier(key: McpKey): void {
  if (!tierAtLeast(key.tier, 'pro')) {
    throw new AppError('TIER_RESTRICTED', `The tool server at /api/mcp needs a Pro or Enterprise key; this key is ${key.tier}`);
  }
}
