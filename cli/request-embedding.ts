// After `skillgate seed`, `import` or `rescan` changed the directory from the command line: asks the
// workers (of a running `serve`, now or when one starts) to embed the changed skills, so search
// finds them without waiting for the embed job's backstop schedule.
import type { Database } from '../db/connect.ts';
import type { Logger } from '../lib/logger.ts';
import { startQueues } from '../worker/queues.ts';
import { requestEmbedding } from '../worker/embedding-workers.ts';

export async function requestEmbeddingFromCommand(db: Database, logger: Logger): Promise<void> {
  const queues = await startQueues(db.connectionString, { embedded: db.capabilities.embedded, logger, max: 1 });
  try {
    await requestEmbedding(queues.boss);
  } finally {
    await queues.stop();
  }
}
