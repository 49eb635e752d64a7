// Stored skill embeddings: which skills need (re-)embedding, batched writes of vectors, and what
// pgvector support the server has. Search queries are in db/skill-search.ts.
import type pg from 'pg';
import type { Queryable } from './queryable.ts';

/** pgvector's HNSW index takes vectors of up to 2,000 dimensions; larger ones are searched exactly. */
export const MAX_HNSW_DIMENSIONS = 2000;

export interface StaleSkill {
  id: number;
  name: string;
  description: string;
  tags: string[];
  /** The first characters of the SKILL.md text: the embedded text uses only its opening. */
  content: string;
  contentHash: string;
  metadataHash: string;
}

export interface EmbeddingRow {
  skillId: number;
  model: string;
  contentHash: string;
  metadataHash: string;
  /** Unit length. */
  embedding: number[];
}

// A skill is stale when it has no vector, a vector of another model, or one computed from other
// content, name, description or tags than it has now.
const STALE = `e.skill_id IS NULL OR e.model <> $1 OR e.content_hash <> s.content_hash
               OR e.metadata_hash <> skill_metadata_hash(s.name, s.description, s.tags)`;

/** Up to `limit` stale skills with ids above `afterId`, in id order (a run pages through them). */
export async function staleSkills(pool: Queryable, model: string, afterId: number, limit: number): Promise<StaleSkill[]> {
  const { rows } = await pool.query(
    `SELECT s.id, s.name, s.description, s.tags, left(s.content, 8000) AS content, s.content_hash AS "contentHash",
            skill_metadata_hash(s.name, s.description, s.tags) AS "metadataHash"
       FROM skills s LEFT JOIN skill_embeddings e ON e.skill_id = s.id
      WHERE s.id > $2 AND (${STALE})
      ORDER BY s.id LIMIT $3`,
    [model, afterId, limit],
  );
  return rows;
}

export async function countStaleSkills(pool: Queryable, model: string): Promise<number> {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS n FROM skills s LEFT JOIN skill_embeddings e ON e.skill_id = s.id WHERE ${STALE}`,
    [model],
  );
  return rows[0].n;
}

/**
 * Writes a batch of vectors in one statement. Rows of skills deleted since they were read are
 * skipped. The hashes are those read with the skill: a skill changed in the meantime stays stale
 * and is embedded again by the next run.
 */
export async function upsertEmbeddings(pool: Queryable, rows: EmbeddingRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const values: unknown[] = [];
  const tuples = rows.map((r) => {
    const p = values.push(r.skillId, r.model, r.embedding.length, r.contentHash, r.metadataHash, r.embedding);
    return `($${p - 5}::bigint, $${p - 4}::text, $${p - 3}::int, $${p - 2}::text, $${p - 1}::text, $${p}::real[])`;
  });
  const { rowCount } = await pool.query(
    `INSERT INTO skill_embeddings (skill_id, model, dimensions, content_hash, metadata_hash, embedding)
     SELECT v.skill_id, v.model, v.dimensions, v.content_hash, v.metadata_hash, v.embedding
       FROM (VALUES ${tuples.join(', ')}) AS v (skill_id, model, dimensions, content_hash, metadata_hash, embedding)
       JOIN skills s ON s.id = v.skill_id
     ON CONFLICT (skill_id) DO UPDATE SET
       model = EXCLUDED.model, dimensions = EXCLUDED.dimensions, content_hash = EXCLUDED.content_hash,
       metadata_hash = EXCLUDED.metadata_hash, embedding = EXCLUDED.embedding, updated_at = now()`,
    values,
  );
  return rowCount ?? 0;
}

/** How many skills have a current vector of `model`, of how many. */
export async function embeddingCoverage(pool: Queryable, model: string): Promise<{ embedded: number; total: number }> {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*)::int FROM skill_embeddings e JOIN skills s ON s.id = e.skill_id
              WHERE e.model = $1 AND e.content_hash = s.content_hash
                AND e.metadata_hash = skill_metadata_hash(s.name, s.description, s.tags)) AS embedded,
            (SELECT count(*)::int FROM skills) AS total`,
    [model],
  );
  return rows[0];
}

export interface VectorSupport {
  /** The pgvector extension is installed in this database. */
  installed: boolean;
  /** Its version, e.g. "0.8.0"; iterative index scans need 0.8. */
  version: string | null;
}

// Read again after a minute: an operator (or the embed job) may create the extension later.
const SUPPORT_TTL_MS = 60_000;
const support = new WeakMap<pg.Pool, { at: number; known: Promise<VectorSupport> }>();

/** pgvector support of the pool's database, read at most once a minute per pool. */
export function vectorSupport(pool: pg.Pool): Promise<VectorSupport> {
  const cached = support.get(pool);
  if (cached && Date.now() - cached.at < SUPPORT_TTL_MS) return cached.known;
  const known = pool
    .query(`SELECT extversion FROM pg_extension WHERE extname = 'vector'`)
    .then(({ rows }) => ({ installed: rows.length > 0, version: (rows[0]?.extversion as string | undefined) ?? null }));
  known.catch(() => support.delete(pool));
  support.set(pool, { at: Date.now(), known });
  return known;
}

export function forgetVectorSupport(pool: pg.Pool): void {
  support.delete(pool);
}

/**
 * Makes sure vectors of `dimensions` are indexed where pgvector exists: creates the extension when
 * the server offers it but an earlier migration could not, and the partial HNSW index for this
 * dimension (the migration builds the one for 512). Returns whether an index serves them.
 */
export async function prepareVectorIndex(pool: pg.Pool, dimensions: number): Promise<boolean> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16000) throw new Error(`invalid dimensions ${dimensions}`);
  const { rows } = await pool.query(
    `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available,
            EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS installed`,
  );
  if (!rows[0].available) return false;
  if (!rows[0].installed) {
    try {
      await pool.query('CREATE EXTENSION IF NOT EXISTS vector');
    } catch {
      return false; // not permitted for this role: exact search it is
    }
    forgetVectorSupport(pool);
  }
  if (dimensions > MAX_HNSW_DIMENSIONS) return false;
  // Checked first: CREATE INDEX IF NOT EXISTS would lock the table against writes to find out.
  const { rows: index } = await pool.query('SELECT to_regclass($1) IS NOT NULL AS present', [vectorIndexName(dimensions)]);
  if (!index[0].present) await pool.query(vectorIndexSql(dimensions));
  return true;
}

export function vectorIndexName(dimensions: number): string {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_HNSW_DIMENSIONS) throw new Error(`invalid dimensions ${dimensions}`);
  return `skill_embeddings_hnsw_${dimensions}_idx`;
}

/**
 * The partial HNSW index of one dimension, as migration 008 builds it for 512 (pgvector's defaults:
 * m 16, ef_construction 64). The identifier and type modifier come from a checked integer.
 */
export function vectorIndexSql(dimensions: number): string {
  return `CREATE INDEX IF NOT EXISTS ${vectorIndexName(dimensions)} ON skill_embeddings
            USING hnsw ((embedding::vector(${dimensions})) vector_cosine_ops) WHERE dimensions = ${dimensions}`;
}
