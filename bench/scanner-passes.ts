// Scans the shared corpus (or every Nth skill of it) a given number of times and prints the CPU
// seconds of each pass. The workload that bench/scanner-instructions.ts counts instructions of.
// Options: --passes N (default 1), --every N (default 1), --corpus PATH.
import { scan } from '../worker/scanner/engine.ts';
import { corpusDirFromArgs, loadCorpus } from './corpus.ts';
import { wholeNumberFlag } from './args.ts';

const args = process.argv.slice(2);
const passes = wholeNumberFlag(args, 'passes', 1);
const every = wholeNumberFlag(args, 'every', 1);
const corpus = (await loadCorpus(corpusDirFromArgs(args))).filter((_, i) => i % every === 0);
const seconds: string[] = [];
for (let p = 0; p < passes; p++) {
  const before = process.cpuUsage();
  for (const skill of corpus) scan(skill.files, { folder: '.' });
  const used = process.cpuUsage(before);
  seconds.push(((used.user + used.system) / 1e6).toFixed(3));
}
console.log(`${corpus.length} skills, CPU seconds per pass: ${seconds.join(', ')}`);
