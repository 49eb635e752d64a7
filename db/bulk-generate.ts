// Synthetic directory rows in bulk, for benchmarks: `count` skills spread over the categories,
// with a realistic mix of grades (most A or B) and varied names, written by one INSERT ... SELECT.
import type pg from 'pg';

export async function generateSkills(pool: pg.Pool, count: number, options: { slugPrefix?: string } = {}): Promise<void> {
  const prefix = options.slugPrefix ?? 'gen';
  await pool.query(
    `INSERT INTO categories (slug, name, description)
     SELECT 'category-' || i, 'Category ' || i, 'Generated category ' || i FROM generate_series(1, 12) i
     ON CONFLICT (slug) DO NOTHING`,
  );
  await pool.query(
    `WITH words AS (
       SELECT ARRAY['pdf','csv','terraform','docker','react','sql','kubernetes','git','python','image','api','test',
                    'security','markdown','excel','chart','cloud','lint','deploy','search'] AS w
     )
     INSERT INTO skills (slug, name, description, tags, category, author, stars, forks, language, votes, verified,
                         content, content_hash, security_score, security_grade, rules_version, created_at, updated_at)
     SELECT $2 || '-' || i,
            initcap(w[1 + i % 20]) || ' ' || w[1 + (i / 20) % 20] || ' helper ' || i,
            'Helps with ' || w[1 + i % 20] || ' and ' || w[1 + (i / 7) % 20] || ' tasks, variant ' || i,
            ARRAY[w[1 + i % 20], w[1 + (i / 20) % 20]],
            'category-' || (1 + i % 12),
            'author' || (i % 997),
            ((i::bigint * 7919) % 12000)::int, ((i::bigint * 31) % 500)::int, 'Python', ((i::bigint * 104729) % 900)::int, i % 50 = 0,
            '# Skill ' || i || E'\n\nGenerated skill body for benchmarking.\n',
            'sha256:' || md5(i::text),
            s.score, CASE WHEN s.score >= 90 THEN 'A' WHEN s.score >= 75 THEN 'B' WHEN s.score >= 60 THEN 'C'
                          WHEN s.score >= 40 THEN 'D' ELSE 'F' END,
            'bench',
            timestamptz '2025-01-01' + (i * interval '5 minutes'),
            timestamptz '2025-01-01' + (i * interval '5 minutes')
       FROM generate_series(1, $1::int) i, words,
            LATERAL (SELECT CASE WHEN i % 10 < 7 THEN 90 + i % 11 WHEN i % 10 < 9 THEN 75 + i % 15
                                 WHEN i % 20 = 9 THEN 60 + i % 15 ELSE i % 60 END AS score) s
     ON CONFLICT (slug) DO NOTHING`,
    [count, prefix],
  );
  await pool.query('ANALYZE skills');
}
