// skillgate keys create|list|revoke against DATABASE_URL, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { lastLine, runCli } from '../support/run-cli.ts';

describe.each(BACKENDS)('keys command on %s', (backend) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(backend);
    env = { DATABASE_URL: t.database.connectionString };
  });
  afterAll(async () => t?.close());

  it('creates a key that the API accepts, printing it alone on the last line', async () => {
    const res = await runCli(['keys', 'create', '--tier', 'pro', '--name', 'ci runner'], env);
    expect(res.code).toBe(0);
    const key = lastLine(res.stdout);
    expect(key).toMatch(/^sg_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const api = await t.get('/api/v1/stats', key);
    expect(api.status).toBe(200);
    expect(api.body.data.key).toMatchObject({ name: 'ci runner', tier: 'pro', prefix: key.slice(0, 11) });
    const { rows } = await t.pool.query('SELECT key_hash FROM api_keys WHERE prefix = $1', [key.slice(0, 11)]);
    expect(Buffer.from(rows[0].key_hash).toString('utf8')).not.toContain(key.slice(12));
  });

  it('lists keys with prefix, name, tier, status, created and last used', async () => {
    const key = lastLine((await runCli(['keys', 'create', '--tier', 'enterprise', '--name', 'listed'], env)).stdout);
    await t.get('/api/v1/categories', key);
    const res = await runCli(['keys', 'list'], env);
    expect(res.code).toBe(0);
    const [header, ...rows] = res.stdout.trim().split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['PREFIX', 'NAME', 'TIER', 'STATUS', 'CREATED', 'LAST USED', 'EXPIRES']);
    const row = rows.find((r) => r.startsWith(key.slice(0, 11)))!;
    expect(row).toMatch(/listed\s+enterprise\s+active\s+\d{4}-\d\d-\d\dT[\d:]+Z\s+\d{4}-\d\d-\d\dT[\d:]+Z\s+-$/);
    expect(res.stdout).not.toContain(key.slice(12));
  });

  it('revokes a key by prefix, after which the API refuses it', async () => {
    const key = lastLine((await runCli(['keys', 'create', '--tier', 'free', '--name', 'doomed'], env)).stdout);
    expect((await t.get('/api/v1/categories', key)).status).toBe(200);
    const res = await runCli(['keys', 'revoke', key.slice(0, 11)], env);
    expect(res.code).toBe(0);
    expect((await t.get('/api/v1/categories', key)).body.error.code).toBe('INVALID_API_KEY');
    expect((await runCli(['keys', 'list'], env)).stdout).toMatch(new RegExp(`${key.slice(0, 11)}\\s+doomed\\s+free\\s+revoked`));
    const again = await runCli(['keys', 'revoke', key.slice(0, 11)], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('no active key');
  });

  it('creates keys that expire', async () => {
    const res = await runCli(['keys', 'create', '--tier', 'pro', '--name', 'short', '--expires-in', '30d'], env);
    const key = lastLine(res.stdout);
    const { rows } = await t.pool.query('SELECT expires_at FROM api_keys WHERE prefix = $1', [key.slice(0, 11)]);
    const days = (rows[0].expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
  });

  it.each([
    [['keys', 'create', '--tier', 'gold', '--name', 'x'], /--tier/],
    [['keys', 'create', '--tier', 'pro'], /--name/],
    [['keys', 'create', '--tier', 'pro', '--name', 'x', '--expires-in', 'soon'], /--expires-in/],
    [['keys', 'create', '--tier', 'pro', '--name', 'x', '--colour', 'red'], /--colour/],
    [['keys', 'revoke'], /prefix/],
    [['keys', 'rotate'], /usage/],
  ])('rejects %j with exit code 2 and a message', async (args, message) => {
    const res = await runCli(args, env);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
  });
});

describe('configuration errors', () => {
  it('stop the command with a message naming the variable', async () => {
    const res = await runCli(['keys', 'list'], { DATABASE_URL: 'mysql://nope' });
    expect(res.code).toBe(78);
    expect(res.stderr).toMatch(/DATABASE_URL/);
  });
});
