// The step's outputs (GITHUB_OUTPUT): grade, score, the number of findings, and the path of the
// JSON result, which is written to the runner's temporary folder under the step's id so that two
// steps of one job do not overwrite each other's report.
import * as core from '@actions/core';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScanResult } from '../../worker/scanner/types.ts';

export async function writeReport(result: ScanResult, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = env.RUNNER_TEMP || tmpdir();
  const step = (env.GITHUB_ACTION || String(process.pid)).replace(/[^A-Za-z0-9_.-]/g, '_');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `skillgate-report-${step}.json`);
  await writeFile(path, JSON.stringify(result, null, 2) + '\n');
  return path;
}

export function setScanOutputs(values: { grade: string; score: string; findings: number; report: string }): void {
  core.setOutput('grade', values.grade);
  core.setOutput('score', values.score);
  core.setOutput('findings', String(values.findings));
  core.setOutput('report', values.report);
}
