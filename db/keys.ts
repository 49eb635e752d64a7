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

/** An API key row as the limiter and the tool server read it. */
export interface KeyRecord {
  keyId: number;
  prefix: string;
  name: string;
  tier: Tier;
  status: 'active' | 'revoked';
  keyHash: Buffer;
  expired: boolean;
  createdAt: Date;
}

export interface AuthenticatedRequest extends KeyRecord {
  /** Requests counted today including this one; null when the request was not counted (over the limit or not a valid key). */
  requestsToday: number | null;
  /** The UTC day the database counted against. */
  day: string;
  /** Database time of the request, so resets are computed on the database's clock. */
  now: Date;
  /** The directory's version (migration 009) as this statement saw it. */
  directoryVersion: string;
}

export interface PresentedKey {
  prefix: string;
  hash: Buffer;
}

// One statement finds the keys of a batch of requests and counts them. A request counts only when
// its hash matches an active, unexpired key. Requests for one key are counted together: the
// conditional upsert adds as many as fit under the tier's limit (none once it is reached: the
// DO UPDATE's WHERE skips the row), and `last_granted` says how many that was. The limit travels
// in the row (`daily_limit`), so that DO UPDATE reads it from EXCLUDED instead of a subquery. The row lock
// serialises concurrent statements for one key, also across API processes, so counts are exact;
// keys are upserted in id order, so two statements never wait on each other's rows crosswise. The
// hash is also compared in constant time by the caller; the database comparison only gates the count.
const COUNT_REQUESTS_SQL = `
WITH k AS (
  SELECT r.ord, a.id, a.prefix, a.name, a.tier, a.status, a.key_hash, a.created_at,
         (a.expires_at IS NOT NULL AND a.expires_at <= now()) AS expired,
         (a.key_hash = r.hash AND a.status = 'active' AND (a.expires_at IS NULL OR a.expires_at > now())) AS valid,
         ($3::jsonb ->> a.tier)::int AS daily_limit
    FROM unnest($1::text[], $2::bytea[]) WITH ORDINALITY AS r (prefix, hash, ord)
    JOIN api_keys a ON a.prefix = r.prefix
), counted AS (
  INSERT INTO api_usage AS u (key_id, day, requests, last_granted, daily_limit, last_request_at)
  SELECT id, (now() AT TIME ZONE 'UTC')::date, least(count(*)::int, daily_limit), least(count(*)::int, daily_limit), daily_limit, now()
    FROM k WHERE valid GROUP BY id, daily_limit ORDER BY id
  ON CONFLICT (key_id, day) DO UPDATE
    SET requests = least(u.requests + EXCLUDED.requests, EXCLUDED.daily_limit),
        last_granted = least(u.requests + EXCLUDED.requests, EXCLUDED.daily_limit) - u.requests,
        daily_limit = EXCLUDED.daily_limit,
        last_request_at = now()
    WHERE u.requests < EXCLUDED.daily_limit
  RETURNING key_id, requests, last_granted
)
SELECT k.ord::int AS ord, k.valid, k.id AS "keyId", k.prefix, k.name, k.tier, k.status, k.key_hash AS "keyHash", k.expired,
       k.created_at AS "createdAt", c.requests AS "countAfter", c.last_granted AS granted,
       to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, now() AS now,
       (SELECT version::text FROM directory_version) AS "directoryVersion"
  FROM k LEFT JOIN counted c ON c.key_id = k.id
 ORDER BY k.ord`;

/**
 * Looks up the keys of several requests and counts them, in one round trip. The answer has one
 * entry per request, in order: null when no key has its prefix.
 */
export async function findKeysAndCountRequests(
  pool: pg.Pool,
  requests: readonly PresentedKey[],
  dailyLimits: Readonly<Record<Tier, number>>,
): Promise<(AuthenticatedRequest | null)[]> {
  const { rows } = await pool.query(
    statement(pool, 'skillgate_count_requests', COUNT_REQUESTS_SQL, [
      requests.map((r) => r.prefix),
      requests.map((r) => r.hash),
      JSON.stringify(dailyLimits),
    ]),
  );
  const answers: (AuthenticatedRequest | null)[] = requests.map(() => null);
  // Of the valid requests for one key, the first `granted` (in request order) were counted.
  const seen = new Map<number, number>();
  for (const row of rows) {
    let requestsToday: number | null = null;
    if (row.valid && row.granted !== null) {
      const position = seen.get(row.keyId) ?? 0;
      seen.set(row.keyId, position + 1);
      if (position < row.granted) requestsToday = row.countAfter - row.granted + position + 1;
    }
    answers[row.ord - 1] = {
      keyId: row.keyId,
      prefix: row.prefix,
      name: row.name,
      tier: row.tier,
      status: row.status,
      keyHash: row.keyHash,
      expired: row.expired,
      createdAt: row.createdAt,
      requestsToday,
      day: row.day,
      now: row.now,
      directoryVersion: row.directoryVersion,
    };
  }
  return answers;
}

/** One request's key and count (findKeysAndCountRequests for a batch of one). */
export async function findKeyAndCountRequest(
  pool: pg.Pool,
  prefix: string,
  hash: Buffer,
  dailyLimits: Readonly<Record<Tier, number>>,
): Promise<AuthenticatedRequest | null> {
  return (await findKeysAndCountRequests(pool, [{ prefix, hash }], dailyLimits))[0];
}

export interface FoundKey extends KeyRecord {
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
