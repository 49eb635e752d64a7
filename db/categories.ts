// Categories with the number of skills in each.
import type pg from 'pg';

export interface CategoryRow {
  slug: string;
  name: string;
  description: string;
  skillCount: number;
}

export async function listCategories(pool: pg.Pool): Promise<CategoryRow[]> {
  const { rows } = await pool.query(
    `SELECT c.slug, c.name, c.description,
            COALESCE((SELECT sum(k.n) FROM skill_counts k WHERE k.category = c.slug), 0)::int AS "skillCount"
       FROM categories c ORDER BY c.name`,
  );
  return rows;
}

export async function upsertCategories(pool: pg.Pool, categories: { slug: string; name: string; description: string }[]): Promise<void> {
  if (categories.length === 0) return;
  await pool.query(
    `INSERT INTO categories (slug, name, description)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS c(slug text, name text, description text)
     ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`,
    [JSON.stringify(categories)],
  );
}
