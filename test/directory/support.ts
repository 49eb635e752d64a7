// Shared setup of the directory tests: a migrated test database with the demo categories, a fake
// GitHub, and a GitHub client pointed at it.
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { createPool } from '../../db/pool.ts';
import { migrate } from '../../db/migrate.ts';
import { detectCapabilities } from '../../db/capabilities.ts';
import { upsertCategories } from '../../db/categories.ts';
import { DEFAULT_ARCHIVE_LIMITS } from '../../worker/archive/limits.ts';
import { createGitHubClient, type GitHubClient } from '../../worker/github/client.ts';
import type { ImportDependencies } from '../../worker/import-repository.ts';
import { createTestDatabase, type Backend, type TestDatabase } from '../support/databases.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.ts';

export interface DirectoryFixture {
  database: TestDatabase;
  pool: pg.Pool;
  fake: FakeGitHub;
  github: GitHubClient;
  deps: ImportDependencies;
  /** GET /repos/OWNER/REPO requests the fake received (metadata, not archives). */
  metadataRequests(fullName: string): number;
  close(): Promise<void>;
}

export async function startDirectoryFixture(backend: Backend): Promise<DirectoryFixture> {
  const database = await createTestDatabase(backend);
  const pool = createPool(database.connectionString, 4);
  await migrate(pool);
  await detectCapabilities(pool);
  const categories = JSON.parse(await readFile(new URL('../../demo/categories.json', import.meta.url), 'utf8'));
  await upsertCategories(pool, categories);
  const fake = await startFakeGitHub();
  const github = createGitHubClient({ baseUrl: fake.baseUrl });
  return {
    database,
    pool,
    fake,
    github,
    deps: { pool, github, limits: DEFAULT_ARCHIVE_LIMITS },
    metadataRequests: (fullName) => fake.requests.filter((r) => r.method === 'GET' && r.url.split('?')[0] === `/repos/${fullName}`).length,
    async close() {
      await fake.close();
      await pool.end();
      await database.drop();
    },
  };
}

export function skillMd(name: string, description: string, body = 'Follow the steps below.\n'): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\n${body}`;
}

export const PDF_SKILL = skillMd('pdf-tools', 'Extract text and tables from PDF documents and convert scanned pages.', 'Use pdftotext to read the document.\n');
export const DOCKER_SKILL = skillMd('compose-check', 'Check Docker Compose files and Kubernetes manifests before a deploy.', 'Run docker compose config.\n');
export const PLAIN_SKILL = skillMd('hello', 'Says hello politely.', 'Reply with a friendly greeting.\n');
