// The success envelope of api-spec 2.5: `data`, `pagination` on lists, and `meta` with the key's
// remaining requests and tier.
import type { Response } from 'express';
import { keyOf } from './context.ts';

export interface Pagination {
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function paginationFor(totalCount: number, limit: number, offset: number): Pagination {
  return {
    page: Math.floor(offset / limit) + 1,
    limit,
    totalCount,
    totalPages: Math.ceil(totalCount / limit),
    hasNextPage: offset + limit < totalCount,
    hasPrevPage: offset > 0,
  };
}

export function sendData(res: Response, data: unknown, extra: { pagination?: Pagination; status?: number } = {}): void {
  const key = keyOf(res);
  const body: Record<string, unknown> = { data };
  if (extra.pagination) body.pagination = extra.pagination;
  body.meta = { requestsRemaining: key.remaining, tier: key.tier };
  res.status(extra.status ?? 200).json(body);
}

/**
 * The part of a 200 envelope that is the same for every caller of a tier (`data` and
 * `pagination`), serialised and encoded once so that a response cache can keep it;
 * sendEnvelopeHead completes it with `meta`.
 */
export function envelopeHead(data: unknown, pagination?: Pagination): Buffer {
  const head = `{"data":${JSON.stringify(data)}`;
  return Buffer.from(pagination ? `${head},"pagination":${JSON.stringify(pagination)},"meta":` : `${head},"meta":`);
}

/** Sends `{ data, pagination?, meta }` from an encoded head, as sendData would. */
export function sendEnvelopeHead(res: Response, head: Buffer): void {
  const key = keyOf(res);
  const meta = Buffer.from(`{"requestsRemaining":${key.remaining},"tier":${JSON.stringify(key.tier)}}}`);
  res.status(200).type('application/json; charset=utf-8').send(Buffer.concat([head, meta], head.length + meta.length));
}
