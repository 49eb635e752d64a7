// Imported GitHub repositories (see migration 006) and the metadata the directory copies from
// them onto their skills: author (the owner), stars, forks and language.
import type pg from 'pg';
import type { Queryable } from './queryable.ts';

export interface RepositoryMetadata {
  owner: string;
  name: string;
  fullName: string;
  description: string | null;
  stars: number;
  forks: number;
  language: string | null;
  defaultBranch: string;
}

export interface SourceRepository {
  id: number;
  owner: string;
  name: string;
  fullName: string;
}

/**
 * Records an import of the repository and returns its id. The row stays locked until the
 * transaction ends, so two imports of one repository take turns.
 */
export async function upsertSourceRepository(client: pg.PoolClient, meta: RepositoryMetadata): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO source_repositories (owner, name, full_name, description, stars, forks, language, default_branch)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ((lower(full_name))) DO UPDATE SET
       owner = EXCLUDED.owner, name = EXCLUDED.name, full_name = EXCLUDED.full_name, description = EXCLUDED.description,
       stars = EXCLUDED.stars, forks = EXCLUDED.forks, language = EXCLUDED.language,
       default_branch = EXCLUDED.default_branch, imported_at = now(), refreshed_at = now(), last_error = NULL
     RETURNING id`,
    [meta.owner, meta.name, meta.fullName, meta.description, meta.stars, meta.forks, meta.language, meta.defaultBranch],
  );
  return rows[0].id;
}

/** Repositories that still have skills in the directory, by id. */
export async function listSourceRepositories(pool: pg.Pool): Promise<SourceRepository[]> {
  const { rows } = await pool.query(
    `SELECT r.id, r.owner, r.name, r.full_name AS "fullName" FROM source_repositories r
      WHERE EXISTS (SELECT 1 FROM skills s WHERE s.repository_id = r.id) ORDER BY r.id`,
  );
  return rows;
}

/**
 * Stores fresh metadata for a repository and copies it to its skills, in one statement; skills
 * whose values are already current are not rewritten.
 */
export async function refreshSourceRepository(db: Queryable, id: number, meta: RepositoryMetadata): Promise<number> {
  const { rowCount } = await db.query(
    `WITH r AS (
       UPDATE source_repositories SET description = $2, stars = $3, forks = $4, language = $5, default_branch = $6,
              refreshed_at = now(), last_error = NULL
        WHERE id = $1 RETURNING id
     )
     UPDATE skills s SET author = $7, stars = $3, forks = $4, language = $5
       FROM r
      WHERE s.repository_id = r.id AND (s.author, s.stars, s.forks, s.language) IS DISTINCT FROM ($7, $3, $4, $5)`,
    [id, meta.description, meta.stars, meta.forks, meta.language, meta.defaultBranch, meta.owner],
  );
  return rowCount ?? 0;
}

export async function recordSourceRepositoryError(pool: pg.Pool, id: number, message: string): Promise<void> {
  await pool.query('UPDATE source_repositories SET last_error = $2 WHERE id = $1', [id, message]);
}
