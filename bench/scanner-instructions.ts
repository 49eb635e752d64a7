// `npm run bench:scanner:instructions`: the scanner's work per corpus pass as a count of machine
// instructions, for comparing two versions of the scanner on a machine whose speed drifts (wall
// and CPU times of one version swing by 10-40% between runs here). Runs bench/scanner-passes.ts
// under valgrind's callgrind twice, with 1 and with 1 + N passes over every Kth corpus skill,
// and prints the difference divided by N: the instructions of a warm pass, without start-up,
// loading and the first pass's compilation. V8 runs with --predictable --single-threaded, so that
// the count repeats (within about 2% here); it is not a time and not comparable across machines.
// Options: --passes N (default 4), --every K (default 8), --corpus PATH. Needs valgrind.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { wholeNumberFlag } from './args.ts';
import { corpusDirFromArgs } from './corpus.ts';

const PASSES_SCRIPT = fileURLToPath(new URL('./scanner-passes.ts', import.meta.url));

function instructions(passes: number, every: number, corpus: string): number {
  const run = spawnSync(
    'valgrind',
    ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--predictable', '--single-threaded', PASSES_SCRIPT, '--passes', String(passes), '--every', String(every), '--corpus', corpus],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.error) throw new Error(`valgrind could not be started (${run.error.message}); install it (Debian package valgrind)`);
  const collected = /Collected\s*:\s*(\d+)/.exec(run.stderr);
  if (run.status !== 0 || !collected) throw new Error(`the counted run failed:\n${run.stderr.slice(-2000)}`);
  return Number(collected[1]);
}

const args = process.argv.slice(2);
const passes = wholeNumberFlag(args, 'passes', 4);
const every = wholeNumberFlag(args, 'every', 8);
const corpus = corpusDirFromArgs(args);

console.log('skillgate scanner benchmark: instructions per warm corpus pass (callgrind)');
console.log(`cores: ${os.availableParallelism()}; node ${process.version}; one corpus skill in ${every}; 1 and ${1 + passes} passes`);
const one = instructions(1, every, corpus);
const more = instructions(1 + passes, every, corpus);
console.log(`instructions: 1 pass ${one.toLocaleString('en-US')}, ${1 + passes} passes ${more.toLocaleString('en-US')}`);
console.log(`per warm pass: ${Math.round((more - one) / passes).toLocaleString('en-US')} instructions`);
