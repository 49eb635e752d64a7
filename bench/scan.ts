// npm run bench:scan (part 1): SKILL.md content scans through the API and a pg-boss worker, on the
// local PostgreSQL, with the server as a separate process: latency one at a time on an idle
// service, then sustained throughput with concurrent clients.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool } from '../db/pool.ts';
import { migrate } from '../db/migrate.ts';
import { issueKey } from '../lib/issue-key.ts';
import { freePort, load, machineLine, startProcess, stopProcess } from './support.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 200);
const DB_NAME = 'skillgate_bench_scan';
const CLI = fileURLToPath(new URL('../cli/main.ts', import.meta.url));

// A realistic SKILL.md of about 1 KB.
const SKILL_MD = `---
name: release-notes-writer
description: Drafts release notes from merged pull requests and conventional commits, grouped by type.
allowed-tools: Read, Grep, Bash(git log:*)
---
# Release notes writer

Use this skill when the user asks for release notes, a changelog entry or a summary of what changed
between two tags.

## Steps

1. Find the previous tag with \`git describe --tags --abbrev=0\`.
2. List the commits since then: \`git log --pretty=format:'%h %s' v1.2.0..HEAD\`.
3. Group them by conventional-commit type: features, fixes, performance, documentation, other.
4. For each group, write one line per change in plain language, linking the pull request number.
5. Put breaking changes first, with what users must do to upgrade.

## Style

- Write for users, not for the team: say what changed for them.
- Keep each entry to one sentence.
- Credit outside contributors by handle.

## Example

### Features
- Export reports as CSV (#412)

### Fixes
- Dates in the weekly digest now use the reader's time zone (#418)

## Pitfalls

- Squash merges hide the individual commits: read the pull request titles instead.
- Reverted commits should not appear; drop both the commit and its revert.
- Never invent changes that are not in the log.
`;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(`setup: ${SEQUENTIAL} sequential scans, then ${SECONDS}s with ${CONNECTIONS} concurrent clients; SKILL.md of ${SKILL_MD.length} bytes`);
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + DB_NAME;
  const pool = createPool(url.toString(), 2);
  let server;
  try {
    await migrate(pool);
    const keys: string[] = [];
    for (let i = 0; i < CONNECTIONS + 1; i++) keys.push((await issueKey(pool, { tier: 'enterprise', name: `bench-${i}` })).key);
    const port = await freePort();
    server = await startProcess(CLI, ['serve'], { DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', SCAN_WORKER_CONCURRENCY: '4' }, port);
    const endpoint = `http://127.0.0.1:${port}/api/v1/scan`;
    const body = JSON.stringify({ content: SKILL_MD });
    const headers = (key: string) => ({ 'content-type': 'application/json', 'x-api-key': key });

    for (let i = 0; i < 10; i++) await fetch(endpoint, { method: 'POST', body, headers: headers(keys[0]) }).then((r) => r.arrayBuffer());
    const times: number[] = [];
    let failures = 0;
    for (let i = 0; i < SEQUENTIAL; i++) {
      const t0 = performance.now();
      const res = await fetch(endpoint, { method: 'POST', body, headers: headers(keys[0]) });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) failures++;
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    console.log(`\none at a time: median ${median.toFixed(1)} ms, p90 ${percentile(times, 90).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, non-200 ${failures}`);

    const sustained = await load({
      url: endpoint,
      seconds: SECONDS,
      connections: CONNECTIONS,
      headersFor: (c) => headers(keys[1 + (c % CONNECTIONS)]),
      method: 'POST',
      body,
    });
    console.log(`concurrent (${CONNECTIONS} clients): ${sustained.rps.toFixed(1)} scans/s, p50 ${sustained.p50} ms, p99 ${sustained.p99} ms, non-2xx ${sustained.non2xx}, errors ${sustained.errors}`);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM scans WHERE status = 'done'`);
    console.log(`scans recorded done: ${rows[0].n}`);
    const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
    console.log(`\nmedian ${median.toFixed(1)} ms <= 150 ms: ${pass(median <= 150)}`);
    console.log(`throughput ${sustained.rps.toFixed(1)} scans/s >= 50: ${pass(sustained.rps >= 50 && sustained.non2xx === 0)}`);
  } finally {
    if (server) await stopProcess(server);
    await pool.end();
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  }
}

await main();
