// Faults of the scan pipeline: a worker killed mid-scan, PostgreSQL restarted under load, and
// duplicate delivery of one job, with workers as real separate processes.
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { spawnServer, type ChildServer } from '../support/spawn-server.ts';
import { privatePostgresAvailable, startPrivatePostgres } from '../support/private-postgres.ts';
import { CLEAN_SKILL, RISKY_SKILL } from '../support/zips.ts';
import { createLogger } from '../../lib/logger.ts';
import { runScanJob } from '../../worker/jobs/scan-job.ts';
import { ScanSignal } from '../../worker/scan-signal.ts';
import { DEFAULT_ARCHIVE_LIMITS } from '../../worker/archive/limits.ts';
import { createGitHubClient } from '../../worker/github/client.ts';
import { scan } from '../../worker/scanner/index.ts';

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

async function waitForScan(t: TestService, key: string, id: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request('GET', `/api/v1/scans/${id}`, key).catch(() => null);
    if (res?.status === 200 && (res.body.data.status === 'done' || res.body.data.status === 'failed')) return res.body.data;
    if (Date.now() > deadline) throw new Error(`scan ${id} not finished: ${JSON.stringify(res?.body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(BACKENDS)('scan faults on %s', (backend) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  });

  it('finishes a scan whose worker was killed mid-scan on another worker, and the caller gets the result', async () => {
    const database = await createTestDatabase(backend);
    cleanup.push(() => database.drop());
    const github = await startFakeGitHub();
    cleanup.push(() => github.close());
    github.addRepository({ owner: 'acme', repo: 'tools', refs: { main: { 'SKILL.md': RISKY_SKILL } } });
    const release = github.stall('/_archive/acme/tools');
    const env = { DATABASE_URL: database.connectionString, GITHUB_API_URL: github.baseUrl };
    const api = await startTestService(backend, { GITHUB_API_URL: github.baseUrl }, { api: true, workers: false }, database);
    cleanup.push(() => api.close());
    const first = await spawnServer(['--worker-only'], env);
    cleanup.push(() => first.stop('SIGKILL'));
    const key = await api.key('pro');

    const accepted = await api.request('POST', '/api/v1/scan?async=true', key, json({ url: 'https://github.com/acme/tools' }));
    expect(accepted.status).toBe(202);
    const id = accepted.body.data.id;
    for (let i = 0; i < 200 && !github.requests.some((r) => r.url.includes('/_archive/')); i++) await new Promise((r) => setTimeout(r, 100));
    expect(github.requests.some((r) => r.url.includes('/_archive/'))).toBe(true);

    const second = await spawnServer(['--worker-only'], env);
    cleanup.push(() => second.stop('SIGKILL'));
    await first.stop('SIGKILL');
    release();
    const scanned = await waitForScan(api, key, id, 90_000);
    expect(scanned.status).toBe('done');
    expect(scanned.result.grade).toMatch(/[DF]/);
    const { rows } = await api.service.db.pool.query('SELECT attempts FROM scans WHERE id = $1', [id]);
    expect(rows[0].attempts).toBe(2);
  }, 150_000);

  it('grades each of many jobs exactly once across two worker processes, identically for identical input', async () => {
    const database = await createTestDatabase(backend);
    cleanup.push(() => database.drop());
    const api = await startTestService(backend, {}, { api: true, workers: false }, database);
    cleanup.push(() => api.close());
    const env = { DATABASE_URL: database.connectionString };
    const workers: ChildServer[] = await Promise.all([spawnServer(['--worker-only'], env), spawnServer(['--worker-only'], env)]);
    for (const w of workers) cleanup.push(() => w.stop());
    const key = await api.key('enterprise');
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await api.request('POST', '/api/v1/scan?async=true', key, json({ content: i % 2 ? RISKY_SKILL : CLEAN_SKILL }));
      ids.push(res.body.data.id);
    }
    const results = await Promise.all(ids.map((id) => waitForScan(api, key, id, 60_000)));
    expect(results.every((r) => r.status === 'done')).toBe(true);
    const { rows } = await api.service.db.pool.query('SELECT attempts FROM scans WHERE id = ANY($1::uuid[])', [ids]);
    expect(rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    const risky = results.filter((_, i) => i % 2).map((r) => JSON.stringify(r.result));
    expect(new Set(risky).size).toBe(1);
  }, 120_000);

  it('records one result when the same job is delivered twice at once', async () => {
    const database = await createTestDatabase(backend);
    cleanup.push(() => database.drop());
    const api = await startTestService(backend, {}, { api: true, workers: false }, database);
    cleanup.push(() => api.close());
    const key = await api.key('pro');
    const res = await api.request('POST', '/api/v1/scan?async=true', key, json({ content: RISKY_SKILL }));
    const id = res.body.data.id;
    const pool = api.service.db.pool;
    const logger = createLogger('silent');
    const signal = new ScanSignal(pool, { connectionString: database.connectionString, listen: false, logger });
    const deps = { pool, signal, logger, limits: DEFAULT_ARCHIVE_LIMITS, github: createGitHubClient({ baseUrl: 'http://127.0.0.1:9' }) };
    await Promise.all([runScanJob(deps, id), runScanJob(deps, id)]);
    const { rows } = await pool.query(`SELECT status, result FROM scans WHERE id = $1`, [id]);
    expect(rows[0].status).toBe('done');
    const expected = scan([{ path: 'SKILL.md', content: Buffer.from(RISKY_SKILL) }], {});
    expect(rows[0].result.grade).toBe(expected.grade);
    expect(rows[0].result.findings).toEqual(JSON.parse(JSON.stringify(expected.findings)));
    await signal.stop();
  }, 60_000);
});

describe.runIf(BACKENDS.includes('postgres') && privatePostgresAvailable())('PostgreSQL restarted under load', () => {
  it('keeps every accepted scan, and API and workers recover without a restart of their own', async () => {
    const server = await startPrivatePostgres();
    let t: TestService | undefined;
    try {
      const database: TestDatabase = { backend: 'postgres', connectionString: server.connectionString, drop: async () => {} };
      t = await startTestService('postgres', { SCAN_WAIT_MS: '20000' }, { api: true, workers: true }, database);
      const key = await t.key('enterprise');
      const accepted: string[] = [];
      const statuses: Record<number, number> = {};
      let stop = false;
      const client = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const res = await t!
            .request('POST', '/api/v1/scan?async=true', key, json({ content: `${CLEAN_SKILL}\n<!-- run ${n}-${i} -->\n` }))
            .catch(() => ({ status: 0, body: null, headers: new Headers() }));
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 202 || res.status === 200) accepted.push(res.body.data.id ?? res.body.meta.scanId);
          else await new Promise((r) => setTimeout(r, 100));
        }
      };
      const load = Promise.all([1, 2, 3].map(client));
      await new Promise((r) => setTimeout(r, 1500));
      server.restart();
      await new Promise((r) => setTimeout(r, 3000));
      stop = true;
      await load;
      expect(accepted.length).toBeGreaterThan(10);
      for (const id of accepted) expect((await waitForScan(t, key, id, 90_000)).status).toBe('done');
      // Refused requests during the restart say so as 503, never as a 500.
      expect(Object.keys(statuses).filter((s) => !['200', '202', '503'].includes(s))).toEqual([]);
      const after = await t.request('POST', '/api/v1/scan', key, json({ content: CLEAN_SKILL }));
      expect(after.status).toBe(200);
      const check = new pg.Client({ connectionString: server.connectionString });
      await check.connect();
      const { rows } = await check.query(`SELECT count(*)::int AS n FROM scans WHERE status <> 'done'`);
      await check.end();
      expect(rows[0].n).toBe(0);
    } finally {
      await t?.close().catch(() => {});
      server.stop();
    }
  }, 180_000);
});
