// Rescan runs (see migration 006): a lease that lets one rescan run at a time across processes,
// with its progress, kept alive by a heartbeat. A run whose heartbeat is older than the stale
// limit (its process died) is marked abandoned and no longer blocks a new one.
import type pg from 'pg';

export interface RescanCounts {
  total: number;
  done: number;
  regraded: number;
  skipped: number;
  failed: number;
  repositories: number;
  githubFailed: number;
}

export interface RescanRunRow extends RescanCounts {
  id: number;
  status: 'running' | 'done' | 'failed' | 'abandoned';
  startedAt: Date;
  heartbeatAt: Date;
}

/** Starts a run and returns its id, or returns the run that is alive instead. */
export async function claimRescanRun(
  pool: pg.Pool,
  rulesVersion: string,
  staleSeconds: number,
): Promise<{ id: number } | { running: RescanRunRow }> {
  // A run seen as alive may finish between the insert and the look-up: then try again.
  for (let attempt = 0; ; attempt++) {
    await pool.query(
      `UPDATE rescan_runs SET status = 'abandoned', finished_at = now()
        WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => $1)`,
      [staleSeconds],
    );
    const inserted = await pool.query<{ id: number }>(
      'INSERT INTO rescan_runs (rules_version) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id',
      [rulesVersion],
    );
    if (inserted.rows.length === 1) return { id: inserted.rows[0].id };
    const { rows } = await pool.query<RescanRunRow>(
      `SELECT id, status, started_at AS "startedAt", heartbeat_at AS "heartbeatAt", total, done, regraded, skipped, failed,
              repositories, github_failed AS "githubFailed"
         FROM rescan_runs WHERE status = 'running'`,
    );
    if (rows.length === 1) return { running: rows[0] };
    if (attempt >= 2) throw new Error('could not start a rescan run: the running one kept changing');
  }
}

export async function heartbeatRescanRun(pool: pg.Pool, id: number, counts: RescanCounts): Promise<void> {
  await pool.query(
    `UPDATE rescan_runs SET heartbeat_at = now(), total = $2, done = $3, regraded = $4, skipped = $5, failed = $6,
            repositories = $7, github_failed = $8
      WHERE id = $1`,
    [id, counts.total, counts.done, counts.regraded, counts.skipped, counts.failed, counts.repositories, counts.githubFailed],
  );
}

export async function finishRescanRun(pool: pg.Pool, id: number, status: 'done' | 'failed', counts: RescanCounts, error?: string): Promise<void> {
  await heartbeatRescanRun(pool, id, counts);
  await pool.query(`UPDATE rescan_runs SET status = $2, finished_at = now(), error = $3 WHERE id = $1`, [id, status, error ?? null]);
}
