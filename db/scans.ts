// Scan rows: created by the API, claimed and finished by workers, read back by the API.
import type pg from 'pg';
import { statement } from './capabilities.ts';

export type ScanStatus = 'queued' | 'running' | 'done' | 'failed';
export type ScanInputKind = 'zip' | 'content' | 'url' | 'files';

export interface ScanError {
  code: string;
  message: string;
  [extra: string]: unknown;
}

export interface ScanRow {
  id: string;
  keyId: number | null;
  status: ScanStatus;
  inputKind: ScanInputKind;
  sourceUrl: string | null;
  folder: string | null;
  failBelow: string | null;
  result: Record<string, unknown> | null;
  error: ScanError | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const COLUMNS = `id, key_id AS "keyId", status, input_kind AS "inputKind", source_url AS "sourceUrl", folder,
  fail_below AS "failBelow", result, error, attempts, created_at AS "createdAt", started_at AS "startedAt",
  finished_at AS "finishedAt"`;

export async function insertScan(
  pool: pg.Pool | pg.PoolClient,
  scan: { id: string; keyId: number | null; inputKind: ScanInputKind; input: Buffer | null; sourceUrl: string | null; folder: string | null; failBelow: string | null },
): Promise<void> {
  await pool.query(
    `INSERT INTO scans (id, key_id, input_kind, input, source_url, folder, fail_below) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [scan.id, scan.keyId, scan.inputKind, scan.input, scan.sourceUrl, scan.folder, scan.failBelow],
  );
}

export async function getScan(pool: pg.Pool, id: string): Promise<ScanRow | null> {
  const { rows } = await pool.query(statement(pool, 'skillgate_get_scan', `SELECT ${COLUMNS} FROM scans WHERE id = $1`, [id]));
  return rows[0] ?? null;
}

/** Marks a scan running and returns what the worker needs, or null when it is already finished. */
export async function claimScan(pool: pg.Pool, id: string): Promise<{ row: ScanRow; input: Buffer | null } | null> {
  const { rows } = await pool.query(
    statement(pool, 'skillgate_claim_scan',
      `UPDATE scans SET status = 'running', attempts = attempts + 1, started_at = COALESCE(started_at, now())
        WHERE id = $1 AND status IN ('queued', 'running')
        RETURNING ${COLUMNS}, input`, [id]),
  );
  if (!rows[0]) return null;
  const { input, ...row } = rows[0];
  return { row, input };
}

/**
 * Records the outcome once: the first worker to finish wins, a late duplicate changes nothing.
 * The input is dropped with it: it is no longer needed.
 */
export async function finishScan(
  pool: pg.Pool,
  id: string,
  outcome: { status: 'done'; result: unknown } | { status: 'failed'; error: ScanError },
): Promise<boolean> {
  const { rowCount } = await pool.query(
    statement(pool, 'skillgate_finish_scan',
      `UPDATE scans SET status = $2, result = $3, error = $4, input = NULL, finished_at = now()
        WHERE id = $1 AND status IN ('queued', 'running')`,
      [id, outcome.status, outcome.status === 'done' ? JSON.stringify(outcome.result) : null,
        outcome.status === 'failed' ? JSON.stringify(outcome.error) : null]),
  );
  return rowCount === 1;
}

/** Keeps the error of a failed attempt, which becomes the scan's error if no attempt succeeds. */
export async function recordAttemptError(pool: pg.Pool, id: string, error: ScanError): Promise<void> {
  await pool.query(`UPDATE scans SET error = $2 WHERE id = $1 AND status IN ('queued', 'running')`, [id, JSON.stringify(error)]);
}

/** Of these scans, the ones that have finished. */
export async function finishedAmong(pool: pg.Pool, ids: string[]): Promise<string[]> {
  const { rows } = await pool.query(`SELECT id FROM scans WHERE id = ANY($1::uuid[]) AND status IN ('done', 'failed')`, [ids]);
  return rows.map((r) => r.id);
}
