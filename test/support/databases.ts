// The two databases every integration test runs against: the machine's PostgreSQL (a fresh
// database per test file, dropped afterwards) and the embedded PGlite (in memory, per file).
// SKILLGATE_TEST_BACKENDS=postgres or =pglite narrows the run; TEST_DATABASE_URL points elsewhere.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openMemoryDatabase } from '../../db/embedded.ts';

export interface TestDatabase {
  backend: string;
  connectionString: string;
  drop(): Promise<void>;
}

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `skillgate_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + name;
  return {
    backend: 'postgres',
    connectionString: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const db = await openMemoryDatabase();
  return { backend: 'pglite', connectionString: db.connectionString, drop: () => db.close() };
}

const ALL = { postgres: createPostgresDatabase, pglite: createPgliteDatabase } as const;
export type Backend = keyof typeof ALL;

export const BACKENDS: Backend[] = (process.env.SKILLGATE_TEST_BACKENDS ?? 'postgres,pglite')
  .split(',')
  .map((b) => b.trim())
  .filter((b): b is Backend => b in ALL);

export function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  return ALL[backend]();
}
