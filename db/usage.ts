// Per-day request counts of a key, for the stats endpoint.
import type pg from 'pg';

export async function usageByDay(pool: pg.Pool, keyId: number, fromDay: string): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ day: string; requests: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, requests FROM api_usage WHERE key_id = $1 AND day >= $2::date`,
    [keyId, fromDay],
  );
  return new Map(rows.map((r) => [r.day, r.requests]));
}
