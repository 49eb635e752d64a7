// The whole service in this process for tool-server tests (as `npm start` composes it), with an
// SDK client factory and raw HTTP helpers.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Database } from '../../db/connect.ts';
import type { McpDependencies } from '../../api/mcp/router.ts';
import type { Tier } from '../../lib/tiers.ts';
import type { Backend } from '../support/databases.ts';
import { startTestService } from '../support/test-service.ts';

export interface McpTestService {
  baseUrl: string;
  mcpUrl: URL;
  db: Database;
  key(tier: Tier): Promise<string>;
  /** An SDK client connected over Streamable HTTP with this key. */
  client(key: string, headers?: Record<string, string>): Promise<Client>;
  /** A raw HTTP request, for what the SDK client hides (statuses, headers). */
  request(method: string, path: string, key: string | null, init?: { body?: unknown; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export async function startMcpTestService(
  backend: Backend,
  env: Record<string, string> = {},
  extra: { semanticSearch?: McpDependencies['semanticSearch'] } = {},
): Promise<McpTestService> {
  const t = await startTestService(backend, env, undefined, undefined, { semanticSearch: extra.semanticSearch });
  const clients: Client[] = [];
  return {
    baseUrl: t.baseUrl,
    mcpUrl: new URL('/api/mcp', t.baseUrl),
    db: t.service.db,
    key: (tier) => t.key(tier),
    async client(key, headers = {}) {
      const client = new Client({ name: 'skillgate-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL('/api/mcp', t.baseUrl), {
        requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    request(method, path, key, init = {}) {
      return t.request(method, path, key, {
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
        headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      });
    },
    async close() {
      for (const c of clients) await c.close().catch(() => {});
      await t.close();
    },
  };
}

/** The headers an MCP client sends with a JSON-RPC POST. */
export const MCP_POST_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

/** A tools/call JSON-RPC request. */
export function toolCall(id: number, name: string, args: Record<string, unknown>) {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } };
}
