// Who calls the tool server: the key in `Authorization: Bearer <key>` (or `x-api-key`, as on the
// REST API), checked without counting a request, because on /api/mcp only tool calls count.
// Pro and Enterprise keys only; everything here happens before any protocol message is read.
import type { Request } from 'express';
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import { hashesEqual, hashKey, keyPrefix } from '../../lib/api-keys.ts';
import { DAILY_LIMITS, tierAtLeast, type Tier } from '../../lib/tiers.ts';
import { nextUtcMidnight } from '../../lib/utc-day.ts';
import { findKey } from '../../db/keys.ts';
import { presentedKey } from '../middleware/authenticate.ts';

export interface McpKey {
  keyId: number;
  prefix: string;
  name: string;
  tier: Tier;
  createdAt: Date;
  requestsToday: number;
  /** The hash of the presented key: each tool call is counted with it (findKeyAndCountRequest). */
  hash: Buffer;
  limit: number;
  /** Requests left today before this HTTP request. */
  remaining: number;
  resetAt: Date;
  /** Database time of the look-up. */
  now: Date;
}

const INVALID = 'The API key is invalid, revoked or expired';

export async function authenticateMcpKey(pool: pg.Pool, req: Request): Promise<McpKey> {
  const key = presentedKey(req);
  if (!key) throw new AppError('MISSING_API_KEY', 'An API key is required: send it as "Authorization: Bearer <key>"');
  const prefix = keyPrefix(key);
  if (!prefix) throw new AppError('INVALID_API_KEY', INVALID);
  const hash = hashKey(key);
  const row = await findKey(pool, prefix);
  if (!row || !hashesEqual(row.keyHash, hash) || row.status !== 'active' || row.expired) {
    throw new AppError('INVALID_API_KEY', INVALID);
  }
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
