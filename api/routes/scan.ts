// POST /api/v1/scan and GET /api/v1/scans/:id (api-spec 4.6): grade a caller's skill through the
// workers, answering with the result when it is ready within the wait bound, else 202 and an id.
import type { Request, Response } from 'express';
import { AppError, ERROR_STATUS, type ErrorCode } from '../../lib/errors.ts';
import { isWorseThan, parseGradeLetter, type GradeLetter } from '../../lib/grades.ts';
import type { ScanRow } from '../../db/scans.ts';
import { keyOf } from '../context.ts';
import { boolParam, stringParam } from '../params.ts';
import { sendData } from '../respond.ts';
import { readScanInput } from '../scan-body.ts';
import type { ScanService } from '../scan-service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function statusUrl(id: string): string {
  return `/api/v1/scans/${id}`;
}

/** Answers a finished scan: its result (200 or 422 under the threshold) or its error. */
function sendFinished(res: Response, row: ScanRow): void {
  res.setHeader('X-Scan-Id', row.id);
  const key = keyOf(res);
  const meta = { requestsRemaining: key.remaining, tier: key.tier, scanId: row.id };
  if (row.status === 'failed') {
    const error = row.error ?? { code: 'INTERNAL_ERROR', message: 'The scan failed' };
    const status = ERROR_STATUS[error.code as ErrorCode] ?? 500;
    res.status(status).json({ error });
    return;
  }
  const result = row.result as { grade: GradeLetter };
  if (row.failBelow && isWorseThan(result.grade, row.failBelow as GradeLetter)) {
    res.status(422).json({
      error: {
        code: 'GRADE_BELOW_THRESHOLD',
        message: `grade ${result.grade} is worse than the threshold ${row.failBelow} (fail_below)`,
      },
      data: result,
      meta,
    });
    return;
  }
  res.status(200).json({ data: result, meta });
}

export function postScanRoute(service: ScanService, options: { maxUploadBytes: number; waitMs: number }) {
  return async (req: Request, res: Response) => {
    const failBelowText = stringParam(req.query, 'fail_below', 5);
    const failBelow = failBelowText === undefined ? undefined : parseGradeLetter(failBelowText, 'fail_below');
    const folder = stringParam(req.query, 'folder', 500);
    const asyncMode = boolParam(req.query, 'async') ?? false;
    const input = await readScanInput(req, options.maxUploadBytes);
    const submission = input.kind === 'zip' ? { kind: 'zip' as const, bytes: input.bytes } : input;
    const id = await service.submit(submission, { keyId: keyOf(res).keyId, folder, failBelow });
    const row = await service.waitFor(id, asyncMode ? 0 : options.waitMs);
    if (row.status === 'done' || row.status === 'failed') return sendFinished(res, row);
    res.setHeader('Location', statusUrl(id));
    res.setHeader('X-Scan-Id', id);
    sendData(res, { id, status: row.status, statusUrl: statusUrl(id) }, { status: 202 });
  };
}

export function getScanRoute(service: ScanService) {
  return async (req: Request<{ id: string }>, res: Response) => {
    const id = req.params.id;
    const notFound = new AppError('NOT_FOUND', `No scan with id "${id.slice(0, 100)}"`);
    if (!UUID.test(id)) throw notFound;
    const row = await service.waitFor(id, 0).catch(() => null);
    // A scan belongs to the key that started it; others cannot tell it exists.
    if (!row || row.keyId !== keyOf(res).keyId) throw notFound;
    const belowThreshold =
      row.status === 'done' && row.failBelow ? isWorseThan((row.result as { grade: GradeLetter }).grade, row.failBelow as GradeLetter) : null;
    sendData(res, {
      id: row.id,
      status: row.status,
      failBelow: row.failBelow,
      folder: row.folder,
      belowThreshold,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      result: row.result,
      error: row.error,
    });
  };
}
