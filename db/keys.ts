// API key rows: create, list, revoke, and the combined look-up-and-count the limiter uses.
import type pg from 'pg';
import type { Tier } from '../lib/tiers.ts';
import { statement } from './capabilities.ts';

export interface KeyRow {
  id: number;
  prefix: string;
  name: string;
  tier: Tier;
  status: 'active' | 'revoked';
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export async function insertKey(
  pool: pg.Pool,
  key: { prefix: string; name: string; tier: Tier; hash: Buffer; expiresAt: Date | null },
): Promise<KeyRow> {
  const { rows } = await pool.query(
    `INSERT INTO api_keys (prefix, name, tier, key_hash, expires_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, prefix, name, tier, status, created_at AS "createdAt", expires_at AS "expiresAt", NULL::timestamptz AS "lastUsedAt"`,
    [key.prefix, key.name, key.tier, key.hash, key.expiresAt],
  );
  return rows[0];
}

export async function listKeys(pool: pg.Pool): Promise<KeyRow[]> {
  const { rows } = await pool.query(
    `SELECT k.id, k.prefix, k.name, k.tier, k.status, k.created_at AS "createdAt", k.expires_at AS "expiresAt",
            (SELECT max(u.last_request_at) FROM api_usage u WHERE u.key_id = k.id) AS "lastUsedAt"
       FROM api_keys k ORDER BY k.created_at, k.id`,
  );
  return rows;
}

/** Revokes the key with this prefix; false when no active key has it. */
export async function revokeKey(pool: pg.Pool, prefix: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE api_keys SET status = 'revoked', revoked_at = now() WHERE prefix = $1 AND status = 'active'`,
    [prefix],
  );
  return rowCount === 1;
}

export interface AuthenticatedRequest {
  keyId: number;
  prefix: string;
  name: string;
  tier: Tier;
  status: 'active' | 'revoked';
  keyHash: Buffer;
  expired: boolean;
  createdAt: Date;
  /** Requests counted today including this one; null when the request was not counted (over the limit or not a valid key). */
  requestsToday: number | null;
  /** The UTC day the database counted against. */
  day: string;
  /** Database time of the request, so resets are computed on the database's clock. */
  now: Date;
}

// One round trip both finds the key and counts the request. The upsert only happens when the hash
// matches an active, unexpired key, and its conditional DO UPDATE refuses to go past the tier's
// limit: the row lock serialises concurrent requests of one key, so the count is exact. The hash is
// also compared in constant time by the caller; the database comparison only gates the count.
const COUNT_REQUEST_SQL = `
WITH k AS (
  SELECT id, prefix, name, tier, status, key_hash, created_at, expires_at,
         (expires_at IS NOT NULL AND expires_at <= now()) AS expired
    FROM api_keys WHERE prefix = $1
), valid AS (
  SELECT id, ($3::jsonb ->> tier)::int AS daily_limit FROM k
   WHERE key_hash = $2 AND status = 'active' AND NOT expired
), counted AS (
  INSERT INTO api_usage AS u (key_id, day, requests, last_request_at)
  SELECT id, (now() AT TIME ZONE 'UTC')::date, 1, now() FROM valid
  ON CONFLICT (key_id, day) DO UPDATE SET requests = u.requests + 1, last_request_at = now()
   WHERE u.requests < (SELECT daily_limit FROM valid)
  RETURNING requests
)
SELECT k.id AS "keyId", k.prefix, k.name, k.tier, k.status, k.key_hash AS "keyHash", k.expired,
       k.created_at AS "createdAt", (SELECT requests FROM counted) AS "requestsToday",
       to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, now() AS now
  FROM k`;

export async function findKeyAndCountRequest(
  pool: pg.Pool,
  prefix: string,
  hash: Buffer,
  dailyLimits: Readonly<Record<Tier, number>>,
): Promise<AuthenticatedRequest | null> {
  const { rows } = await pool.query(
    statement(pool, 'skillgate_count_request', COUNT_REQUEST_SQL, [prefix, hash, JSON.stringify(dailyLimits)]),
  );
  return rows[0] ?? null;
}

export interface FoundKey {
  keyId: number;
  prefix: string;
  name: string;
  tier: Tier;
  status: 'active' | 'revoked';
  keyHash: Buffer;
  expired: boolean;
  createdAt: Date;
  /** Requests counted today so far; this look-up does not count one. */
  requestsToday: number;
  /** Database time of the look-up, so resets are computed on the database's clock. */
  now: Date;
}

// The key and today's count, without counting: the tool server authenticates every HTTP request
// this way and counts only tool calls (findKeyAndCountRequest, once per call).
const FIND_KEY_SQL = `
SELECT k.id AS "keyId", k.prefix, k.name, k.tier, k.status, k.key_hash AS "keyHash",
       (k.expires_at IS NOT NULL AND k.expires_at <= now()) AS expired, k.created_at AS "createdAt",
       COALESCE(u.requests, 0) AS "requestsToday", now() AS now
  FROM api_keys k
  LEFT JOIN api_usage u ON u.key_id = k.id AND u.day = (now() AT TIME ZONE 'UTC')::date
 WHERE k.prefix = $1`;

export async function findKey(pool: pg.Pool, prefix: string): Promise<FoundKey | null> {
  const { rows } = await pool.query(statement(pool, 'skillgate_find_key', FIND_KEY_SQL, [prefix]));
  return rows[0] ?? null;
}
