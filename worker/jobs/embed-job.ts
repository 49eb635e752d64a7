// The embed job: embeds whatever in the directory is stale. Sent after seeding, imports and
// edits (requestEmbedding), on every worker start, and by a schedule as a backstop; the queue
// lets one run at a time and keeps at most one waiting, so bursts of requests collapse into one
// more run that sees every change.
import type { PgBoss } from 'pg-boss';
import { embedDirectory, type EmbedDependencies, type EmbedSummary } from '../embed-directory.ts';

export const EMBED_QUEUE = 'embed';

/** Creates the queue if needed (idempotent): senders may run before any worker has started. */
export async function ensureEmbedQueue(boss: PgBoss): Promise<void> {
  if (ensured.has(boss)) return;
  await boss.createQueue(EMBED_QUEUE, {
    // One active and one queued job at most: a request during a run queues exactly one more run.
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    // Embedding 100,000 skills with the default model takes about an hour on one core.
    expireInSeconds: 4 * 3600,
    heartbeatSeconds: 60,
    deleteAfterSeconds: 86_400,
  });
  ensured.add(boss);
}

const ensured = new WeakSet<PgBoss>();

/** Asks the workers to embed what changed. Call after seeding, importing or editing skills. */
export async function requestEmbedding(boss: PgBoss): Promise<string | null> {
  await ensureEmbedQueue(boss);
  return boss.send(EMBED_QUEUE, {});
}

export async function runEmbedJob(deps: EmbedDependencies, options: { batchSize?: number } = {}): Promise<EmbedSummary> {
  let nextLog = 0;
  return embedDirectory(deps, {
    batchSize: options.batchSize,
    onProgress: (done, total) => {
      if (done < nextLog && done < total) return;
      nextLog = done + Math.max(1, Math.ceil(total / 10));
      deps.logger?.info('embedding progress', { done, total, model: deps.provider.model });
    },
  });
}
