// The HTTP application: health checks, then /api/v1 behind authentication and the daily limit.
// Routes are thin adapters over db/ and the scanner; errors all end in the error handler.
import express, { type Express } from 'express';
import type pg from 'pg';
import type { Logger } from '../lib/logger.ts';
import { requestContext } from './middleware/request-context.ts';
import { authenticate, requireTier } from './middleware/authenticate.ts';
import { errorHandler, notFoundHandler } from './error-handler.ts';
import { healthRoute, readyRoute } from './routes/health.ts';
import { listSkillsRoute } from './routes/skills-list.ts';
import { getSkillRoute } from './routes/skill-get.ts';
import { categoriesRoute } from './routes/categories.ts';
import { statsRoute } from './routes/stats.ts';
import { getScanRoute, postScanRoute } from './routes/scan.ts';
import type { ScanService } from './scan-service.ts';
import { createMcpRouter, type McpDependencies } from './mcp/router.ts';
import { libraryRoutes } from './routes/library.ts';
import { searchSkillsRoute, searchUnavailableRoute } from './routes/search.ts';
import type { SearchDependencies } from '../worker/search/search-skills.ts';
import { RequestCounter } from './request-counter.ts';
import { ResponseCache } from './response-cache.ts';
import { DAILY_LIMITS } from '../lib/tiers.ts';

export interface AppDependencies {
  pool: pg.Pool;
  /** Pool for the per-request count; defaults to `pool`. */
  limiterPool?: pg.Pool;
  logger: Logger;
  isShuttingDown?: () => boolean;
  scans?: { service: ScanService; maxUploadBytes: number; waitMs: number };
  mcp?: McpDependencies;
  /** Bytes of skill reads cached per process, valid while the directory is unchanged; 0: none. Default 64 MiB. */
  responseCacheBytes?: number;
  /** Semantic search; without it GET /api/v1/skills/search answers 503. */
  search?: SearchDependencies;
}

export function createApp(deps: AppDependencies): Express {
  const { pool, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(requestContext(logger));

  app.get('/healthz', healthRoute());
  app.get('/readyz', readyRoute(pool, deps.isShuttingDown ?? (() => false)));

  // The tool server authenticates and counts per tool call itself, outside /api/v1.
  if (deps.mcp) app.use('/api/mcp', createMcpRouter(deps.mcp));

  const cacheBytes = deps.responseCacheBytes ?? 64 * 1024 * 1024;
  const cache = cacheBytes > 0 ? new ResponseCache(cacheBytes) : undefined;
  const v1 = express.Router();
  v1.use(authenticate(new RequestCounter(deps.limiterPool ?? pool, DAILY_LIMITS)));
  v1.get('/skills', listSkillsRoute(pool, cache));
  // Before /skills/:slug: the literal segment `search` is this endpoint, never a slug.
  v1.get('/skills/search', requireTier('pro'), deps.search ? searchSkillsRoute(deps.search) : searchUnavailableRoute());
  v1.get('/skills/:slug', getSkillRoute(pool, cache));
  v1.get('/categories', categoriesRoute(pool));
  v1.get('/stats', statsRoute(pool));
  v1.use('/library', libraryRoutes(pool));
  if (deps.scans) {
    v1.post('/scan', requireTier('pro'), postScanRoute(deps.scans.service, deps.scans));
    v1.get('/scans/:id', requireTier('pro'), getScanRoute(deps.scans.service));
  }
  v1.use(notFoundHandler());
  app.use('/api/v1', v1);

  app.use(notFoundHandler());
  app.use(errorHandler());
  return app;
}
