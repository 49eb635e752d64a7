// /api/mcp: the tool server for coding assistants over Streamable HTTP (api-spec 4.7), stateless
// and answering JSON. Before any protocol message is read: the Origin check, the key (401) and its
// tier (403 for Free), answered in the REST error envelope. Then each POST gets a fresh server and
// transport bound to the key; tool calls are counted as they reach the server (tool-call-gate.ts).
// GET (a server-to-client event stream) and DELETE (ending a session) have no use without
// sessions and are answered 405, as the transport specification allows.
import express, { type Request, type Response, type Router } from 'express';
import type pg from 'pg';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import type { ScanService } from '../scan-service.ts';
import { locals } from '../context.ts';
import { errorHandler } from '../error-handler.ts';
import { authenticateMcpKey, requireToolTier } from './authenticate-key.ts';
import { createCallCounter } from './call-counter.ts';
import { setLimitHeaders } from '../key-checks.ts';
import { createOriginCheck } from './origin.ts';
import { createScanRunner } from './scan-runner.ts';
import { createMcpServer } from './server.ts';
import { gateToolCalls } from './tool-call-gate.ts';
import type { SemanticSearch } from './semantic-search.ts';

export interface McpDependencies {
  pool: pg.Pool;
  /** Pool the tool calls are counted on; defaults to `pool`. */
  limiterPool?: pg.Pool;
  logger: Logger;
  scans: ScanService;
  config: {
    mcp: { allowedOrigins: readonly string[] };
    scan: { maxUploadBytes: number; maxFiles: number; waitMs: number };
  };
  /** Semantic search for search_skills; without it, `semantic: true` answers a tool error. */
  semanticSearch?: SemanticSearch;
}

/** Room for JSON escaping of the largest skill text a tool accepts. */
function bodyLimit(maxUploadBytes: number): number {
  return maxUploadBytes * 2 + 64 * 1024;
}

export function createMcpRouter(deps: McpDependencies): Router {
  // Options are validated once, here, not on each request.
  const originAllowed = createOriginCheck(deps.config.mcp.allowedOrigins);
  const countPool = deps.limiterPool ?? deps.pool;
  const maxRequestBodySize = bodyLimit(deps.config.scan.maxUploadBytes);

  const router = express.Router();
  router.all('/', async (req: Request, res: Response) => {
    const origin = req.get('origin');
    if (!originAllowed(origin, req.get('host'))) {
      throw new AppError('ORIGIN_NOT_ALLOWED', `Origin "${(origin ?? '').slice(0, 200)}" may not call the tool server; the operator lists allowed origins in MCP_ALLOWED_ORIGINS`);
    }
    const key = await authenticateMcpKey(deps.pool, req);
    const { hash: _hash, now: _now, ...context } = key;
    locals(res).key = context; // for the request log line
    setLimitHeaders(res, key);
    requireToolTier(key);
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      throw new AppError('METHOD_NOT_ALLOWED', `${req.method} is not served: this tool server is stateless and answers JSON to POST`);
    }

    const log = locals(res).log ?? deps.logger;
    const server = createMcpServer({
      pool: deps.pool,
      keyId: key.keyId,
      tier: key.tier,
      scans: createScanRunner(deps.scans, key.keyId, deps.config.scan.waitMs),
      semanticSearch: deps.semanticSearch,
      maxInputBytes: deps.config.scan.maxUploadBytes,
      maxFiles: deps.config.scan.maxFiles,
      log,
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    gateToolCalls(transport, createCallCounter(countPool, key, res), log);
    // A JSON body parser mounted before this router has read the body already: hand it over.
    await transport.handleRequest(req, res, req.body);
  });
  router.use(errorHandler());
  return router;
}
