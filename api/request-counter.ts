// Counts requests against their keys' daily limits in batches: while the limiter's statements are
// in flight, arriving requests wait and go together in the next one (db/keys.ts counts a batch in
// one round trip, exactly). At low load every request gets a statement of its own at once; under
// load a statement serves many requests, so the database does a fraction of the work per request.
import type pg from 'pg';
import type { Tier } from '../lib/tiers.ts';
import { findKeysAndCountRequests, type AuthenticatedRequest, type PresentedKey } from '../db/keys.ts';

interface Waiting {
  key: PresentedKey;
  resolve: (row: AuthenticatedRequest | null) => void;
  reject: (err: unknown) => void;
}

export interface RequestCounterOptions {
  /** Statements in flight at once; more waiting requests join the next batch. */
  maxInFlight?: number;
  /** Requests per statement at most. */
  maxBatch?: number;
}

export class RequestCounter {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private readonly pool: pg.Pool;
  private readonly dailyLimits: Readonly<Record<Tier, number>>;

  constructor(pool: pg.Pool, dailyLimits: Readonly<Record<Tier, number>>, options: RequestCounterOptions = {}) {
    this.pool = pool;
    this.dailyLimits = dailyLimits;
    this.maxInFlight = Math.max(1, options.maxInFlight ?? 1);
    this.maxBatch = Math.max(1, options.maxBatch ?? 200);
  }

  /** The request's key (null: no key has its prefix) with today's count including it, when counted. */
  count(key: PresentedKey): Promise<AuthenticatedRequest | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      findKeysAndCountRequests(this.pool, batch.map((w) => w.key), this.dailyLimits).then(
        (rows) => batch.forEach((w, i) => w.resolve(rows[i])),
        (err) => batch.forEach((w) => w.reject(err)),
      ).finally(() => {
        this.inFlight--;
        this.send();
      });
    }
  }
}
