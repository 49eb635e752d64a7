// Embeds every stale skill of the directory (no vector, another model's vector, or one computed
// from older content, name, description or tags) in batches, with the configured provider.
// Search keeps answering meanwhile: each batch is written in one statement, and a model change
// replaces vectors skill by skill. Run by the embed job; safe to run again at any time.
import type pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { countStaleSkills, prepareVectorIndex, staleSkills, upsertEmbeddings } from '../db/embeddings.ts';
import { refreshSearchTerms } from '../db/search-terms.ts';
import { unitVector, type EmbeddingProvider } from './embeddings/provider.ts';
import { skillText } from './embeddings/skill-text.ts';

export const DEFAULT_EMBED_BATCH = 32;

export interface EmbedDependencies {
  pool: pg.Pool;
  provider: EmbeddingProvider;
  logger?: Logger;
}

export interface EmbedSummary {
  model: string;
  /** Skills stale when the run started. */
  stale: number;
  embedded: number;
  /** Whether an HNSW index serves this model's dimensions (false: exact search). */
  indexed: boolean;
  ms: number;
}

export async function embedDirectory(
  deps: EmbedDependencies,
  options: { batchSize?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<EmbedSummary> {
  const started = Date.now();
  const { provider, pool } = deps;
  const batchSize = options.batchSize ?? DEFAULT_EMBED_BATCH;
  const indexed = await prepareVectorIndex(pool, provider.dimensions);
  const stale = await countStaleSkills(pool, provider.model);
  let embedded = 0;
  // Paging by id: a skill that changes during the run is left for the next run, so a skill
  // edited continuously cannot keep this one going forever.
  let afterId = 0;
  while (stale > 0) {
    const batch = await staleSkills(pool, provider.model, afterId, batchSize);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1].id;
    const vectors = await provider.embed(batch.map((s) => skillText(s)));
    if (vectors.length !== batch.length || vectors.some((v) => v.length !== provider.dimensions)) {
      throw new Error(`the provider returned ${vectors.length} vectors for ${batch.length} texts, not all of ${provider.dimensions} dimensions`);
    }
    embedded += await upsertEmbeddings(
      pool,
      batch.map((s, i) => ({
        skillId: s.id,
        model: provider.model,
        contentHash: s.contentHash,
        metadataHash: s.metadataHash,
        embedding: unitVector(vectors[i]),
      })),
    );
    options.onProgress?.(embedded, stale);
  }
  // Skills changed since the last run: the word counts of the text signal change with them.
  if (stale > 0) await refreshSearchTerms(pool);
  const summary = { model: provider.model, stale, embedded, indexed, ms: Date.now() - started };
  if (stale > 0) deps.logger?.info('skills embedded', { ...summary });
  return summary;
}
