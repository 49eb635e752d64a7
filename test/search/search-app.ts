// The API with semantic search over a given embedding provider and a real database, for
// integration tests.
import { QueryEmbeddingCache } from '../../worker/embeddings/query-cache.ts';
import type { EmbeddingProvider } from '../../worker/embeddings/provider.ts';
import { embedDirectory, type EmbedSummary } from '../../worker/embed-directory.ts';
import type { SearchDependencies } from '../../worker/search/search-skills.ts';
import type { Backend } from '../support/databases.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

export interface SearchApp extends TestApp {
  deps: SearchDependencies;
  /** Runs the embed job's core once with the app's provider. */
  embed(): Promise<EmbedSummary>;
}

export async function startSearchApp(backend: Backend, provider: EmbeddingProvider): Promise<SearchApp> {
  let deps: SearchDependencies | undefined;
  const app = await startTestApp(backend, (pool) => {
    deps = { pool, provider, cache: new QueryEmbeddingCache() };
    return { search: deps };
  });
  return { ...app, deps: deps!, embed: () => embedDirectory({ pool: app.pool, provider }) };
}
