// The embedded database: PGlite (PostgreSQL compiled to WebAssembly) kept in a data folder, with
// pgvector and pg_trgm, served on a loopback port (pglite-server.ts) so that `pg` and pg-boss talk to it like any
// PostgreSQL. One process owns the folder at a time; it writes server.json with its port, and every
// other skillgate process (a CLI command while `npm start` runs) connects to that port instead.
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { PgliteServer } from './pglite-server.ts';

export interface EmbeddedDatabase {
  connectionString: string;
  /** True when this process opened the folder (and must close it); false when it joined an owner. */
  owner: boolean;
  close(): Promise<void>;
}

interface ServerInfo {
  pid: number;
  port: number;
}

const LOCK_FILE = 'owner.lock';
const SERVER_FILE = 'server.json';

function connectionStringFor(port: number): string {
  return `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Takes the owner lock, clearing a stale one left by a dead process. */
async function tryLock(dir: string): Promise<boolean> {
  const path = join(dir, LOCK_FILE);
  try {
    const handle = await open(path, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const holder = Number(await readFile(path, 'utf8').catch(() => ''));
  if (holder && processAlive(holder) && holder !== process.pid) return false;
  await rm(path, { force: true });
  return false; // the next attempt may take it
}

async function runningServer(dir: string): Promise<ServerInfo | null> {
  const info = await readJson<ServerInfo>(join(dir, SERVER_FILE));
  if (!info || !processAlive(info.pid) || info.pid === process.pid) return null;
  return (await portAnswers(info.port)) ? info : null;
}

async function openAsOwner(dir: string): Promise<EmbeddedDatabase> {
  const db = await PGlite.create({ dataDir: join(dir, 'pgdata'), extensions: { vector, pg_trgm } });
  const server = new PgliteServer(db);
  const port = await server.listen(0, '127.0.0.1');
  await writeFile(join(dir, SERVER_FILE), JSON.stringify({ pid: process.pid, port } satisfies ServerInfo));
  let closed = false;
  return {
    connectionString: connectionStringFor(port),
    owner: true,
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await db.close();
      await rm(join(dir, SERVER_FILE), { force: true });
      await rm(join(dir, LOCK_FILE), { force: true });
    },
  };
}

/**
 * Opens the embedded database in `dir`, or joins the process that has it open. `preferOwner`
 * (the server) waits for the folder to be free rather than joining a short-lived CLI process.
 */
export async function openEmbeddedDatabase(
  dir: string,
  options: { preferOwner?: boolean; timeoutMs?: number } = {},
): Promise<EmbeddedDatabase> {
  await mkdir(dir, { recursive: true });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (!options.preferOwner) {
      const running = await runningServer(dir);
      if (running) return { connectionString: connectionStringFor(running.port), owner: false, close: async () => {} };
    }
    if (await tryLock(dir)) return openAsOwner(dir);
    if (Date.now() > deadline) {
      throw new Error(`the embedded database in ${dir} is held by another process; stop it or set DATABASE_URL`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** An in-memory PGlite served on a loopback port, for tests. */
export async function openMemoryDatabase(): Promise<EmbeddedDatabase> {
  const db = await PGlite.create({ extensions: { vector, pg_trgm } });
  const server = new PgliteServer(db);
  const port = await server.listen(0, '127.0.0.1');
  return {
    connectionString: connectionStringFor(port),
    owner: true,
    async close() {
      await server.close();
      await db.close();
    },
  };
}
