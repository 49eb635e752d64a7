// The import job: imports one repository into the directory. A target that cannot be imported
// (bad name, no such repository or path, no skills, too large) is logged and the job completes;
// GitHub or database trouble is thrown so that pg-boss retries with back-off.
import type { PgBoss } from 'pg-boss';
import { AppError } from '../../lib/errors.ts';
import { QUEUES } from '../queues.ts';
import { importRepository, type ImportDependencies, type ImportResult } from '../import-repository.ts';

export interface ImportJobData {
  /** owner/repo, owner/repo/path or a github.com link. */
  target: string;
  ref?: string;
}

const RETRYABLE: ReadonlySet<string> = new Set(['UPSTREAM_ERROR', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);

export async function runImportJob(deps: ImportDependencies, data: ImportJobData): Promise<ImportResult | null> {
  try {
    return await importRepository(deps, data.target, { ref: data.ref });
  } catch (err) {
    if (err instanceof AppError && !RETRYABLE.has(err.code)) {
      deps.logger?.warn('import refused', { target: data.target, ref: data.ref ?? null, code: err.code, error: err.message });
      return null;
    }
    throw err;
  }
}

/**
 * Queues an import. Two imports of one repository may be queued; they run one after the other
 * (the import locks the repository's row), and the second finds nothing left to change.
 */
export async function sendImportJob(boss: PgBoss, data: ImportJobData): Promise<string | null> {
  return boss.send(QUEUES.import, data);
}
