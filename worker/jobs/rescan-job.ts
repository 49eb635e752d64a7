// The rescan job, sent by the nightly schedule (or by hand): runs the rescan and logs progress. A
// rescan already running elsewhere (the CLI, another worker) makes this one a no-op.
import { AppError } from '../../lib/errors.ts';
import { rescanDirectory, type RescanDependencies, type RescanSummary } from '../rescan-directory.ts';

/** Progress goes to the log about every tenth of the directory. */
const LOG_STEPS = 10;

export async function runRescanJob(deps: RescanDependencies): Promise<RescanSummary | null> {
  let nextLog = 0;
  try {
    return await rescanDirectory(deps, {
      onProgress: (p) => {
        if (p.done < nextLog && p.done < p.total) return;
        nextLog = p.done + Math.max(1, Math.ceil(p.total / LOG_STEPS));
        deps.logger?.info('rescan progress', { ...p });
      },
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') {
      deps.logger?.info('rescan skipped', { reason: err.message });
      return null;
    }
    throw err;
  }
}
