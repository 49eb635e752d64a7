// The scan job: load the stored input, grade it, record the result once, and wake the API.
// Problems with the input (not a ZIP, no SKILL.md, several skills, too large) are answers, not
// failures: they are recorded at once and never retried. Anything else (GitHub down, database
// away) is thrown, so pg-boss retries with back-off; after the last attempt the dead-letter
// handler records the scan as failed, so no caller waits forever.
import type pg from 'pg';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { claimScan, finishScan, getScan, recordAttemptError } from '../../db/scans.ts';
import { scan } from '../scanner/index.ts';
import { loadScanInput, type InputDependencies } from '../scan-input.ts';
import type { ScanSignal } from '../scan-signal.ts';

export interface ScanJobDependencies extends InputDependencies {
  pool: pg.Pool;
  signal: ScanSignal;
  logger: Logger;
}

// Input errors are final; an unreachable upstream is worth another attempt.
const RETRYABLE: ReadonlySet<string> = new Set(['UPSTREAM_ERROR', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);

export async function runScanJob(deps: ScanJobDependencies, scanId: string): Promise<void> {
  const claimed = await claimScan(deps.pool, scanId);
  if (!claimed) return; // finished by an earlier attempt
  const { row, input } = claimed;
  try {
    const loaded = await loadScanInput(row.inputKind, input, row.sourceUrl, deps);
    const report = scan(loaded.files, { folder: row.folder ?? undefined });
    const result = { ...report, skipped: [...loaded.skipped, ...report.skipped] };
    await finishScan(deps.pool, scanId, { status: 'done', result });
  } catch (err) {
    if (!(err instanceof AppError) || RETRYABLE.has(err.code)) {
      const error = err instanceof AppError ? { code: err.code, message: err.message } : { code: 'INTERNAL_ERROR', message: 'The scan failed unexpectedly' };
      await recordAttemptError(deps.pool, scanId, error).catch(() => {});
      throw err;
    }
    await finishScan(deps.pool, scanId, { status: 'failed', error: { code: err.code, message: err.message, ...err.details } });
  }
  await deps.signal.announce(scanId);
}

/** Called for a scan whose job failed every attempt. */
export async function failDeadScan(deps: ScanJobDependencies, scanId: string): Promise<void> {
  const row = await getScan(deps.pool, scanId);
  if (!row) return;
  const error = row.error ?? { code: 'INTERNAL_ERROR', message: 'The scan could not be completed after several attempts; try again later' };
  if (await finishScan(deps.pool, scanId, { status: 'failed', error })) deps.logger.warn('scan failed after retries', { scanId, error });
  await deps.signal.announce(scanId);
}
