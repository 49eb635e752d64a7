// Runs the skillgate command as a separate process, as an operator would.
import { execFile } from 'node:child_process';
import { CLI } from './spawn-server.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, timeout: timeoutMs }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export function lastLine(text: string): string {
  return text.trimEnd().split('\n').pop() ?? '';
}
