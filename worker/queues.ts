// The pg-boss queues of skillgate and how each retries. Workers and the API share these names.
import { PgBoss } from 'pg-boss';
import type { Logger } from '../lib/logger.ts';

export const QUEUES = {
  scan: 'scan',
  /** Scan jobs that failed every attempt land here, so the scan is marked failed, never left waiting. */
  scanDead: 'scan-dead',
  import: 'import',
  rescan: 'rescan',
} as const;

export interface QueueRuntime {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the same database. LISTEN/NOTIFY wakes workers at once on PostgreSQL; the
 * embedded database is one session, where notifications cannot reach a listener, so there workers
 * in the same process are woken directly (notifyWorker) and others poll.
 */
export async function startQueues(connectionString: string, options: { embedded: boolean; logger: Logger; max?: number }): Promise<QueueRuntime> {
  const boss = new PgBoss({
    connectionString,
    max: options.max ?? 4,
    useListenNotify: !options.embedded,
    application_name: 'skillgate-queue',
    // Heartbeats and expiry are checked this often: a scan held by a dead worker resumes within
    // about heartbeatSeconds + superviseIntervalSeconds.
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 30,
  });
  boss.on('error', (err: unknown) => options.logger.warn('queue error', { err }));
  await boss.start();
  await boss.createQueue(QUEUES.scanDead, { retryLimit: 5, retryDelay: 1, retryBackoff: true });
  await boss.createQueue(QUEUES.scan, {
    notify: true,
    retryLimit: 3,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 30,
    // A worker that dies mid-scan stops its heartbeat; the job is then retried by another worker.
    heartbeatSeconds: 10,
    expireInSeconds: 300,
    deadLetter: QUEUES.scanDead,
    deleteAfterSeconds: 86_400,
  });
  await boss.createQueue(QUEUES.import, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 3600 });
  await boss.createQueue(QUEUES.rescan, { retryLimit: 1, retryDelay: 60, expireInSeconds: 6 * 3600, heartbeatSeconds: 60 });
  return {
    boss,
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
