// Registers the embed job's worker with pg-boss, a schedule every few minutes as a backstop (for
// skills changed by processes that did not ask for embedding), and one run at start, which also
// re-embeds the directory after a model change. Safe in every worker process: the queue runs one
// job at a time across all of them.
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../lib/logger.ts';
import type { EmbeddingProvider } from './embeddings/provider.ts';
import { EMBED_QUEUE, ensureEmbedQueue, requestEmbedding, runEmbedJob } from './jobs/embed-job.ts';

export { requestEmbedding } from './jobs/embed-job.ts';

export const EMBED_SCHEDULE = '*/5 * * * *';

export interface EmbeddingWorkerDependencies {
  pool: pg.Pool;
  provider: EmbeddingProvider;
  logger: Logger;
  /** On the embedded database workers poll more often (no LISTEN/NOTIFY there). */
  embedded?: boolean;
  /** Cron of the backstop run, UTC; default every five minutes. */
  cron?: string;
  /** Texts per call of the provider; default DEFAULT_EMBED_BATCH. */
  batchSize?: number;
}

export async function registerEmbeddingWorkers(boss: PgBoss, deps: EmbeddingWorkerDependencies): Promise<void> {
  await ensureEmbedQueue(boss);
  await boss.work(EMBED_QUEUE, { pollingIntervalSeconds: deps.embedded ? 1 : 2, batchSize: 1 }, async () => {
    await runEmbedJob(deps, { batchSize: deps.batchSize });
  });
  await boss.schedule(EMBED_QUEUE, deps.cron ?? EMBED_SCHEDULE, {}, { tz: 'UTC' });
  await requestEmbedding(boss);
  deps.logger.info('embedding workers started', { model: deps.provider.model, dimensions: deps.provider.dimensions });
}
