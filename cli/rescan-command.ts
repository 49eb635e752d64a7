// skillgate rescan: runs the nightly rescan now, printing progress (done/total, regraded, skipped,
// failed) on stderr and a summary on stdout. Refuses to start while another rescan runs.
import type { Config } from '../lib/config.ts';
import type { Database } from '../db/connect.ts';
import { createGitHubClient } from '../worker/github/client.ts';
import { rescanDirectory, type RescanProgress } from '../worker/rescan-directory.ts';
import { parseArgs, rejectUnknownFlags, stringFlag, UsageError } from './args.ts';
import type { CommandIo } from './io.ts';

export const RESCAN_USAGE = `usage: skillgate rescan [--no-github] [--threads N] [--batch-size N]
  --no-github      do not refresh stars, forks and language of imported skills
  --threads N      grading threads (default one per core; 0 grades on the main thread)`;

/** At most one progress line per interval, plus the last one. */
const PROGRESS_INTERVAL_MS = 1000;

export function formatProgress(p: RescanProgress): string {
  const percent = p.total ? Math.floor((100 * p.done) / p.total) : 100;
  return `rescan ${p.done}/${p.total} (${percent}%): ${p.regraded} regraded, ${p.skipped} skipped, ${p.failed} failed`;
}

function wholeNumber(args: ReturnType<typeof parseArgs>, name: string, min: number, max: number): number | undefined {
  const raw = stringFlag(args, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

export async function runRescanCommand(argv: string[], db: () => Promise<Database>, io: CommandIo, config: Config): Promise<number> {
  const args = parseArgs(argv, ['no-github']);
  rejectUnknownFlags(args, ['no-github', 'batch-size', 'threads']);
  if (args.positional.length) throw new UsageError(RESCAN_USAGE);
  const batchSize = wholeNumber(args, 'batch-size', 1, 10_000);
  const threads = wholeNumber(args, 'threads', 0, 64);
  const github = args.flags.has('no-github') ? null : createGitHubClient({ baseUrl: config.github.apiUrl, token: config.github.token });
  let lastPrinted = 0;
  const summary = await rescanDirectory(
    { pool: (await db()).pool, github },
    {
      batchSize,
      threads,
      onProgress: (p) => {
        const now = Date.now();
        if (now - lastPrinted < PROGRESS_INTERVAL_MS && p.done < p.total) return;
        lastPrinted = now;
        io.stderr(formatProgress(p));
      },
    },
  );
  const seconds = summary.durationMs / 1000;
  const rate = seconds > 0 ? Math.round(summary.done / seconds) : summary.done;
  io.stdout(
    `Rescanned ${summary.done} skills in ${seconds.toFixed(1)} s (${rate} skills/s): ${summary.regraded} regraded, ` +
      `${summary.skipped} skipped, ${summary.failed} failed; rules ${summary.rulesVersion}.`,
  );
  if (github) io.stdout(`GitHub metadata: ${summary.repositories} repositories, ${summary.githubFailed} failed.`);
  return 0;
}
