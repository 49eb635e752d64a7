// Runs the committed bundle as a GitHub runner does: `node action/dist/index.js` with INPUT_*
// variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files and a workspace folder, and reads back the
// exit code, the workflow commands on stdout, the outputs and the summary.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BUNDLE = fileURLToPath(new URL('../../action/dist/index.js', import.meta.url));

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  commands: WorkflowCommand[];
  outputs: Record<string, string>;
  summary: string;
  /** The JSON file named by the `report` output, parsed, or null. */
  report: any;
}

/** A temporary folder with the given files, removed by the returned function's `remove`. */
export async function makeFolder(files: Record<string, string>): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'skillgate-action-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(dirname(join(path, name)), { recursive: true });
    await writeFile(join(path, name), content);
  }
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

function unescapeData(value: string): string {
  return value.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

function unescapeProperty(value: string): string {
  return unescapeData(value.replace(/%3A/g, ':').replace(/%2C/g, ','));
}

export function parseCommands(stdout: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const match = /^::([a-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (!match) continue;
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
      const eq = pair.indexOf('=');
      properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
    }
    commands.push({ command: match[1], properties, message: unescapeData(match[3]) });
  }
  return commands;
}

/** Reads GITHUB_OUTPUT as the runner does: `name<<DELIMITER` blocks (and plain `name=value` lines). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const value: string[] = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) value.push(lines[i]);
      outputs[heredoc[1]] = value.join('\n');
    } else if (lines[i].includes('=')) {
      outputs[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
    }
  }
  return outputs;
}

export interface RunOptions {
  workspace: string;
  /** Input names as in action.yml ("api-key"); they become INPUT_API-KEY and so on. */
  inputs: Record<string, string>;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** The bundle to run; the committed one by default. */
  bundle?: string;
}

export async function runAction(options: RunOptions): Promise<ActionRun> {
  const files = await mkdtemp(join(tmpdir(), 'skillgate-runner-'));
  const outputFile = join(files, 'output');
  const summaryFile = join(files, 'summary');
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: files,
    GITHUB_ACTION: 'skillgate',
    ...options.env,
  };
  // GitHub's rule: INPUT_ + the name upper-cased with spaces as underscores; hyphens stay.
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;

  const child = spawn(process.execPath, [options.bundle ?? BUNDLE], { cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 50_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  const outputs = parseOutputFile(await readFile(outputFile, 'utf8'));
  const result: ActionRun = {
    code,
    stdout,
    stderr,
    commands: parseCommands(stdout),
    outputs,
    summary: await readFile(summaryFile, 'utf8'),
    report: outputs.report ? JSON.parse(await readFile(outputs.report, 'utf8')) : null,
  };
  await rm(files, { recursive: true, force: true }).catch(() => undefined);
  return result;
}
