// `npm run bench:scanner`: the scanner's speed and safety figures, printed plainly.
//  1. the machine (cores);
//  2. throughput on one core over the shared corpus: MB of skill text per second and files per
//     second (several passes; best and median), and where the time goes (preparation, decoding,
//     the slowest rules);
//  3. adversarial 1 MB inputs built from each rule's examples: each rule on its own inputs (without
//     the anchor gate), then the whole scanner on every input; PASS when every rule and every
//     whole scan of such a file stays under 1 s;
//  4. one scan of a folder of thousands of skills in one process.
// Options: --passes N (default 5), --skills N (default 3000), --quick (fewer adversarial inputs),
// --corpus PATH.
import os from 'node:os';
import { scan } from '../worker/scanner/engine.ts';
import { RULES } from '../worker/scanner/rules/index.ts';
import { RULES_VERSION } from '../worker/scanner/version.ts';
import { applyRule } from '../worker/scanner/apply-rule.ts';
import { looksBinary, makeFileView } from '../worker/scanner/file-view.ts';
import { makeSkillView } from '../worker/scanner/skill-view.ts';
import { discoverSkills } from '../worker/scanner/discover.ts';
import { decodeHiddenPayloads } from '../worker/scanner/decode.ts';
import { indexOfText } from '../worker/scanner/literal-index.ts';
import type { InputFile, SkillView } from '../worker/scanner/types.ts';
import { adversarialInputs } from './adversarial-inputs.ts';
import { corpusDirFromArgs, loadCorpus } from './corpus.ts';
import { flagValue } from './args.ts';

const MB = 1024 * 1024;

function flagNumber(args: string[], name: string, fallback: number): number {
  const raw = flagValue(args, name);
  const value = raw !== undefined ? Number(raw) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function bytesOf(content: InputFile['content']): number {
  return typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
}

/** CPU milliseconds of this process: on a shared machine, wall time also measures the neighbours. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function line(s = ''): void {
  process.stdout.write(s + '\n');
}

function withSkillMd(files: { path: string; content: string }[]): InputFile[] {
  return files.some((f) => /(^|\/)skill\.md$/i.test(f.path))
    ? files
    : [{ path: 'SKILL.md', content: '---\nname: bench\ndescription: A benchmark skill.\n---\n# Bench\n' }, ...files];
}

async function main(args: string[]): Promise<void> {
  const passes = flagNumber(args, 'passes', 5);
  const manySkills = flagNumber(args, 'skills', 3000);
  const quick = args.includes('--quick');

  line('skillgate scanner benchmark');
  line(`rules: ${RULES.length} (${RULES_VERSION})`);
  line(`node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}`);
  line(`cores: os.availableParallelism() = ${os.availableParallelism()}, os.cpus().length = ${os.cpus().length}`);
  line('all figures below are one process on one core');

  // --- 2. Throughput over the corpus -------------------------------------------------------
  const corpus = await loadCorpus(corpusDirFromArgs(args));
  let files = 0;
  let allBytes = 0;
  let textBytes = 0;
  for (const skill of corpus) {
    for (const f of skill.files) {
      files++;
      const n = bytesOf(f.content);
      allBytes += n;
      if (typeof f.content === 'string' || !looksBinary(f.content)) textBytes += n;
    }
  }
  line('');
  line(`corpus: ${corpus.length} skills, ${files} files, ${(allBytes / MB).toFixed(1)} MB (${(textBytes / MB).toFixed(1)} MB of text)`);

  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let p = 0; p < passes; p++) {
    const start = performance.now();
    const startCpu = cpuMs();
    for (const skill of corpus) scan(skill.files, { folder: '.' });
    times.push((performance.now() - start) / 1000);
    cpuTimes.push((cpuMs() - startCpu) / 1000);
  }
  const best = Math.min(...times);
  const med = median(times);
  line(`throughput over ${passes} passes (wall seconds per pass: ${times.map((t) => t.toFixed(2)).join(', ')}; CPU seconds: ${cpuTimes.map((t) => t.toFixed(2)).join(', ')})`);
  line(`  best:   ${(textBytes / MB / best).toFixed(1)} MB/s of skill text, ${(allBytes / MB / best).toFixed(1)} MB/s of all bytes, ${Math.round(files / best)} files/s, ${Math.round(corpus.length / best)} skills/s`);
  line(`  median: ${(textBytes / MB / med).toFixed(1)} MB/s of skill text, ${(allBytes / MB / med).toFixed(1)} MB/s of all bytes, ${Math.round(files / med)} files/s, ${Math.round(corpus.length / med)} skills/s`);
  const bestCpu = Math.min(...cpuTimes);
  line(`  by CPU time (best pass): ${(textBytes / MB / bestCpu).toFixed(1)} MB/s of skill text, ${Math.round(files / bestCpu)} files/s`);
  line(`  target: 20 MB/s of skill text: ${textBytes / MB / best >= 20 ? 'PASS' : 'FAIL'} (best pass, wall time)`);

  // Where the time goes: preparing views, decoding, and each rule over the whole corpus.
  let prepare = 0;
  let decode = 0;
  let index = 0;
  const views: SkillView[] = [];
  for (const skill of corpus) {
    for (const found of discoverSkills(skill.files).skills) {
      if (found.folder !== '') continue;
      let t = cpuMs();
      const fileViews = found.files.map((f) => makeFileView(f.path, f.content, found.folder));
      prepare += cpuMs() - t;
      t = cpuMs();
      const decoded = decodeHiddenPayloads(fileViews, found.folder);
      decode += cpuMs() - t;
      // A text's literal index is built on first use: built here, so that its cost shows as its
      // own stage instead of falling on whichever rule happens to run first.
      t = cpuMs();
      for (const view of [...fileViews, ...decoded.views]) {
        indexOfText(view.text);
        indexOfText(view.body);
      }
      index += cpuMs() - t;
      views.push({ folder: found.folder, skillMd: fileViews[0], files: [...fileViews, ...decoded.views] });
    }
  }
  const ruleTimes = RULES.map((rule) => {
    const t = cpuMs();
    for (const view of views) applyRule(rule, view);
    return { id: rule.id, ms: cpuMs() - t };
  }).sort((a, b) => b.ms - a.ms);
  const rulesTotal = ruleTimes.reduce((s, r) => s + r.ms, 0);
  line('CPU time per corpus pass, by stage:');
  line(`  file preparation (decode, normalise):        ${prepare.toFixed(0)} ms`);
  line(`  hidden payload decoding:                      ${decode.toFixed(0)} ms`);
  line(`  literal index of every text:                  ${index.toFixed(0)} ms`);
  line(`  all ${RULES.length} rules:                               ${rulesTotal.toFixed(0)} ms`);
  line('  slowest rules on the corpus: ' + ruleTimes.slice(0, 10).map((r) => `${r.id} ${r.ms.toFixed(0)} ms`).join(', '));

  // --- 3. Adversarial 1 MB inputs ----------------------------------------------------------
  line('');
  line('adversarial inputs of 1 MB per file, built from each rule\'s examples (CPU time)');
  const worst: { id: string; ms: number; label: string; files: InputFile[] }[] = [];
  const adversarialOptions = quick ? { matchExamples: 1, noMatchExamples: 1 } : { matchExamples: 2, noMatchExamples: 1 };
  let inputsRun = 0;
  for (const rule of RULES) {
    const inputs = adversarialInputs(rule, MB, adversarialOptions);
    let max = { ms: -1, label: '', files: [] as InputFile[] };
    for (const input of inputs) {
      const skill = makeSkillView(input.files);
      const t = cpuMs();
      applyRule(rule, skill, { anchors: false }); // as the adversarial test: the rule's code on every file in scope
      const ms = cpuMs() - t;
      inputsRun++;
      if (ms > max.ms) max = { ms, label: input.label, files: input.files };
    }
    worst.push({ id: rule.id, ...max });
  }
  worst.sort((a, b) => b.ms - a.ms);
  line(`  ${inputsRun} inputs over ${RULES.length} rules`);
  line('  slowest rules (worst input):');
  for (const w of worst.slice(0, 10)) line(`    ${w.id.padEnd(7)} ${w.ms.toFixed(1).padStart(8)} ms  (${w.label})`);
  const ruleLimitOk = worst[0].ms < 1000;
  line(`  every rule under 1 s per 1 MB input: ${ruleLimitOk ? 'PASS' : 'FAIL'} (max ${worst[0].ms.toFixed(1)} ms, ${worst[0].id})`);

  // The whole engine (all rules, decoding, scoring) on every input: a file built for one rule can
  // be what slows another, or the preparation and decoding that every file goes through.
  const scanTimes: { id: string; label: string; ms: number }[] = [];
  for (const rule of RULES) {
    // Built again rather than kept: all of them at once would take gigabytes.
    for (const input of adversarialInputs(rule, MB, adversarialOptions)) {
      const files = withSkillMd(input.files);
      const t = cpuMs();
      scan(files, { folder: '.' });
      scanTimes.push({ id: rule.id, label: input.label, ms: cpuMs() - t });
    }
  }
  scanTimes.sort((a, b) => b.ms - a.ms);
  const scanLimitOk = scanTimes[0].ms < 1000;
  line(`  whole scan of every input (${scanTimes.length} scans): max ${scanTimes[0].ms.toFixed(0)} ms (${scanTimes[0].id}, ${scanTimes[0].label}), median ${median(scanTimes.map((s) => s.ms)).toFixed(0)} ms`);
  line(`  slowest whole scans: ${scanTimes.slice(0, 5).map((s) => `${s.id} ${s.label} ${s.ms.toFixed(0)} ms`).join('; ')}`);
  line(`  every 1 MB file scanned under 1 s: ${scanLimitOk ? 'PASS' : 'FAIL'}`);

  // --- 4. A folder of thousands of skills ---------------------------------------------------
  line('');
  const many: InputFile[] = [];
  let manyBytes = 0;
  for (let i = 0; i < manySkills; i++) {
    const skill = corpus[i % corpus.length];
    const name = skill.entry.skill_dir.slice(skill.entry.skill_dir.lastIndexOf('/') + 1);
    const folder = `skills/${String(i).padStart(5, '0')}-${name}`;
    for (const f of skill.files) {
      many.push({ path: `${folder}/${f.path}`, content: f.content });
      manyBytes += bytesOf(f.content);
    }
  }
  const t = performance.now();
  const tCpu = cpuMs();
  const report = scan(many, { folder: '*' });
  const seconds = (performance.now() - t) / 1000;
  const cpuSeconds = (cpuMs() - tCpu) / 1000;
  const heapAfter = process.memoryUsage().heapUsed;
  line(`folder of ${manySkills} skill folders (${report.skills.length} skills found, ${many.length} files, ${(manyBytes / MB).toFixed(0)} MB) in one scan:`);
  line(`  ${seconds.toFixed(1)} s wall (${cpuSeconds.toFixed(1)} s CPU), ${Math.round(report.skills.length / seconds)} skills/s, ${report.findings.length} findings, heap in use after the scan ${(heapAfter / MB).toFixed(0)} MB`);

  line('');
  line(`summary: throughput ${(textBytes / MB / best).toFixed(1)} MB/s (${textBytes / MB / best >= 20 ? 'PASS' : 'FAIL'}), rules on 1 MB ${ruleLimitOk ? 'PASS' : 'FAIL'}, scans of 1 MB ${scanLimitOk ? 'PASS' : 'FAIL'}`);
}

await main(process.argv.slice(2));
