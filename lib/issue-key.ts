// Creates an API key: generates it, stores its hash, and returns the key itself (shown once).
import type pg from 'pg';
import { generateKey } from './api-keys.ts';
import type { Tier } from './tiers.ts';
import { insertKey, type KeyRow } from '../db/keys.ts';

export async function issueKey(
  pool: pg.Pool,
  options: { tier: Tier; name: string; expiresAt?: Date | null },
): Promise<{ key: string; row: KeyRow }> {
  const generated = generateKey();
  const row = await insertKey(pool, {
    prefix: generated.prefix,
    name: options.name,
    tier: options.tier,
    hash: generated.hash,
    expiresAt: options.expiresAt ?? null,
  });
  return { key: generated.key, row };
}
