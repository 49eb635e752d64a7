// A real skillgate API on a loopback port over a real database, with helpers to make keys and
// directory rows, for integration tests.
import type pg from 'pg';
import { createApp, type AppDependencies } from '../../api/app.ts';
import { listen, type RunningServer } from '../../api/server.ts';
import { createPool } from '../../db/pool.ts';
import { migrate } from '../../db/migrate.ts';
import { detectCapabilities } from '../../db/capabilities.ts';
import { upsertCategories } from '../../db/categories.ts';
import { upsertSkill, type SkillRecord } from '../../db/skills-write.ts';
import { issueKey } from '../../lib/issue-key.ts';
import { createLogger } from '../../lib/logger.ts';
import type { Tier } from '../../lib/tiers.ts';
import { createTestDatabase, type Backend, type TestDatabase } from './databases.ts';

export interface TestApp {
  backend: Backend;
  baseUrl: string;
  pool: pg.Pool;
  database: TestDatabase;
  server: RunningServer;
  key(tier: Tier, options?: { name?: string; expiresAt?: Date }): Promise<string>;
  get(path: string, key?: string | null, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

/** The API over a fresh database; `extra` adds dependencies built on its pool (semantic search). */
export async function startTestApp(backend: Backend, extra: (pool: pg.Pool) => Partial<AppDependencies> = () => ({})): Promise<TestApp> {
  const database = await createTestDatabase(backend);
  const pool = createPool(database.connectionString, 10);
  await migrate(pool);
  await detectCapabilities(pool);
  const app = createApp({ pool, logger: createLogger('silent'), ...extra(pool) });
  const server = await listen(app, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${server.port}`;
  return {
    backend,
    baseUrl,
    pool,
    database,
    server,
    async key(tier, options = {}) {
      return (await issueKey(pool, { tier, name: options.name ?? `test-${tier}`, expiresAt: options.expiresAt })).key;
    },
    async get(path, key, headers = {}) {
      const res = await fetch(baseUrl + path, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: the test will say so */
      }
      return { status: res.status, headers: res.headers, body };
    },
    async close() {
      await server.stop(1000);
      await pool.end();
      await database.drop();
    },
  };
}

let counter = 0;

/** A directory row with sensible defaults; override what the test is about. */
export function skillRecord(overrides: Partial<SkillRecord> = {}): SkillRecord {
  counter++;
  const score = overrides.securityScore ?? 95;
  const grade = overrides.securityGrade ?? (score >= 90 ? 'A' : score >= 75 ? 'B' : score >= 60 ? 'C' : score >= 40 ? 'D' : 'F');
  return {
    slug: `skill-${counter}`,
    name: `Skill ${counter}`,
    description: `Does task number ${counter}`,
    tags: ['test'],
    category: 'testing',
    author: 'tester',
    stars: 10,
    forks: 1,
    language: 'Python',
    votes: 5,
    verified: false,
    content: `---\nname: skill-${counter}\n---\n# Skill ${counter}\n`,
    contentHash: `sha256:${counter}`,
    securityScore: score,
    securityGrade: grade,
    findings: [],
    analysis: { summary: 'No issues found.' },
    rulesVersion: 'test',
    sourceRepo: null,
    sourcePath: null,
    files: [],
    ...overrides,
  };
}

export async function addCategories(pool: pg.Pool, slugs: string[]): Promise<void> {
  await upsertCategories(pool, slugs.map((slug) => ({ slug, name: slug[0].toUpperCase() + slug.slice(1), description: `All about ${slug}` })));
}

export async function addSkills(pool: pg.Pool, records: SkillRecord[]): Promise<void> {
  for (const r of records) await upsertSkill(pool, r);
}
