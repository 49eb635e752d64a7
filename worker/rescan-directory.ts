// The nightly rescan: regrades every directory skill whose grade is out of date (graded with
// another rule set, or its content differs from what was last graded) and skips the rest without
// reading their content; refreshes the GitHub metadata of imported skills once per repository.
//
// The directory is walked in keyset batches by id. While one batch is graded (in this process, on
// worker threads, one per core by default), the next one is being read and the previous one
// written, each write one statement for the whole batch. Only one rescan runs at a time across
// processes (db/rescan-runs.ts).
import os from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type pg from 'pg';
import { AppError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import { countDirectorySkills, readRescanBatch, readSkillFiles, writeRegrades, type RegradeRow, type RescanCandidate } from '../db/rescan.ts';
import { claimRescanRun, finishRescanRun, heartbeatRescanRun, type RescanCounts } from '../db/rescan-runs.ts';
import type { GitHubClient } from './github/client.ts';
import { gradeSkill, type SkillFile, type SkillGrade } from './grade-skill.ts';
import { createGradePool, type GradeOutcome, type GradePool, type GradeTask } from './grade-pool.ts';
import { RULES_VERSION } from './scanner/index.ts';
import { refreshRepositories, type RefreshSummary } from './refresh-repositories.ts';

export interface RescanDependencies {
  pool: pg.Pool;
  /** Without a client, GitHub metadata is not refreshed. */
  github?: GitHubClient | null;
  logger?: Logger;
  /**
   * A grading function to call on the event loop instead of the scanner on threads, and the
   * rule-set version it grades with (tests and benchmarks substitute them).
   */
  grade?: (files: SkillFile[]) => SkillGrade;
  rulesVersion?: string;
}

export interface RescanProgress {
  done: number;
  total: number;
  regraded: number;
  skipped: number;
  failed: number;
}

export interface RescanOptions {
  batchSize?: number;
  onProgress?: (progress: RescanProgress) => void;
  /** A running rescan whose heartbeat is older than this is taken as dead. */
  staleSeconds?: number;
  /** Grading threads; 0 grades on the event loop. Default: one per core, at most 8. */
  threads?: number;
}

export interface RescanSummary extends RescanCounts {
  runId: number;
  rulesVersion: string;
  durationMs: number;
  /** Time spent waiting for grades. */
  gradingMs: number;
}

export const DEFAULT_RESCAN_BATCH = 500;
const DEFAULT_STALE_SECONDS = 90;
/** Longest stretch of grading before other work of the process gets a turn. */
const GRADING_SLICE_MS = 20;

interface LoadedBatch {
  candidates: RescanCandidate[];
  files: Map<number, { path: string; content: Buffer }[]>;
}

export async function rescanDirectory(deps: RescanDependencies, options: RescanOptions = {}): Promise<RescanSummary> {
  const threads = deps.grade ? 0 : Math.max(0, Math.floor(options.threads ?? Math.min(8, os.availableParallelism())));
  const batchSize = options.batchSize ?? DEFAULT_RESCAN_BATCH;
  const started = performance.now();
  const threadPool: GradePool | null = threads > 0 ? createGradePool(threads) : null;
  try {
    // The current rule set is the one the graders use: the threads say which once they are up.
    const rulesVersion = deps.rulesVersion ?? (threadPool ? await threadPool.rulesVersion : RULES_VERSION);
    const grader: Grader = threadPool
      ? (tasks) => threadPool.grade(tasks)
      : (tasks) => gradeOnEventLoop(tasks, deps.grade ?? gradeSkill);
    return await runRescan(deps, options, { grader, rulesVersion, batchSize, started });
  } finally {
    await threadPool?.close();
  }
}

async function runRescan(
  deps: RescanDependencies,
  options: RescanOptions,
  run: { grader: Grader; rulesVersion: string; batchSize: number; started: number },
): Promise<RescanSummary> {
  const { pool } = deps;
  const { grader, rulesVersion, batchSize, started } = run;

  const claim = await claimRescanRun(pool, rulesVersion, options.staleSeconds ?? DEFAULT_STALE_SECONDS);
  if ('running' in claim) {
    const r = claim.running;
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `a rescan is already running (run ${r.id}, started ${r.startedAt.toISOString()}, ${r.done}/${r.total} done); try again when it has finished`,
      { runId: r.id },
    );
  }
  const runId = claim.id;
  const counts: RescanCounts = { total: 0, done: 0, regraded: 0, skipped: 0, failed: 0, repositories: 0, githubFailed: 0 };
  let gradingMs = 0;

  // Metadata refresh runs beside the grading: it waits on GitHub, the grading on the CPU.
  const refresh: Promise<RefreshSummary | null> = deps.github
    ? refreshRepositories({ pool, github: deps.github, logger: deps.logger })
    : Promise.resolve(null);
  refresh.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled

  const load = async (afterId: number): Promise<LoadedBatch> => {
    const candidates = await readRescanBatch(pool, afterId, batchSize, rulesVersion);
    const files = await readSkillFiles(pool, candidates.filter((c) => c.content !== null).map((c) => c.id));
    return { candidates, files };
  };
  const prefetch = (afterId: number) => {
    const p = load(afterId);
    p.catch(() => {});
    return p;
  };

  try {
    counts.total = await countDirectorySkills(pool);
    let next = prefetch(0);
    let writing: Promise<void> = Promise.resolve();
    for (;;) {
      const batch = await next;
      if (batch.candidates.length === 0) break;
      next = prefetch(batch.candidates[batch.candidates.length - 1].id);

      const t0 = performance.now();
      const { rows, failed } = await gradeBatch(batch, grader, deps.logger);
      gradingMs += performance.now() - t0;

      await writing;
      writing = writeRegrades(pool, rulesVersion, rows).then(async (written) => {
        counts.done += batch.candidates.length;
        counts.regraded += written;
        counts.failed += failed;
        // Skipped: up to date, or changed by an import while this batch was being graded.
        counts.skipped += batch.candidates.length - written - failed;
        counts.total = Math.max(counts.total, counts.done);
        await heartbeatRescanRun(pool, runId, counts);
        options.onProgress?.({ done: counts.done, total: counts.total, regraded: counts.regraded, skipped: counts.skipped, failed: counts.failed });
      });
      writing.catch(() => {});
    }
    await writing;
    counts.total = counts.done;

    const refreshed = await refresh;
    counts.repositories = refreshed?.repositories ?? 0;
    counts.githubFailed = refreshed?.failed ?? 0;
    await finishRescanRun(pool, runId, 'done', counts);
  } catch (err) {
    await refresh.catch(() => {});
    await finishRescanRun(pool, runId, 'failed', counts, (err as Error).message).catch(() => {});
    throw err;
  }
  const summary: RescanSummary = { ...counts, runId, rulesVersion, durationMs: performance.now() - started, gradingMs };
  deps.logger?.info('rescan finished', { ...summary });
  return summary;
}

type Grader = (tasks: GradeTask[]) => Promise<GradeOutcome[]>;

/** Grades the batch's out-of-date skills; a skill the grader throws on is counted, logged and left as it was. */
async function gradeBatch(batch: LoadedBatch, grader: Grader, logger: Logger | undefined): Promise<{ rows: RegradeRow[]; failed: number }> {
  const due = new Map(batch.candidates.filter((c) => c.content !== null && c.reason !== null).map((c) => [c.id, c]));
  const tasks: GradeTask[] = [...due.values()].map((c) => ({
    id: c.id,
    files: [
      { path: 'SKILL.md', content: new Uint8Array(Buffer.from(c.content!, 'utf8')) },
      // Copies: a view into a larger buffer would send the whole buffer to the thread.
      ...(batch.files.get(c.id) ?? []).map((f) => ({ path: f.path, content: new Uint8Array(f.content) })),
    ],
  }));
  const rows: RegradeRow[] = [];
  let failed = 0;
  for (const outcome of await grader(tasks)) {
    const candidate = due.get(outcome.id)!;
    if (outcome.error !== undefined) {
      failed++;
      logger?.warn('rescan could not grade a skill', { skillId: candidate.id, error: outcome.error });
      continue;
    }
    const result = outcome.grade;
    rows.push({
      id: candidate.id,
      readHash: candidate.contentHash,
      contentHash: result.contentHash,
      score: result.score,
      grade: result.grade,
      findings: result.findings,
      analysis: { ...result.analysis },
      counts: result.analysis.findingCounts,
      // A stored hash that does not match the stored files means the content changed after it was hashed.
      reason: candidate.reason === 'rules-changed' && result.contentHash !== candidate.contentHash ? 'content-changed' : candidate.reason!,
    });
  }
  return { rows, failed };
}

/** Grades on the event loop, giving other work of the process a turn every few milliseconds. */
async function gradeOnEventLoop(tasks: GradeTask[], grade: (files: SkillFile[]) => SkillGrade): Promise<GradeOutcome[]> {
  const outcomes: GradeOutcome[] = [];
  let sliceStart = performance.now();
  for (const task of tasks) {
    try {
      outcomes.push({ id: task.id, grade: grade(task.files.map((f) => ({ path: f.path, content: Buffer.from(f.content.buffer, f.content.byteOffset, f.content.byteLength) }))) });
    } catch (err) {
      outcomes.push({ id: task.id, error: (err as Error).message ?? String(err) });
    }
    if (performance.now() - sliceStart > GRADING_SLICE_MS) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return outcomes;
}
