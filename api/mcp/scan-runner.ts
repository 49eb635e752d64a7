// Grading through the worker pipeline of POST /api/v1/scan (api/scan-service.ts): store the input,
// send the job, wait for the result within the same bound. A scan that failed becomes the AppError
// it recorded; one still running when the wait ends is a SERVICE_UNAVAILABLE naming its scan id.
import { AppError, ERROR_STATUS, type ErrorCode } from '../../lib/errors.ts';
import type { ScanService, ScanSubmission } from '../scan-service.ts';
import type { ScanReport } from '../../worker/scanner/index.ts';

export interface FinishedScan {
  scanId: string;
  result: ScanReport;
}

export interface ScanRunner {
  run(submission: ScanSubmission, options?: { folder?: string; failBelow?: string }): Promise<FinishedScan>;
}

export function createScanRunner(service: ScanService, keyId: number, waitMs: number): ScanRunner {
  return {
    async run(submission, options = {}) {
      const scanId = await service.submit(submission, { keyId, folder: options.folder, failBelow: options.failBelow });
      const row = await service.waitFor(scanId, waitMs);
      if (row.status === 'failed') {
        const { code, message, ...details } = row.error ?? { code: 'INTERNAL_ERROR', message: 'The scan failed' };
        const known = (code in ERROR_STATUS ? code : 'INTERNAL_ERROR') as ErrorCode;
        throw new AppError(known, message, { ...details, scanId });
      }
      if (row.status !== 'done') {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `The scan did not finish within ${Math.round(waitMs / 1000)} s; it goes on as scan ${scanId} (GET /api/v1/scans/${scanId})`,
          { scanId },
        );
      }
      return { scanId, result: row.result as unknown as ScanReport };
    },
  };
}
