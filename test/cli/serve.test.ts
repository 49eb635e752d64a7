// npm start / skillgate serve as a process: the embedded database (first start, CLI commands
// joining it while it runs) and a clean stop on SIGTERM that finishes in-flight requests.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase } from '../support/databases.ts';
import { spawnServer } from '../support/spawn-server.ts';
import { lastLine, runCli } from '../support/run-cli.ts';

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'skillgate-serve-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const d of tempDirs) await rm(d, { recursive: true, force: true });
});

describe('serve on the embedded database', () => {
  it('loads the demo directory on first start, prints a key per tier, and lets CLI commands join while it runs', async () => {
    const dataDir = await tempDir();
    const env = { SKILLGATE_DATA_DIR: dataDir };
    const server = await spawnServer([], env, 120_000);
    try {
      const keys = [...server.output().matchAll(/^\s+(free|pro|enterprise)\s+(sg_\S+)$/gm)].map((m) => [m[1], m[2]]);
      expect(keys.map((k) => k[0])).toEqual(['free', 'pro', 'enterprise']);
      const pro = keys[1][1];
      const listed: any = await (await fetch(`${server.baseUrl}/api/v1/skills?securityGrade=all&limit=100`, { headers: { "x-api-key": pro } })).json();
      expect(listed.pagination.totalCount).toBeGreaterThanOrEqual(60);
      const grades = new Set(listed.data.map((s: { securityGrade: string }) => s.securityGrade));
      expect(grades.has('A')).toBe(true);
      expect(grades.has('F') || grades.has('D')).toBe(true);

      const created = await runCli(['keys', 'create', '--tier', 'enterprise', '--name', 'while-running'], env);
      expect(created.code).toBe(0);
      const res = await fetch(`${server.baseUrl}/api/v1/stats`, { headers: { authorization: `Bearer ${lastLine(created.stdout)}` } });
      expect(((await res.json()) as any).data.key.name).toBe('while-running');
      const list = await runCli(['keys', 'list'], env);
      expect(list.stdout).toContain('demo-pro');
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // A second start finds the directory already there and prints no new keys.
    const again = await spawnServer([], env, 120_000);
    try {
      expect(again.output()).not.toContain('Demo API keys');
    } finally {
      await again.stop();
    }
  }, 240_000);
});

describe.each(BACKENDS)('graceful stop on %s', (backend) => {
  it('finishes an in-flight request after SIGTERM, refuses new connections, and exits 0', async () => {
    const database = await createTestDatabase(backend);
    const env = { DATABASE_URL: database.connectionString };
    const key = lastLine((await runCli(['keys', 'create', '--tier', 'free', '--name', 'slow'], env)).stdout);
    const server = await spawnServer(['--api-only'], env);
    const blocker = new pg.Client({ connectionString: database.connectionString });
    await blocker.connect();
    try {
      expect((await fetch(`${server.baseUrl}/api/v1/categories`, { headers: { 'x-api-key': key } })).status).toBe(200);
      // Hold the key's usage row so the next request waits inside the server.
      await blocker.query('BEGIN');
      await blocker.query(`SELECT * FROM api_usage WHERE key_id = (SELECT id FROM api_keys WHERE prefix = $1) FOR UPDATE`, [key.slice(0, 11)]);
      const inFlight = fetch(`${server.baseUrl}/api/v1/categories`, { headers: { 'x-api-key': key } });
      await new Promise((r) => setTimeout(r, 300));
      const exited = server.stop('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
      await blocker.query('COMMIT');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe('98');
      expect(await exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
    } finally {
      await blocker.end();
      await server.stop('SIGKILL');
      await database.drop();
    }
  }, 120_000);
});
