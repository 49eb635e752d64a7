// Submitting a scan and waiting for it: the API never scans inline. The input is stored with the
// scan row, a job is sent, and the caller waits (bounded) for a worker to finish it. Shared by the
// REST scan endpoint and the tool server.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { AppError } from '../lib/errors.ts';
import { getScan, insertScan, type ScanRow } from '../db/scans.ts';
import { withTransaction } from '../db/pool.ts';
import { parseGitHubUrl } from '../worker/github/parse-url.ts';
import { QUEUES } from '../worker/queues.ts';
import type { ScanSignal } from '../worker/scan-signal.ts';

export type ScanSubmission =
  | { kind: 'zip'; bytes: Buffer }
  | { kind: 'content'; text: string }
  | { kind: 'url'; url: string }
  | { kind: 'files'; files: { path: string; content: string }[] };

export interface ScanService {
  submit(submission: ScanSubmission, options: { keyId: number | null; folder?: string; failBelow?: string }): Promise<string>;
  /** The scan once finished, or as it stands when `waitMs` passes. */
  waitFor(id: string, waitMs: number): Promise<ScanRow>;
}

function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

export function createScanService(deps: {
  pool: pg.Pool;
  boss: PgBoss;
  signal: ScanSignal;
  embedded: boolean;
  /** Wakes scan workers running in this process, so a new job starts without waiting for a poll. */
  wakeLocalWorkers: () => void;
}): ScanService {
  return {
    async submit(submission, options) {
      let input: Buffer | null = null;
      let sourceUrl: string | null = null;
      switch (submission.kind) {
        case 'zip':
          if (!isZip(submission.bytes)) throw new AppError('INVALID_INPUT', 'the "zip" upload is not a ZIP archive');
          input = submission.bytes;
          break;
        case 'content':
          input = Buffer.from(submission.text, 'utf8');
          break;
        case 'files':
          input = Buffer.from(JSON.stringify(submission.files), 'utf8');
          break;
        case 'url':
          parseGitHubUrl(submission.url); // refuses anything but a github.com repository before any request
          sourceUrl = submission.url;
          break;
      }
      const id = randomUUID();
      const row = {
        id,
        keyId: options.keyId,
        inputKind: submission.kind,
        input,
        sourceUrl,
        folder: options.folder ?? null,
        failBelow: options.failBelow ?? null,
      };
      if (deps.embedded) {
        // The embedded database is one session: a transaction there holds every other connection,
        // including the queue's own, so the row and the job are written one after the other.
        await insertScan(deps.pool, row);
        await deps.boss.send(QUEUES.scan, { scanId: id }, { id });
      } else {
        // The scan row and its job commit together: a database failure in between leaves neither,
        // so every scan the caller was told about has a job that will run.
        await withTransaction(deps.pool, async (client) => {
          await insertScan(client, row);
          await deps.boss.send(QUEUES.scan, { scanId: id }, { id, db: { executeSql: (text, values) => client.query(text, values) } });
        });
      }
      deps.wakeLocalWorkers();
      return id;
    },
    async waitFor(id, waitMs) {
      if (waitMs > 0) await deps.signal.waitFor(id, waitMs);
      const row = await getScan(deps.pool, id);
      if (!row) throw new AppError('NOT_FOUND', `No scan with id "${id}"`);
      return row;
    },
  };
}
