// Composes a running skillgate process from its parts: database, queues, scan signal, workers and
// the HTTP API. `serve` runs both roles by default; --api-only and --worker-only run one, so API
// replicas and worker processes scale out separately against one database.
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { createApp } from '../api/app.ts';
import { listen, type RunningServer } from '../api/server.ts';
import { createScanService } from '../api/scan-service.ts';
import type { McpDependencies } from '../api/mcp/router.ts';
import { connectDatabase, type Database } from '../db/connect.ts';
import { startQueues } from '../worker/queues.ts';
import { ScanSignal } from '../worker/scan-signal.ts';
import { startWorkers, type Workers } from '../worker/run-workers.ts';
import { createGitHubClient } from '../worker/github/client.ts';
import type { ArchiveLimits } from '../worker/archive/limits.ts';
import { DEFAULT_ARCHIVE_LIMITS } from '../worker/archive/limits.ts';
import { registerDirectoryWorkers } from '../worker/directory-workers.ts';
import { importLimits } from '../worker/import-limits.ts';
import { createEmbeddingProvider } from '../worker/embeddings/create-provider.ts';
import { QueryEmbeddingCache } from '../worker/embeddings/query-cache.ts';
import { registerEmbeddingWorkers, requestEmbedding } from '../worker/embedding-workers.ts';
import type { SearchDependencies } from '../worker/search/search-skills.ts';
import { semanticSearchOver } from '../api/mcp/semantic-search.ts';

export interface Roles {
  api: boolean;
  workers: boolean;
}

export interface RunningService {
  db: Database;
  port: number | null;
  stop(): Promise<void>;
}

export function archiveLimits(config: Config): ArchiveLimits {
  return {
    ...DEFAULT_ARCHIVE_LIMITS,
    maxArchiveBytes: config.scan.maxUploadBytes,
    maxFiles: config.scan.maxFiles,
    maxUnpackedBytes: config.scan.maxUnpackedBytes,
    maxFileBytes: config.scan.maxFileBytes,
  };
}

export async function startService(
  config: Config,
  logger: Logger,
  roles: Roles,
  hooks: { afterConnect?: (db: Database) => Promise<void>; semanticSearch?: McpDependencies['semanticSearch'] } = {},
): Promise<RunningService> {
  const db = await connectDatabase(config, logger, { preferOwner: true });
  const stops: (() => Promise<void>)[] = [() => db.close()];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((err) => logger.warn('stop step failed', { err }));
  };
  try {
    await hooks.afterConnect?.(db);
    // Two providers: a query never waits behind a batch of skills being embedded. Each holds a
    // model thread only once used; they close after the queues, so a running embed job finishes.
    const embedProvider = createEmbeddingProvider(config.embeddings);
    const queryProvider = createEmbeddingProvider(config.embeddings);
    stops.push(async () => {
      await embedProvider.close?.();
      await queryProvider.close?.();
    });
    const queues = await startQueues(db.connectionString, { embedded: db.capabilities.embedded, logger });
    stops.push(() => queues.stop());
    const signal = new ScanSignal(db.pool, { connectionString: db.connectionString, listen: !db.capabilities.embedded, logger });
    await signal.start();
    stops.push(() => signal.stop());

    let workers: Workers | null = null;
    if (roles.workers) {
      workers = await startWorkers({
        boss: queues.boss,
        pool: db.pool,
        signal,
        logger,
        limits: archiveLimits(config),
        github: createGitHubClient({ baseUrl: config.github.apiUrl, token: config.github.token }),
        concurrency: config.scan.workerConcurrency,
        embedded: db.capabilities.embedded,
      });
      await registerDirectoryWorkers(queues.boss, {
        pool: db.pool,
        github: createGitHubClient({ baseUrl: config.github.apiUrl, token: config.github.token }),
        limits: importLimits(config.scan),
        logger,
        rescan: config.rescan,
        embedded: db.capabilities.embedded,
        afterChange: () => requestEmbedding(queues.boss),
      });
      await registerEmbeddingWorkers(queues.boss, { pool: db.pool, provider: embedProvider, logger, embedded: db.capabilities.embedded });
    }

    let server: RunningServer | null = null;
    let shuttingDown = false;
    if (roles.api) {
      const search: SearchDependencies = { pool: db.pool, provider: queryProvider, cache: new QueryEmbeddingCache() };
      const service = createScanService({ pool: db.pool, boss: queues.boss, signal, embedded: db.capabilities.embedded, wakeLocalWorkers: () => workers?.wake() });
      const app = createApp({
        pool: db.pool,
        limiterPool: db.limiterPool,
        logger,
        isShuttingDown: () => shuttingDown,
        responseCacheBytes: config.responseCacheBytes,
        scans: { service, maxUploadBytes: config.scan.maxUploadBytes, waitMs: config.scan.waitMs },
        mcp: { pool: db.pool, limiterPool: db.limiterPool, logger, scans: service, config, semanticSearch: hooks.semanticSearch ?? semanticSearchOver(search) },
        search,
      });
      server = await listen(app, config.port, config.host);
      // The HTTP server stops first: in-flight requests finish while queues and database still run.
      stops.push(async () => {
        shuttingDown = true;
        await server!.stop(config.shutdownTimeoutMs);
      });
      logger.info('listening', { port: server.port, host: config.host, database: db.embedded ? 'embedded' : 'postgres', workers: roles.workers });
    } else {
      logger.info('workers only', { database: db.embedded ? 'embedded' : 'postgres' });
    }
    return { db, port: server?.port ?? null, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
