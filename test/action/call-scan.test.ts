// The scan call against a scripted local server: retries with back-off on network errors, 5xx and
// short 429s, a clear failure when they run out, no waiting on a daily limit, and 202 polling.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { callScan, ScanFailure } from '../../action/src/call-scan.ts';
import { NetworkError, type RetryPolicy } from '../../action/src/retry.ts';

const FAST: RetryPolicy = { attempts: 4, baseDelayMs: 5, maxDelayMs: 50, timeoutMs: 2_000 };
const RESULT = { grade: 'B', score: 80, rulesVersion: 'test', skills: [{ folder: '', name: 'x', grade: 'B', score: 80, findingCounts: { critical: 0, high: 0, medium: 1, low: 0 } }], findings: [] };

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;

let server: Server | null = null;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer }[] = [];

async function serve(handlers: Handler[]): Promise<string> {
  seen.length = 0;
  let call = 0;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handlers[Math.min(call++, handlers.length - 1)](req, body, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Handler => (_req, _body, res) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const hangUp: Handler = (req) => req.socket.destroy();

function request(apiUrl: string, extra: Partial<Parameters<typeof callScan>[0]> = {}) {
  return { apiUrl, apiKey: 'sg_testkey1_secret', zip: Buffer.from('PK fake zip'), folder: '', failBelow: 'C', ...extra };
}

describe('callScan', () => {
  it('posts the ZIP as multipart field "zip" with the key, fail_below and folder', async () => {
    const url = await serve([json(200, { data: RESULT, meta: {} }, { 'x-scan-id': 'id-1' })]);
    const outcome = await callScan(request(url, { folder: 'skills/a b' }), { retry: FAST });
    expect(outcome).toEqual({ kind: 'graded', result: RESULT, belowThreshold: false, scanId: 'id-1' });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/api/v1/scan?fail_below=C&folder=skills%2Fa+b');
    expect(seen[0].headers.authorization).toBe('Bearer sg_testkey1_secret');
    expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body.toString()).toMatch(/name="zip"; filename="skills.zip"[\s\S]*PK fake zip/);
  });

  it('reads 422 as a graded result below the threshold', async () => {
    const url = await serve([json(422, { error: { code: 'GRADE_BELOW_THRESHOLD', message: 'grade D is worse' }, data: { ...RESULT, grade: 'D' } })]);
    const outcome = await callScan(request(url), { retry: FAST });
    expect(outcome).toMatchObject({ kind: 'graded', belowThreshold: true, result: { grade: 'D' } });
  });

  it('reads 409 as several skills with their folders', async () => {
    const url = await serve([json(409, { error: { code: 'MULTIPLE_SKILLS', message: 'the input holds 2 skills', folders: ['a', 'b'] } })]);
    expect(await callScan(request(url), { retry: FAST })).toEqual({ kind: 'multiple-skills', folders: ['a', 'b'], message: 'the input holds 2 skills' });
  });

  it('retries a dropped connection, 503 and a short 429, then succeeds', async () => {
    const url = await serve([
      hangUp,
      json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'retry shortly' } }, { 'retry-after': '0' }),
      json(429, { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' } }, { 'retry-after': '0' }),
      json(200, { data: RESULT }),
    ]);
    const log: string[] = [];
    const outcome = await callScan(request(url), { retry: FAST, log: (m) => log.push(m) });
    expect(outcome.kind).toBe('graded');
    expect(seen).toHaveLength(4);
    expect(log).toHaveLength(3);
    expect(log[1]).toMatch(/HTTP 503; trying again in 0\.0 s \(attempt 3 of 4\)/);
  });

  it('fails clearly when the service cannot be reached, after every attempt', async () => {
    const url = await serve([json(200, {})]);
    await new Promise((resolve) => server!.close(resolve));
    server = null;
    const log: string[] = [];
    const error = await callScan(request(url), { retry: FAST, log: (m) => log.push(m) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(`could not reach the skillgate API at ${url} after 4 attempts: ECONNREFUSED`);
    expect(log).toHaveLength(3);
  });

  it('gives up on 5xx after every attempt, with the status and code', async () => {
    const url = await serve([json(502, { error: { code: 'UPSTREAM_ERROR', message: 'bad gateway' } })]);
    const error = await callScan(request(url), { retry: FAST }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScanFailure);
    expect((error as Error).message).toBe('The skillgate API failed (HTTP 502, UPSTREAM_ERROR: bad gateway) after 4 attempts.');
    expect(seen).toHaveLength(4);
  });

  it('does not wait hours for a daily limit: a long Retry-After fails at once', async () => {
    const url = await serve([json(429, { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Daily limit of 1000 requests reached' } }, { 'retry-after': '36000' })]);
    const error = await callScan(request(url), { retry: FAST }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/daily request limit is reached \(RATE_LIMIT_EXCEEDED/);
    expect(seen).toHaveLength(1);
  });

  it('does not retry a refusal (4xx) and names what to fix', async () => {
    const url = await serve([json(401, { error: { code: 'INVALID_API_KEY', message: 'Invalid API key' } })]);
    const error = await callScan(request(url), { retry: FAST }).catch((e: unknown) => e);
    expect((error as ScanFailure).status).toBe(401);
    expect((error as Error).message).toMatch(/Check the api-key input/);
    expect(seen).toHaveLength(1);
  });

  it('follows 202 by polling the status URL under the api-url prefix until the scan is done', async () => {
    const url = await serve([
      json(202, { data: { id: 'abc', status: 'queued', statusUrl: '/api/v1/scans/abc' } }),
      json(200, { data: { id: 'abc', status: 'running', result: null, error: null, belowThreshold: null } }),
      json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'a moment' } }, { 'retry-after': '0' }),
      json(200, { data: { id: 'abc', status: 'done', result: { ...RESULT, grade: 'F' }, error: null, belowThreshold: true } }),
    ]);
    const outcome = await callScan(request(`${url}/prefix`), { retry: FAST, pollIntervalMs: 5, maxPollIntervalMs: 10 });
    expect(outcome).toMatchObject({ kind: 'graded', belowThreshold: true, scanId: 'abc', result: { grade: 'F' } });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /prefix/api/v1/scan?fail_below=C',
      'GET /prefix/api/v1/scans/abc',
      'GET /prefix/api/v1/scans/abc',
      'GET /prefix/api/v1/scans/abc',
    ]);
    expect(seen[1].headers.authorization).toBe('Bearer sg_testkey1_secret');
  });

  it('reads a polled scan that failed with MULTIPLE_SKILLS as several skills, and other failures as errors', async () => {
    const several = await serve([
      json(202, { data: { id: 'a', status: 'queued', statusUrl: '/api/v1/scans/a' } }),
      json(200, { data: { id: 'a', status: 'failed', result: null, error: { code: 'MULTIPLE_SKILLS', message: '2 skills', folders: ['x', 'y'] } } }),
    ]);
    expect(await callScan(request(several), { retry: FAST, pollIntervalMs: 5 })).toMatchObject({ kind: 'multiple-skills', folders: ['x', 'y'] });
    await new Promise((resolve) => server!.close(resolve));
    const broken = await serve([
      json(202, { data: { id: 'b', status: 'queued', statusUrl: '/api/v1/scans/b' } }),
      json(200, { data: { id: 'b', status: 'failed', result: null, error: { code: 'INVALID_INPUT', message: 'no SKILL.md found in the input' } } }),
    ]);
    const error = await callScan(request(broken), { retry: FAST, pollIntervalMs: 5 }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('The scan failed (INVALID_INPUT: no SKILL.md found in the input).');
  });

  it('stops polling after the time limit', async () => {
    const url = await serve([
      json(202, { data: { id: 'c', status: 'queued', statusUrl: '/api/v1/scans/c' } }),
      json(200, { data: { id: 'c', status: 'queued' } }),
    ]);
    const error = await callScan(request(url), { retry: FAST, pollIntervalMs: 5, maxPollIntervalMs: 5, maxWaitMs: 50 }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/did not finish within .* \(status "queued"/);
  });
});
