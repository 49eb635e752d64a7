// The API with semantic search over a given embedding provider and a real database, for
// integration tests.
import type pg from 'pg';
import { createApp } from '../../api/app.ts';
import { listen, type RunningServer } from '../../api/server.ts';
import { createPool } from '../../db/pool.ts';
import { migrate } from '../../db/migrate.ts';
import { detectCapabilities } from '../../db/capabilities.ts';
import { issueKey } from '../../lib/issue-key.ts';
import { createLogger } from '../../lib/logger.ts';
import type { Tier } from '../../lib/tiers.ts';
import type { EmbeddingProvider } from '../../worker/embeddings/provider.ts';
import { QueryEmbeddingCache } from '../../worker/embeddings/query-cache.ts';
import { embedDirectory, type EmbedSummary } from '../../worker/embed-directory.ts';
import type { SearchDependencies } from '../../worker/search/search-skills.ts';
import { createTestDatabase, type Backend, type TestDatabase } from '../support/databases.ts';

export interface SearchApp {
  backend: Backend;
  baseUrl: string;
  pool: pg.Pool;
  database: TestDatabase;
  deps: SearchDependencies;
  key(tier: Tier): Promise<string>;
  get(path: string, key?: string | null): Promise<{ status: number; body: any }>;
  /** Runs the embed job's core once with the app's provider. */
  embed(): Promise<EmbedSummary>;
  close(): Promise<void>;
}

export async function startSearchApp(backend: Backend, provider: EmbeddingProvider): Promise<SearchApp> {
  const database = await createTestDatabase(backend);
  const pool = createPool(database.connectionString, 10);
  await migrate(pool);
  await detectCapabilities(pool);
  const logger = createLogger('silent');
  const deps: SearchDependencies = { pool, provider, cache: new QueryEmbeddingCache() };
  const app = createApp({ pool, logger, search: deps });
  const server: RunningServer = await listen(app, 0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${server.port}`;
  return {
    backend,
    baseUrl,
    pool,
    database,
    deps,
    async key(tier) {
      return (await issueKey(pool, { tier, name: `search-${tier}` })).key;
    },
    async get(path, key) {
      const res = await fetch(baseUrl + path, { headers: key ? { authorization: `Bearer ${key}` } : {} });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON: the test will say so */
      }
      return { status: res.status, body };
    },
    embed: () => embedDirectory({ pool, provider: deps.provider }),
    async close() {
      await server.stop(1000);
      await pool.end();
      await database.drop();
    },
  };
}
