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
 * `pagination`, serialised), which a response cache can keep; sendEnvelopeHead adds `meta`.
 */
export function envelopeHead(data: unknown, pagination?: Pagination): string {
  const head = `"data":${JSON.stringify(data)}`;
  return pagination ? `${head},"pagination":${JSON.stringify(pagination)}` : head;
}

/** Sends `{ data, pagination?, meta }` from a serialised head, as sendData would. */
export function sendEnvelopeHead(res: Response, head: string): void {
  const key = keyOf(res);
  res.status(200).type('application/json').send(`{${head},"meta":${JSON.stringify({ requestsRemaining: key.remaining, tier: key.tier })}}`);
}
