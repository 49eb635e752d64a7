// Registers the job handlers of this process with pg-boss. Any number of processes may do this
// against one database: pg-boss hands each job to one worker at a time.
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../lib/logger.ts';
import { QUEUES } from './queues.ts';
import { failDeadScan, runScanJob, type ScanJobDependencies } from './jobs/scan-job.ts';
import type { ScanSignal } from './scan-signal.ts';
import type { ArchiveLimits } from './archive/limits.ts';
import type { GitHubClient } from './github/client.ts';

export interface Workers {
  /** Wakes this process's scan workers (a job was just sent from here). */
  wake(): void;
}

export async function startWorkers(deps: {
  boss: PgBoss;
  pool: pg.Pool;
  signal: ScanSignal;
  logger: Logger;
  limits: ArchiveLimits;
  github: GitHubClient;
  concurrency: number;
  embedded: boolean;
}): Promise<Workers> {
  const jobDeps: ScanJobDependencies = { pool: deps.pool, signal: deps.signal, logger: deps.logger, limits: deps.limits, github: deps.github };
  // Polling is the backstop for NOTIFY on PostgreSQL, and the only wake-up across processes on
  // the embedded database, where it is kept short.
  const polling = { pollingIntervalSeconds: deps.embedded ? 0.5 : 2, notifyPollingIntervalSeconds: 2 };
  const scanWorker = await deps.boss.work<{ scanId: string }>(
    QUEUES.scan,
    { ...polling, localConcurrency: deps.concurrency, batchSize: 1 },
    async ([job]) => {
      await runScanJob(jobDeps, job.data.scanId);
    },
  );
  await deps.boss.work<{ scanId: string }>(QUEUES.scanDead, { ...polling, batchSize: 1 }, async ([job]) => {
    await failDeadScan(jobDeps, job.data.scanId);
  });
  deps.logger.info('workers started', { scanConcurrency: deps.concurrency });
  return {
    wake: () => deps.boss.notifyWorker(scanWorker),
  };
}
