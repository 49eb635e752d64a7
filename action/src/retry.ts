// Sends an HTTP request again when the failure is likely to pass: the network failed or timed out,
// the server answered 5xx (a deploy, a database failover, a proxy), or 429 with a short
// Retry-After. Waits grow exponentially with jitter, so runners that failed together do not
// return together. A daily limit that resets hours later is returned at once: waiting would only
// hold the runner.

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Time limit of one request. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 1_000, maxDelayMs: 30_000, timeoutMs: 120_000 };

export type Log = (message: string) => void;

/** Thrown when every try failed without an HTTP answer. */
export class NetworkError extends Error {
  readonly attempts: number;
  constructor(message: string, attempts: number, cause: unknown) {
    super(message, { cause });
    this.name = 'NetworkError';
    this.attempts = attempts;
  }
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Seconds of a Retry-After header (delta-seconds or an HTTP date) in milliseconds, or null. */
export function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function backoffMs(policy: RetryPolicy, failedTries: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedTries - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

/** Why a request failed without an answer, in words: "ECONNREFUSED", "timed out after 120 s". */
export function describeNetworkFailure(error: unknown, policy: RetryPolicy): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError') return `no answer within ${Math.round(policy.timeoutMs / 1000)} s`;
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `send` (given a timeout signal) until it answers with a status that is final, the tries run
 * out, or a Retry-After is too long to wait. Returns the last answer; throws NetworkError when the
 * last try got none.
 */
export async function withRetry(
  describe: string,
  send: (signal: AbortSignal) => Promise<Response>,
  policy: RetryPolicy,
  log: Log,
): Promise<Response> {
  for (let tries = 1; ; tries++) {
    let response: Response | null = null;
    let failure: unknown = null;
    try {
      response = await send(AbortSignal.timeout(policy.timeoutMs));
    } catch (error) {
      failure = error;
    }
    if (response && !isRetryableStatus(response.status)) return response;
    const asked = response ? retryAfterMs(response) : null;
    const last = tries >= policy.attempts;
    if (response && (last || (asked !== null && asked > policy.maxDelayMs))) return response;
    if (!response && last) {
      throw new NetworkError(
        `could not reach ${describe} after ${tries} attempt${tries === 1 ? '' : 's'}: ${describeNetworkFailure(failure, policy)}`,
        tries,
        failure,
      );
    }
    const wait = asked ?? backoffMs(policy, tries);
    const why = response ? `HTTP ${response.status}` : describeNetworkFailure(failure, policy);
    log(`${describe}: ${why}; trying again in ${(wait / 1000).toFixed(1)} s (attempt ${tries + 1} of ${policy.attempts})`);
    // The body of a failed answer is not needed; reading it frees the connection.
    await response?.arrayBuffer().catch(() => undefined);
    await sleep(wait);
  }
}
