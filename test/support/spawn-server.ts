// Runs `skillgate serve` as a child process (a real second API process) and waits until it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../cli/main.ts', import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function spawnServer(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<ChildServer> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${out}`));
    }, timeoutMs);
    const workerOnly = args.includes('--worker-only');
    const onData = () => {
      const m = workerOnly ? /"msg":"workers only"/.exec(out) : /"msg":"listening","port":(\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      const port = workerOnly ? 0 : Number(m[1]);
      resolve({
        child,
        port,
        baseUrl: `http://127.0.0.1:${port}`,
        output: () => out,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
}
