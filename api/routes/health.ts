// /healthz answers while the process lives; /readyz only when the database answers and the
// server is not shutting down, so a load balancer stops sending traffic before the exit.
import type { Request, Response } from 'express';
import type pg from 'pg';

export function healthRoute() {
  return (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  };
}

export function readyRoute(pool: pg.Pool, isShuttingDown: () => boolean) {
  return async (_req: Request, res: Response) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    try {
      await pool.query('SELECT 1');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'database-unavailable' });
    }
  };
}
