// GET /api/v1/stats: the calling key, today's usage and the last 7 days (api-spec 2.3, 4.5).
import type { Request, Response } from 'express';
import type pg from 'pg';
import { usageByDay } from '../../db/usage.ts';
import { lastUtcDays } from '../../lib/utc-day.ts';
import { keyOf } from '../context.ts';
import { sendData } from '../respond.ts';

const HISTORY_DAYS = 7;

export function statsRoute(pool: pg.Pool) {
  return async (_req: Request, res: Response) => {
    const key = keyOf(res);
    // The day of the reset minus one is the day the request was counted on, by the database's clock.
    const today = new Date(key.resetAt.getTime() - 1);
    const days = lastUtcDays(today, HISTORY_DAYS);
    const counts = await usageByDay(pool, key.keyId, days[0]);
    sendData(res, {
      key: {
        prefix: key.prefix,
        name: key.name,
        tier: key.tier,
        status: 'active',
        createdAt: key.createdAt.toISOString(),
      },
      usage: {
        today: key.requestsToday,
        remaining: key.remaining,
        limit: key.limit,
        resetAt: key.resetAt.toISOString(),
      },
      history: days.map((date) => ({ date, requests: counts.get(date) ?? 0 })),
    });
  };
}
