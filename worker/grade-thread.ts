// A grading thread: receives skills' files, answers with their grades. Runs the same gradeSkill as
// everything else, so a skill graded here gets exactly the grade it gets anywhere else.
import { parentPort } from 'node:worker_threads';
import { gradeSkill } from './grade-skill.ts';
import { RULES_VERSION } from './scanner/index.ts';
import type { GradeTask, GradeOutcome } from './grade-pool.ts';

// The first message says which rule set this thread grades with.
parentPort!.postMessage({ rulesVersion: RULES_VERSION });

parentPort!.on('message', (message: { seq: number; tasks: GradeTask[] }) => {
  const outcomes: GradeOutcome[] = message.tasks.map((task) => {
    try {
      // Buffers arrive as plain Uint8Arrays; the views share their memory.
      const files = task.files.map((f) => ({ path: f.path, content: Buffer.from(f.content.buffer, f.content.byteOffset, f.content.byteLength) }));
      return { id: task.id, grade: gradeSkill(files) };
    } catch (err) {
      return { id: task.id, error: (err as Error).message ?? String(err) };
    }
  });
  parentPort!.postMessage({ seq: message.seq, outcomes });
});
