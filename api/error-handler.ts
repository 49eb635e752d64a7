// Turns every failure into the error envelope { error: { code, message, ...details } }.
// Expected failures arrive as AppError; body-parser errors are the caller's fault (400/413/415);
// anything else is a bug: logged with its stack, answered 500 without internals.
import type { NextFunction, Request, Response } from 'express';
import { AppError, ERROR_STATUS } from '../lib/errors.ts';
import type { RequestLocals } from './context.ts';

function fromFrameworkError(err: unknown): AppError | null {
  const e = err as { type?: string; status?: number; expose?: boolean; message?: string };
  if (e?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (e?.type === 'entity.parse.failed') return new AppError('INVALID_INPUT', 'The request body is not valid JSON');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', e.message ?? 'Unsupported content encoding');
  }
  if (err instanceof URIError) return new AppError('INVALID_INPUT', 'The URL holds malformed percent-encoding');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new AppError('INVALID_INPUT', e.expose && e.message ? e.message : 'Bad request');
  }
  return null;
}

// Connection refused or reset, the server shutting down or starting up, connection exceptions:
// the database is away for a moment, which is worth a retry, not a bug.
const DATABASE_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && (DATABASE_UNAVAILABLE.has(e.code) || e.code.startsWith('08'))) return true;
  return typeof e?.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message);
}

export function sendError(res: Response, err: AppError): void {
  res.status(ERROR_STATUS[err.code]).json({ error: { code: err.code, message: err.message, ...err.details } });
}

export function errorHandler() {
  return (err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const known = err instanceof AppError ? err : fromFrameworkError(err);
    if (known) return sendError(res, known);
    if (isDatabaseUnavailable(err)) {
      (res.locals as RequestLocals).log?.warn('database unavailable', { err });
      res.setHeader('Retry-After', '2');
      return sendError(res, new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable for a moment; retry shortly'));
    }
    (res.locals as RequestLocals).log?.error('unhandled error', { err });
    sendError(res, new AppError('INTERNAL_ERROR', 'Something went wrong on our side; the request id is in X-Request-Id'));
  };
}

export function notFoundHandler() {
  return (req: Request, res: Response) => {
    sendError(res, new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}`));
  };
}
