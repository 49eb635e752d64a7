// Shared pieces of the benchmarks: core count, free ports, child servers, load runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';

export function machineLine(): string {
  return `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1' });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}

export async function startProcess(script: string, args: string[], env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [script, ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPort(port, 60_000);
  return child;
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU microseconds per request of the server, of PostgreSQL's processes and of the load generator (Linux only). */
  cpu?: { server: number; postgres: number; loadGenerator: number };
}

// A process's command name and CPU seconds from /proc (utime + stime, in clock ticks of 1/100 s);
// null where /proc is not there or the process is gone.
function processStat(pid: number | string): { name: string; cpuSeconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(') ');
    const fields = stat.slice(close + 2).split(' ');
    return { name: stat.slice(stat.indexOf('(') + 1, close), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return null;
  }
}

function processCpuSeconds(pid: number): number | null {
  return processStat(pid)?.cpuSeconds ?? null;
}

// CPU seconds of each process named postgres on this machine, by process id: the database's share
// of a run when it runs here, nothing when it runs elsewhere.
function postgresCpuSeconds(): Map<string, number> {
  const byPid = new Map<string, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(entry);
    if (stat?.name === 'postgres') byPid.set(entry, stat.cpuSeconds);
  }
  return byPid;
}

// CPU seconds the database's processes spent between two readings. A backend that exited in
// between (an idle pool connection closed) takes its share with it: never a negative figure.
function postgresCpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, seconds] of postgresCpuSeconds()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

interface AutocannonClient {
  setHeaders(headers: Record<string, string>): void;
  setRequests(requests: { path?: string; headers?: Record<string, string> }[]): void;
}

export async function load(options: {
  url: string;
  seconds: number;
  connections: number;
  headersFor?: (connection: number) => Record<string, string>;
  /**
   * The requests a connection cycles through, each with a path and headers of its own (merged
   * over the route's). Built once, before the run: building a request per send would cost the
   * load generator CPU time on the cores the server shares.
   */
  requestsFor?: (connection: number) => { path?: string; headers?: Record<string, string> }[];
  method?: 'GET' | 'POST';
  body?: string;
  /** The server's process id: the result then says where the CPU time of a request went. */
  serverPid?: number;
}): Promise<LoadResult> {
  let connection = 0;
  const serverBefore = options.serverPid ? processCpuSeconds(options.serverPid) : null;
  const postgresBefore = serverBefore === null ? new Map<string, number>() : postgresCpuSeconds();
  const selfBefore = process.cpuUsage();
  const result = await autocannon({
    url: options.url,
    duration: options.seconds,
    connections: options.connections,
    method: options.method ?? 'GET',
    body: options.body,
    setupClient: (client: AutocannonClient) => {
      const c = connection++;
      if (options.requestsFor) client.setRequests(options.requestsFor(c));
      else if (options.headersFor) client.setHeaders(options.headersFor(c));
    },
  } as autocannon.Options);
  const serverAfter = options.serverPid ? processCpuSeconds(options.serverPid) : null;
  const self = process.cpuUsage(selfBefore);
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, result.requests.total));
  const cpu = serverBefore !== null && serverAfter !== null
    ? { server: perRequest(serverAfter - serverBefore), postgres: perRequest(postgresCpuSince(postgresBefore)), loadGenerator: perRequest((self.user + self.system) / 1e6) }
    : undefined;
  return {
    cpu,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
