// Registers the directory's job handlers (import, rescan) with pg-boss, and the nightly rescan
// schedule: a cron expression in UTC, on by default. Turning it off removes the schedule, so a
// schedule left from an earlier configuration does not keep firing. Safe to call from every worker
// process: pg-boss keeps one schedule per queue and sends each occurrence once.
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../lib/logger.ts';
import type { ArchiveLimits } from './archive/limits.ts';
import type { GitHubClient } from './github/client.ts';
import { QUEUES } from './queues.ts';
import { runImportJob, type ImportJobData } from './jobs/import-job.ts';
import { runRescanJob } from './jobs/rescan-job.ts';

export interface DirectoryWorkerDependencies {
  pool: pg.Pool;
  github: GitHubClient;
  limits: ArchiveLimits;
  logger: Logger;
  rescan: { enabled: boolean; cron: string };
  /** On the embedded database workers poll more often (no LISTEN/NOTIFY there). */
  embedded?: boolean;
  /** Called after an import or rescan job, which may have changed skills (asks for embedding). */
  afterChange?: () => Promise<unknown>;
}

export async function registerDirectoryWorkers(boss: PgBoss, deps: DirectoryWorkerDependencies): Promise<void> {
  const polling = { pollingIntervalSeconds: deps.embedded ? 1 : 2 };
  await boss.work<ImportJobData>(QUEUES.import, { ...polling, batchSize: 1 }, async ([job]) => {
    await runImportJob(deps, job.data);
    await deps.afterChange?.();
  });
  await boss.work(QUEUES.rescan, { ...polling, batchSize: 1 }, async () => {
    await runRescanJob(deps);
    await deps.afterChange?.();
  });
  if (deps.rescan.enabled) {
    await boss.schedule(QUEUES.rescan, deps.rescan.cron, {}, { tz: 'UTC' });
    deps.logger.info('nightly rescan scheduled', { cron: deps.rescan.cron, tz: 'UTC' });
  } else {
    await boss.unschedule(QUEUES.rescan);
    deps.logger.info('nightly rescan disabled');
  }
}
