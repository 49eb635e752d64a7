// Grading on worker threads of this process, so that a rescan uses every core and leaves the event
// loop (and the API, when it shares the process) free. Work is handed out in small chunks to
// whichever thread is idle; results come back in the order of the tasks.
import { Worker } from 'node:worker_threads';
import type { SkillGrade } from './grade-skill.ts';

export interface GradeTask {
  id: number;
  files: { path: string; content: Uint8Array }[];
}

export type GradeOutcome = { id: number; grade: SkillGrade; error?: undefined } | { id: number; error: string; grade?: undefined };

export interface GradePool {
  /** The version of the rule set the threads grade with, once they have started. */
  rulesVersion: Promise<string>;
  grade(tasks: GradeTask[]): Promise<GradeOutcome[]>;
  close(): Promise<void>;
}

const CHUNK = 8;
const THREAD_URL = new URL('./grade-thread.ts', import.meta.url);

interface Pending {
  tasks: GradeTask[];
  resolve: (outcomes: GradeOutcome[]) => void;
  reject: (err: Error) => void;
}

export function createGradePool(size: number): GradePool {
  const idle: Worker[] = [];
  const queue: { seq: number; pending: Pending }[] = [];
  const running = new Map<Worker, { seq: number; pending: Pending }>();
  let seq = 0;
  let broken: Error | null = null;
  let announce!: (version: string) => void;
  let fail!: (err: Error) => void;
  const rulesVersion = new Promise<string>((resolve, reject) => {
    announce = resolve;
    fail = reject;
  });
  rulesVersion.catch(() => {});

  const dispatch = () => {
    while (idle.length && queue.length) {
      const worker = idle.pop()!;
      const job = queue.shift()!;
      running.set(worker, job);
      worker.postMessage({ seq: job.seq, tasks: job.pending.tasks });
    }
  };

  const workers = Array.from({ length: Math.max(1, size) }, () => {
    const worker = new Worker(THREAD_URL);
    worker.on('message', (message: { outcomes: GradeOutcome[] } | { rulesVersion: string }) => {
      if ('rulesVersion' in message) return announce(message.rulesVersion);
      const job = running.get(worker);
      running.delete(worker);
      idle.push(worker);
      job?.pending.resolve(message.outcomes);
      dispatch();
    });
    // A thread that dies is a bug, not a bad skill (those come back as outcomes with an error).
    worker.on('error', (err) => {
      broken = err;
      fail(err);
      running.get(worker)?.pending.reject(err);
      running.delete(worker);
      for (const job of queue.splice(0)) job.pending.reject(err);
    });
    idle.push(worker);
    return worker;
  });

  return {
    rulesVersion,
    async grade(tasks) {
      if (broken) throw broken;
      const chunks: Promise<GradeOutcome[]>[] = [];
      for (let i = 0; i < tasks.length; i += CHUNK) {
        chunks.push(new Promise((resolve, reject) => queue.push({ seq: seq++, pending: { tasks: tasks.slice(i, i + CHUNK), resolve, reject } })));
      }
      dispatch();
      return (await Promise.all(chunks)).flat();
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
