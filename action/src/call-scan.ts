// POST /api/v1/scan with the ZIP, `fail_below` and `folder`, and the answer as an outcome the run
// acts on: a graded result (200, or 422 when below the threshold), several skills without a
// folder (409), or an error whose message says what to change. When the server's wait bound
// passes it answers 202 with a status URL, which is polled until the scan is finished.
import type { ScanResult } from '../../worker/scanner/types.ts';
import { DEFAULT_RETRY, withRetry, type Log, type RetryPolicy } from './retry.ts';

export interface ScanRequest {
  apiUrl: string;
  apiKey: string;
  zip: Buffer;
  /** "" sends no folder. */
  folder: string;
  failBelow: string;
}

export interface ScanOptions {
  retry?: RetryPolicy;
  /** First wait between polls of a 202; it doubles up to `maxPollIntervalMs`. */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** How long to poll before giving up. */
  maxWaitMs?: number;
  log?: Log;
}

export type ScanOutcome =
  | { kind: 'graded'; result: ScanResult; belowThreshold: boolean; scanId: string | null }
  | { kind: 'multiple-skills'; folders: string[]; message: string };

/** The service refused or failed the scan; `message` is meant for the person reading the log. */
export class ScanFailure extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ScanFailure';
    this.status = status;
    this.code = code;
  }
}

interface ErrorBody {
  code: string;
  message: string;
  folders?: string[];
}

const USER_AGENT = 'skillgate-action';

async function readBody(response: Response): Promise<any> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { error: { code: `HTTP_${response.status}`, message: text.slice(0, 300).trim() || response.statusText } };
  }
}

/** What to tell the person who set up the workflow, by error code. */
function explain(status: number, error: ErrorBody, attempts: number): string {
  const what = `${error.code}: ${error.message}`;
  switch (error.code) {
    case 'MISSING_API_KEY':
    case 'INVALID_API_KEY':
      return `The skillgate API refused the key (${what}). Check the api-key input: a Pro key kept in a repository secret.`;
    case 'TIER_RESTRICTED':
      return `The key cannot use the scan endpoint (${what}). The scan endpoint needs a Pro key.`;
    case 'RATE_LIMIT_EXCEEDED':
      return `The key's daily request limit is reached (${what}).`;
    case 'PAYLOAD_TOO_LARGE':
      return `The skills are too large to scan (${what}). Point "path" or "folder" at fewer skills.`;
    case 'INVALID_PARAMETER':
      return error.folders
        ? `${error.message}. Set "folder" to one of: ${error.folders.join(', ')} (relative to "path"), or "*" for all.`
        : `The scan request was refused (${what}).`;
    default:
      if (status === 0) return `The scan failed (${what}).`;
      if (status >= 500) return `The skillgate API failed (HTTP ${status}, ${what}) after ${attempts} attempt${attempts === 1 ? '' : 's'}.`;
      return `The scan was refused (HTTP ${status}, ${what}).`;
  }
}

function failureFrom(status: number, body: any, attempts: number): ScanFailure | ScanOutcome {
  const error: ErrorBody = {
    code: String(body?.error?.code ?? `HTTP_${status}`),
    message: String(body?.error?.message ?? 'no message'),
    folders: Array.isArray(body?.error?.folders) ? body.error.folders.map(String) : undefined,
  };
  if (error.code === 'MULTIPLE_SKILLS') return { kind: 'multiple-skills', folders: error.folders ?? [], message: error.message };
  return new ScanFailure(status, error.code, explain(status, error, attempts));
}

function isScanResult(value: any): value is ScanResult {
  return value && typeof value.grade === 'string' && Array.isArray(value.skills) && Array.isArray(value.findings);
}

function graded(result: unknown, belowThreshold: boolean, scanId: string | null): ScanOutcome {
  if (!isScanResult(result)) throw new ScanFailure(200, 'BAD_RESPONSE', 'The skillgate API answered without a scan result; is api-url the skillgate service?');
  return { kind: 'graded', result, belowThreshold, scanId };
}

export async function callScan(request: ScanRequest, options: ScanOptions = {}): Promise<ScanOutcome> {
  const policy = options.retry ?? DEFAULT_RETRY;
  const log = options.log ?? (() => undefined);
  const headers = { authorization: `Bearer ${request.apiKey}`, 'user-agent': USER_AGENT, accept: 'application/json' };
  const url = new URL(`${request.apiUrl}/api/v1/scan`);
  url.searchParams.set('fail_below', request.failBelow);
  if (request.folder) url.searchParams.set('folder', request.folder);

  let attempts = 0;
  const response = await withRetry(
    `the skillgate API at ${request.apiUrl}`,
    (signal) => {
      attempts++;
      const form = new FormData();
      form.append('zip', new Blob([new Uint8Array(request.zip)], { type: 'application/zip' }), 'skills.zip');
      return fetch(url, { method: 'POST', body: form, headers, signal });
    },
    policy,
    log,
  );
  const body = await readBody(response);
  const scanId = response.headers.get('x-scan-id');
  if (response.status === 200) return graded(body?.data, false, scanId);
  if (response.status === 422 && body?.error?.code === 'GRADE_BELOW_THRESHOLD') return graded(body.data, true, scanId);
  if (response.status === 202 && typeof body?.data?.statusUrl === 'string') {
    return pollScan(request, body.data.statusUrl, headers, policy, options, log);
  }
  const outcome = failureFrom(response.status, body, attempts);
  if (outcome instanceof ScanFailure) throw outcome;
  return outcome;
}

/** The status URL is a path on the service; the service may sit under a path prefix of api-url. */
function resolveStatusUrl(apiUrl: string, statusUrl: string): string {
  return /^https?:\/\//i.test(statusUrl) ? statusUrl : `${apiUrl}${statusUrl.startsWith('/') ? '' : '/'}${statusUrl}`;
}

async function pollScan(
  request: ScanRequest,
  statusUrl: string,
  headers: Record<string, string>,
  policy: RetryPolicy,
  options: ScanOptions,
  log: Log,
): Promise<ScanOutcome> {
  const url = resolveStatusUrl(request.apiUrl, statusUrl);
  const maxWaitMs = options.maxWaitMs ?? 15 * 60_000;
  let interval = options.pollIntervalMs ?? 500;
  const deadline = Date.now() + maxWaitMs;
  log(`The scan is queued; waiting for it at ${url}`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, interval));
    interval = Math.min(interval * 2, options.maxPollIntervalMs ?? 5_000);
    const response = await withRetry(`the skillgate API at ${request.apiUrl}`, (signal) => fetch(url, { headers, signal }), policy, log);
    const body = await readBody(response);
    if (response.status !== 200) {
      const outcome = failureFrom(response.status, body, policy.attempts);
      if (outcome instanceof ScanFailure) throw outcome;
      return outcome;
    }
    const scan = body?.data ?? {};
    if (scan.status === 'done') return graded(scan.result, scan.belowThreshold === true, String(scan.id ?? ''));
    if (scan.status === 'failed') {
      const outcome = failureFrom(0, { error: scan.error ?? { code: 'SCAN_FAILED', message: 'the scan failed' } }, 1);
      if (outcome instanceof ScanFailure) throw outcome;
      return outcome;
    }
    if (Date.now() > deadline) {
      throw new ScanFailure(0, 'TIMEOUT', `The scan did not finish within ${maxWaitMs >= 120_000 ? `${Math.round(maxWaitMs / 60_000)} minutes` : `${Math.round(maxWaitMs / 1000)} s`} (status "${scan.status}" at ${url}).`);
    }
  }
}
