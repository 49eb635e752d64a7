// npm run bench: the directory API with 100,000 skills against a bare Express route, side by
// side in one run, with autocannon on loopback. Needs a PostgreSQL (BENCH_DATABASE_URL, default
// the local server); creates and drops its own database.
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool } from '../db/pool.ts';
import { migrate } from '../db/migrate.ts';
import { generateSkills } from '../db/bulk-generate.ts';
import { issueKey } from '../lib/issue-key.ts';
import { hashKey, keyPrefix } from '../lib/api-keys.ts';
import { DAILY_LIMITS } from '../lib/tiers.ts';
import { findKeysAndCountRequests } from '../db/keys.ts';
import { detectCapabilities } from '../db/capabilities.ts';
import { freePort, load, machineLine, startProcess, stopProcess, type LoadResult } from './support.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SKILLS = Number(process.env.BENCH_SKILLS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DB_NAME = 'skillgate_bench_api';
// Keys per run: room for 100,000 requests a second for the whole run within Enterprise limits.
const KEYS_PER_RUN = Math.max(CONNECTIONS, Math.ceil((SECONDS * 100_000) / DAILY_LIMITS.enterprise));
const CLI = fileURLToPath(new URL('../cli/main.ts', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-express.ts', import.meta.url));

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function commits(pool: pg.Pool): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500)); // statistics are flushed about once a second
  const { rows } = await pool.query('SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

// What one database round trip costs here: the limiter waits for one per batch of requests, so
// this latency bounds the throughput a handful of connections can reach.
async function roundTrips(pool: pg.Pool, keys: string[]): Promise<{ select1: number; limiter: number; n: number }> {
  const n = 500;
  const client = await pool.connect();
  const median = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = process.hrtime.bigint();
      await run();
      times.push(Number(process.hrtime.bigint() - t) / 1000);
    }
    return Math.round(times.sort((a, b) => a - b)[n >> 1]);
  };
  try {
    const batch = keys.map((k) => ({ prefix: keyPrefix(k)!, hash: hashKey(k) }));
    const select1 = await median(() => client.query({ name: 'bench_select_1', text: 'SELECT 1' }));
    // On a pool of its own with the limiter's settings (asynchronous commit), as the API runs it.
    const limiterPool = createPool(pool.options.connectionString!, 1, undefined, { asyncCommit: true });
    try {
      await detectCapabilities(limiterPool); // a named, prepared statement where the server allows it, as in the API
      const limiter = await median(() => findKeysAndCountRequests(limiterPool, batch, DAILY_LIMITS));
      return { select1, limiter, n };
    } finally {
      await limiterPool.end();
    }
  } finally {
    client.release();
  }
}

/**
 * The requests of one connection: one per key of its share of `keys` (each connection its own
 * keys, as separate clients would have), on the given paths from an offset of its own, else on the
 * route's own path.
 */
function requestsOf(keys: string[], paths: string[] = []) {
  return (connection: number) => {
    const own = keys.filter((_, i) => i % CONNECTIONS === connection % CONNECTIONS);
    const n = Math.max(own.length, paths.length);
    return Array.from({ length: n }, (_, i) => ({
      ...(paths.length ? { path: paths[(i + connection * 97) % paths.length] } : {}),
      headers: { 'x-api-key': own[i % own.length] },
    }));
  };
}

function line(name: string, r: LoadResult, baseline?: LoadResult): string {
  const ratio = baseline ? `  ${(r.rps / baseline.rps).toFixed(2)}x of bare` : '';
  return `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  non-2xx ${r.non2xx}  errors ${r.errors}${ratio}`;
}

function cpuLine(name: string, r: LoadResult): string {
  if (!r.cpu) return `${name.padEnd(34)} (CPU per request needs /proc)`;
  return `${name.padEnd(34)} server ${String(r.cpu.server).padStart(4)} µs  PostgreSQL ${String(r.cpu.postgres).padStart(4)} µs  load generator ${String(r.cpu.loadGenerator).padStart(4)} µs`;
}

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(`setup: ${SKILLS} skills, ${SECONDS}s per run, ${CONNECTIONS} connections, PostgreSQL at ${new URL(ADMIN_URL).host}`);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + DB_NAME;
  const pool = createPool(url.toString(), 4);
  const children = [];
  try {
    await migrate(pool);
    const t0 = Date.now();
    await generateSkills(pool, SKILLS);
    console.log(`generated ${SKILLS} skills in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    // Many clients with Enterprise keys, as in production. Each run rotates through keys of its
    // own, enough that none reaches its daily limit however fast this machine serves: a run whose
    // keys ran out would measure 429 answers instead of the routes.
    const groups = 5; // warm-up, then list and one skill for each of the two servers
    const keys: string[] = [];
    for (let i = 0; i < groups * KEYS_PER_RUN; i++) keys.push((await issueKey(pool, { tier: 'enterprise', name: `bench-${i}` })).key);
    const keyGroup = (g: number) => keys.slice(g * KEYS_PER_RUN, (g + 1) * KEYS_PER_RUN);
    const { rows } = await pool.query(`SELECT slug FROM skills ORDER BY random() LIMIT 2000`);
    const slugs = rows.map((r) => r.slug as string);

    // The service as configured by default (skill reads cached per process while the directory is
    // unchanged), and a second one with that cache off, where every read goes to the database.
    const apiEnv = { DATABASE_URL: url.toString(), LOG_LEVEL: 'info', DB_POOL_MAX: '10' };
    const apiPort = await freePort();
    const api = await startProcess(CLI, ['serve', '--api-only'], apiEnv, apiPort);
    children.push(api);
    const uncachedPort = await freePort();
    const uncachedApi = await startProcess(CLI, ['serve', '--api-only'], { ...apiEnv, RESPONSE_CACHE_MB: '0' }, uncachedPort);
    children.push(uncachedApi);
    // A list page and a one-skill answer as the API sends them, for the bare routes that send the
    // same bytes.
    const saveAnswer = async (path: string, name: string) => {
      const file = join(tmpdir(), `skillgate-bench-${name}-${process.pid}.json`);
      const text = await (await fetch(`http://127.0.0.1:${apiPort}${path}`, { headers: { 'x-api-key': keys[0] } })).text();
      await writeFile(file, text);
      return { file, text };
    };
    const { file: pageFile, text: pageText } = await saveAnswer('/api/v1/skills', 'page');
    const { file: skillFile, text: skillText } = await saveAnswer(`/api/v1/skills/${slugs[0]}`, 'skill');
    const barePort = await freePort();
    const bare = await startProcess(BARE, [], { BARE_PAGE_FILE: pageFile, BARE_SKILL_FILE: skillFile }, barePort);
    children.push(bare);
    await rm(pageFile); // read once at start
    await rm(skillFile);

    const warm = { seconds: 2, connections: CONNECTIONS };
    await load({ ...warm, url: `http://127.0.0.1:${barePort}/constant` });
    for (const port of [apiPort, uncachedPort]) {
      await load({ ...warm, url: `http://127.0.0.1:${port}/api/v1/skills`, requestsFor: requestsOf(keyGroup(0)) });
    }

    const bareRun = { seconds: SECONDS, connections: CONNECTIONS, serverPid: bare.pid };
    const bareResult = await load({ ...bareRun, url: `http://127.0.0.1:${barePort}/constant` });
    const barePage = await load({ ...bareRun, url: `http://127.0.0.1:${barePort}/page` });
    const bareSkill = await load({ ...bareRun, url: `http://127.0.0.1:${barePort}/skill` });
    let nextGroup = 1;
    const measure = async (port: number, serverPid: number | undefined) => {
      const listKeys = keyGroup(nextGroup++);
      const oneKeys = keyGroup(nextGroup++);
      const before = await commits(pool);
      const list = await load({
        url: `http://127.0.0.1:${port}/api/v1/skills`, seconds: SECONDS, connections: CONNECTIONS, serverPid,
        requestsFor: requestsOf(listKeys),
      });
      const mid = await commits(pool);
      const one = await load({
        url: `http://127.0.0.1:${port}/api/v1/skills/x`, seconds: SECONDS, connections: CONNECTIONS, serverPid,
        requestsFor: requestsOf(oneKeys, slugs.map((slug) => `/api/v1/skills/${slug}`)),
      });
      const after = await commits(pool);
      // Each statement outside a transaction commits once, so commits per request = round trips.
      return { list, one, listTrips: (mid - before) / list.requests, oneTrips: (after - mid) / one.requests };
    };
    const cached = await measure(apiPort, api.pid);
    const uncached = await measure(uncachedPort, uncachedApi.pid);

    console.log('');
    console.log(line('bare Express, constant JSON', bareResult));
    console.log(line(`bare Express, a ${Buffer.byteLength(pageText)}-byte page`, barePage, bareResult));
    console.log(line(`bare Express, a ${Buffer.byteLength(skillText)}-byte skill`, bareSkill, bareResult));
    console.log(line('GET /api/v1/skills (20 a page)', cached.list, bareResult));
    console.log(line('GET /api/v1/skills/:slug', cached.one, bareResult));
    console.log(`database round trips per request: list ${cached.listTrips.toFixed(2)}, one skill ${cached.oneTrips.toFixed(2)}`);
    console.log(`  (the limiter counts concurrent requests in one statement; reads are served from the per-process`);
    console.log(`   cache while the directory is unchanged; the one-skill run cycles through ${slugs.length} slugs)`);
    console.log('');
    console.log('with RESPONSE_CACHE_MB=0 (every read from the database):');
    console.log(line('GET /api/v1/skills (20 a page)', uncached.list, bareResult));
    console.log(line('GET /api/v1/skills/:slug', uncached.one, bareResult));
    console.log(`database round trips per request: list ${uncached.listTrips.toFixed(2)}, one skill ${uncached.oneTrips.toFixed(2)}`);
    console.log('');
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    for (const [name, r] of [['list', cached.list], ['one skill', cached.one]] as const) {
      console.log(`${name}: p99 ${r.p99} ms <= 25 ms: ${pass(r.p99 <= 25)}; throughput ${(r.rps / bareResult.rps).toFixed(2)} of bare >= 0.50: ${pass(r.rps / bareResult.rps >= 0.5)}; all 2xx: ${pass(r.non2xx === 0 && r.errors === 0)}`);
    }
    console.log(`against bare routes sending the same bytes: list ${(cached.list.rps / barePage.rps).toFixed(2)}x, one skill ${(cached.one.rps / bareSkill.rps).toFixed(2)}x`);
    // Where a request's CPU time goes: the server process, the database, and the load generator,
    // which share the machine's cores.
    console.log('CPU time per request:');
    console.log(cpuLine('bare Express, constant JSON', bareResult));
    console.log(cpuLine(`bare Express, the same skill bytes`, bareSkill));
    console.log(cpuLine('GET /api/v1/skills (20 a page)', cached.list));
    console.log(cpuLine('GET /api/v1/skills/:slug', cached.one));
    // The server is one process on one core: at its CPU time per request it could serve at most
    // 1 s / that time, whatever the database did. The busy share says how much of that core it used.
    for (const [name, r] of [['list', cached.list], ['one skill', cached.one]] as const) {
      if (!r.cpu || r.cpu.server <= 0) continue;
      const ceiling = 1e6 / r.cpu.server;
      console.log(`${name}: the server was busy ${Math.round((r.rps * r.cpu.server) / 1e4)}% of one core; at ${r.cpu.server} µs a request one core serves at most ${Math.round(ceiling)} req/s (${(ceiling / bareResult.rps).toFixed(2)}x of bare)`);
    }
    const trips = await roundTrips(pool, keys.slice(0, 5));
    console.log(`database latency on this machine: a round trip (SELECT 1) ${trips.select1} µs, the limiter's statement for 5 keys ${trips.limiter} µs (medians of ${trips.n})`);
    const limiterTrips = Math.max(cached.listTrips, cached.oneTrips);
    console.log(`limiter round trips per request <= 1: ${pass(limiterTrips <= 1)} (at most ${limiterTrips.toFixed(2)}, reads included)`);
  } finally {
    for (const c of children) await stopProcess(c);
    await pool.end();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

await main();
