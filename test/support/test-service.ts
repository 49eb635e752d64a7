// The whole service in this process (database, queues, workers, API) on a test database, as
// `npm start` composes it, for end-to-end tests of the scan pipeline.
import { startService, type RunningService } from '../../cli/start-service.ts';
import { loadConfig } from '../../lib/config.ts';
import { createLogger } from '../../lib/logger.ts';
import { issueKey } from '../../lib/issue-key.ts';
import type { Tier } from '../../lib/tiers.ts';
import { createTestDatabase, type Backend, type TestDatabase } from './databases.ts';

export interface TestService {
  baseUrl: string;
  service: RunningService;
  database: TestDatabase;
  key(tier: Tier): Promise<string>;
  request(method: string, path: string, key: string | null, init?: { body?: RequestInit['body']; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export async function startTestService(
  backend: Backend,
  env: Record<string, string> = {},
  roles = { api: true, workers: true },
  database?: TestDatabase,
  hooks: Parameters<typeof startService>[3] = {},
): Promise<TestService> {
  const db = database ?? (await createTestDatabase(backend));
  const config = loadConfig({ DATABASE_URL: db.connectionString, PORT: '0', HOST: '127.0.0.1', RESCAN_ENABLED: 'false', ...env });
  const service = await startService(config, createLogger('silent'), roles, hooks);
  const baseUrl = `http://127.0.0.1:${service.port}`;
  return {
    baseUrl,
    service,
    database: db,
    async key(tier) {
      return (await issueKey(service.db.pool, { tier, name: `test-${tier}` })).key;
    },
    async request(method, path, key, init = {}) {
      const res = await fetch(baseUrl + path, {
        method,
        body: init.body,
        headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers },
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, headers: res.headers, body };
    },
    async close() {
      await service.stop();
      if (!database) await db.drop();
    },
  };
}
