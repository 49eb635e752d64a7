// What the middleware learns about a request and hands to the routes (res.locals).
import type { Response } from 'express';
import type { Tier } from '../lib/tiers.ts';
import type { Logger } from '../lib/logger.ts';

export interface KeyContext {
  keyId: number;
  prefix: string;
  name: string;
  tier: Tier;
  createdAt: Date;
  requestsToday: number;
  limit: number;
  remaining: number;
  resetAt: Date;
  /** The directory's version when the request was counted: cached skill reads must match it. */
  directoryVersion?: string;
}

export interface RequestLocals {
  requestId: string;
  log: Logger;
  key?: KeyContext;
}

export function locals(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}

/** The authenticated key; routes behind the authenticate middleware always have one. */
export function keyOf(res: Response): KeyContext {
  const key = locals(res).key;
  if (!key) throw new Error('route reached without an authenticated key');
  return key;
}
