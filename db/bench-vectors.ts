// Synthetic skill embeddings in bulk, for benchmarks on the embedded database (pgvector): each
// skill's vector is derived in SQL from a few thousand real embeddings, as a point between two of
// them plus a little noise,
//   l2_normalize(base[a] + t * (base[b] - base[a]) + noise[c]),  t = 0.5 * frac(id * 0.618034)
// with a = id mod B, b = (id div B * 131 + id * 7) mod B, c = (id div B + id * 13) mod C.
// Computing them in the database spares sending 100,000 vectors as text, which PGlite parses slowly.
import type pg from 'pg';
import { vectorIndexName, vectorIndexSql } from './embeddings.ts';
import { withTransaction } from './pool.ts';

const literal = (v: number[]) => `[${v.map((x) => x.toPrecision(9)).join(',')}]`;

async function loadVectors(pool: pg.Pool, table: string, vectors: number[][]): Promise<void> {
  for (let i = 0; i < vectors.length; i += 100) {
    const chunk = vectors.slice(i, i + 100);
    await pool.query(`INSERT INTO ${table} (i, v) SELECT u.i, u.v::vector FROM unnest($1::int[], $2::text[]) AS u (i, v)`, [
      chunk.map((_, k) => i + k),
      chunk.map(literal),
    ]);
  }
}

/** The interpolation point of a skill, as derivedVector computes it (and deriveEmbeddings in SQL). */
export function interpolationPoint(id: number): number {
  const x = id * 0.6180339887;
  return 0.5 * (x - Math.floor(x));
}

/**
 * Gives every skill without a vector of `model` a derived one, with the HNSW index of the
 * dimension dropped during the load (rebuildVectorIndex builds it again at once).
 */
export async function deriveEmbeddings(pool: pg.Pool, options: { model: string; bases: number[][]; noise: number[][] }): Promise<number> {
  const dims = options.bases[0].length;
  await pool.query(`DROP INDEX IF EXISTS ${vectorIndexName(dims)}`);
  await pool.query(`CREATE TABLE bench_bases (i int PRIMARY KEY, v vector(${Number(dims)}))`);
  await pool.query(`CREATE TABLE bench_noise (i int PRIMARY KEY, v vector(${Number(dims)}))`);
  try {
    await loadVectors(pool, 'bench_bases', options.bases);
    await loadVectors(pool, 'bench_noise', options.noise);
    const { rowCount } = await pool.query(
      `INSERT INTO skill_embeddings (skill_id, model, dimensions, content_hash, metadata_hash, embedding)
       SELECT s.id, $1, $2, s.content_hash, skill_metadata_hash(s.name, s.description, s.tags),
              l2_normalize(a.v + (b.v - a.v) * array_fill(t.t, ARRAY[$2::int])::vector + n.v)::real[]
         FROM skills s
         CROSS JOIN LATERAL (SELECT (0.5 * (s.id * 0.6180339887 - floor(s.id * 0.6180339887)))::real AS t) t
         JOIN bench_bases a ON a.i = s.id % $3
         JOIN bench_bases b ON b.i = (s.id / $3 * 131 + s.id * 7) % $3
         JOIN bench_noise n ON n.i = (s.id / $3 + s.id * 13) % $4
        WHERE NOT EXISTS (SELECT 1 FROM skill_embeddings e WHERE e.skill_id = s.id AND e.model = $1)
       ON CONFLICT (skill_id) DO NOTHING`,
      [options.model, dims, options.bases.length, options.noise.length],
    );
    return rowCount ?? 0;
  } finally {
    await pool.query('DROP TABLE IF EXISTS bench_bases, bench_noise');
  }
}

/** Builds the HNSW index of `dimensions` with enough memory to build it in memory, not on disk. */
export async function rebuildVectorIndex(pool: pg.Pool, dimensions: number, maintenanceWorkMem = '1GB'): Promise<void> {
  if (!/^\d+(MB|GB)$/.test(maintenanceWorkMem)) throw new Error(`invalid maintenance_work_mem ${maintenanceWorkMem}`);
  await withTransaction(pool, async (client) => {
    await client.query(`SET LOCAL maintenance_work_mem = '${maintenanceWorkMem}'`);
    await client.query(vectorIndexSql(dimensions));
  });
  await pool.query('ANALYZE skill_embeddings');
}
