// The directory's pg-boss side on both databases: the nightly schedule as configured, and the
// import and rescan jobs run by registered workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { startQueues, QUEUES, type QueueRuntime } from '../../worker/queues.ts';
import { registerDirectoryWorkers, type DirectoryWorkerDependencies } from '../../worker/directory-workers.ts';
import { sendImportJob } from '../../worker/jobs/import-job.ts';
import { BACKENDS } from '../support/databases.ts';
import { PDF_SKILL, startDirectoryFixture, type DirectoryFixture } from './support.ts';

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(BACKENDS)('directory workers on %s', (backend) => {
  let f: DirectoryFixture;
  let queues: QueueRuntime;
  let deps: DirectoryWorkerDependencies;

  beforeAll(async () => {
    f = await startDirectoryFixture(backend);
    queues = await startQueues(f.database.connectionString, { embedded: backend === 'pglite', logger: createLogger('silent') });
    deps = { ...f.deps, logger: createLogger('silent'), rescan: { enabled: true, cron: '15 2 * * *' }, embedded: backend === 'pglite' };
    f.fake.addRepository({ owner: 'acme', repo: 'jobs', stars: 4, refs: { main: { 'pdf/SKILL.md': PDF_SKILL } } });
  });
  afterAll(async () => {
    await queues?.stop();
    await f?.close();
  });

  it('schedules the nightly rescan with the configured cron in UTC', async () => {
    await registerDirectoryWorkers(queues.boss, deps);
    const schedules = await queues.boss.getSchedules(QUEUES.rescan);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ name: QUEUES.rescan, cron: '15 2 * * *', timezone: 'UTC' });
  });

  it('runs import jobs', async () => {
    expect(await sendImportJob(queues.boss, { target: 'acme/jobs' })).toEqual(expect.any(String));
    const rows = await until(
      async () => (await f.pool.query(`SELECT slug, stars FROM skills WHERE source_repo = 'acme/jobs'`)).rows,
      (r) => r.length > 0,
    );
    expect(rows).toEqual([{ slug: 'acme-jobs-pdf', stars: 4 }]);
  });

  it('runs rescan jobs', async () => {
    await f.pool.query(`UPDATE skills SET rules_version = 'old'`);
    await queues.boss.send(QUEUES.rescan, {});
    const runs = await until(
      async () => (await f.pool.query(`SELECT status, regraded FROM rescan_runs`)).rows,
      (r) => r.some((run) => run.status === 'done'),
    );
    expect(runs).toEqual([{ status: 'done', regraded: 1 }]);
  });

  it('removes the schedule when the nightly rescan is turned off', async () => {
    await queues.boss.offWork(QUEUES.import);
    await queues.boss.offWork(QUEUES.rescan);
    await registerDirectoryWorkers(queues.boss, { ...deps, rescan: { enabled: false, cron: '15 2 * * *' } });
    expect(await queues.boss.getSchedules(QUEUES.rescan)).toEqual([]);
  });
});
