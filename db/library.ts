// A key's library of saved directory skills (migration 007): list, add, remove. Listed skills are
// the same records as GET /api/v1/skills returns for the key's tier, plus when they were added.
import type pg from 'pg';
import type { Tier } from '../lib/tiers.ts';
import { JSON_BY_TIER } from './skills.ts';

export interface LibraryPage {
  totalCount: number;
  /** Skill records of the tier, each with `addedAt`, newest first. */
  items: Record<string, unknown>[];
}

const ADDED_AT = `to_char(l.added_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function listLibrary(pool: pg.Pool, keyId: number, tier: Tier, page: { limit: number; offset: number }): Promise<LibraryPage> {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM library_entries WHERE key_id = $1)::int AS "totalCount",
            COALESCE((SELECT json_agg(p.item) FROM (
              SELECT (${JSON_BY_TIER[tier]})::jsonb || jsonb_build_object('addedAt', ${ADDED_AT}) AS item
                FROM library_entries l JOIN skills s ON s.id = l.skill_id
               WHERE l.key_id = $1
               ORDER BY l.added_at DESC, l.skill_id DESC LIMIT $2 OFFSET $3) p), '[]'::json) AS items`,
    [keyId, page.limit, page.offset],
  );
  return rows[0];
}

export type AddOutcome =
  | { status: 'added' | 'present'; item: Record<string, unknown> }
  | { status: 'unknown-skill' };

/** Adds the skill with this slug, saying whether it was added, already there, or unknown. */
export async function addToLibrary(pool: pg.Pool, keyId: number, tier: Tier, slug: string): Promise<AddOutcome> {
  const { rows } = await pool.query(
    `WITH s AS (SELECT id FROM skills WHERE slug = $2),
          inserted AS (
            INSERT INTO library_entries (key_id, skill_id) SELECT $1, id FROM s
            ON CONFLICT (key_id, skill_id) DO NOTHING RETURNING skill_id)
     SELECT (SELECT id FROM s) AS "skillId", (SELECT count(*) FROM inserted)::int AS inserted`,
    [keyId, slug],
  );
  const { skillId, inserted } = rows[0];
  if (skillId === null) return { status: 'unknown-skill' };
  // A separate statement, so an entry a concurrent add committed meanwhile is seen.
  const entry = await pool.query(
    `SELECT (${JSON_BY_TIER[tier]})::jsonb || jsonb_build_object('addedAt', ${ADDED_AT}) AS item
       FROM library_entries l JOIN skills s ON s.id = l.skill_id
      WHERE l.key_id = $1 AND l.skill_id = $2`,
    [keyId, skillId],
  );
  return { status: inserted === 1 ? 'added' : 'present', item: entry.rows[0]?.item ?? { slug } };
}

/** Removes the skill with this slug; false when it was not in the library. */
export async function removeFromLibrary(pool: pg.Pool, keyId: number, slug: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `DELETE FROM library_entries l USING skills s WHERE l.key_id = $1 AND l.skill_id = s.id AND s.slug = $2`,
    [keyId, slug],
  );
  return rowCount === 1;
}
