// Gives every request an id (taken from X-Request-Id when sane, else new), echoes it in the
// response, and logs one line per request when it finishes.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../../lib/logger.ts';
import type { RequestLocals } from '../context.ts';

export function requestContext(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    const log = logger.child({ requestId });
    Object.assign(res.locals, { requestId, log } satisfies RequestLocals);
    res.setHeader('X-Request-Id', requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const key = (res.locals as RequestLocals).key;
      log.info('request', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        keyPrefix: key?.prefix,
      });
    });
    next();
  };
}
