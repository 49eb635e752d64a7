// How the API learns that a scan finished. A worker in the same process signals directly; a
// worker elsewhere sends NOTIFY skillgate_scan_done (PostgreSQL only: the embedded database is one
// session, where notifications cannot be routed to a listener). Polling the scans table is the
// backstop for lost notifications and for the embedded case across processes.
import pg from 'pg';
import { finishedAmong } from '../db/scans.ts';
import type { Logger } from '../lib/logger.ts';

const CHANNEL = 'skillgate_scan_done';

export class ScanSignal {
  private readonly waiting = new Map<string, Set<() => void>>();
  private listener: pg.Client | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly pool: pg.Pool;
  private readonly options: { connectionString: string; listen: boolean; pollMs: number; logger: Logger };

  constructor(pool: pg.Pool, options: { connectionString: string; listen: boolean; pollMs?: number; logger: Logger }) {
    this.pool = pool;
    this.options = { pollMs: 250, ...options };
  }

  async start(): Promise<void> {
    if (this.options.listen) await this.connectListener();
  }

  private async connectListener(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (msg) => msg.payload && this.resolve(msg.payload));
    client.on('error', (err) => {
      this.options.logger.warn('scan listener lost; reconnecting', { err });
      this.listener = null;
      client.end().catch(() => {});
      setTimeout(() => void this.connectListener().catch(() => {}), 1000).unref();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    } catch (err) {
      this.options.logger.warn('scan listener could not connect; polling only', { err });
      client.end().catch(() => {});
      setTimeout(() => void this.connectListener().catch(() => {}), 1000).unref();
    }
  }

  private resolve(id: string): void {
    const waiters = this.waiting.get(id);
    if (!waiters) return;
    this.waiting.delete(id);
    for (const done of waiters) done();
  }

  private schedulePoll(): void {
    if (this.pollTimer || this.stopped) return;
    this.pollTimer = setTimeout(async () => {
      this.pollTimer = null;
      const ids = [...this.waiting.keys()];
      if (ids.length === 0) return;
      try {
        for (const id of await finishedAmong(this.pool, ids)) this.resolve(id);
      } catch {
        // the database is away; the next poll tries again
      }
      if (this.waiting.size > 0) this.schedulePoll();
    }, this.options.pollMs);
    this.pollTimer.unref();
  }

  /** Resolves true when the scan finished, false when `timeoutMs` passed first. */
  waitFor(id: string, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      let settled = false;
      const done = (value: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.waiting.get(id)?.delete(onDone);
        if (this.waiting.get(id)?.size === 0) this.waiting.delete(id);
        resolve(value);
      };
      const onDone = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      if (!this.waiting.has(id)) this.waiting.set(id, new Set());
      this.waiting.get(id)!.add(onDone);
      this.schedulePoll();
    });
  }

  /** Called by a worker when a scan finished: wakes waiters here and, through NOTIFY, elsewhere. */
  async announce(id: string): Promise<void> {
    this.resolve(id);
    if (this.options.listen) await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, id]).catch(() => {});
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    await this.listener?.end().catch(() => {});
    this.listener = null;
  }
}
