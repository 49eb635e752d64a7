// Semantic search as `npm start` composes it: the service's own workers embed skills with the
// bundled model after a command-line change asks them to, and both GET /api/v1/skills/search and
// the tool server's search_skills (semantic: true) then find them by meaning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import { startTestService, type TestService } from '../support/test-service.ts';
import { embeddingCoverage } from '../../db/embeddings.ts';
import { USE_MODEL_ID } from '../../worker/embeddings/use-provider.ts';
import { requestEmbeddingFromCommand } from '../../cli/request-embedding.ts';
import { createLogger } from '../../lib/logger.ts';

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(BACKENDS)('semantic search of the composed service on %s', (backend) => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService(backend);
    await addCategories(t.service.db.pool, ['documents', 'infrastructure']);
    await addSkills(t.service.db.pool, [
      skillRecord({
        slug: 'pdf-table-extractor',
        name: 'PDF table extractor',
        description: 'Extracts tables from PDF documents into CSV files',
        tags: ['pdf', 'tables', 'csv'],
        category: 'documents',
      }),
      skillRecord({
        slug: 'terraform-linter',
        name: 'Terraform linter',
        description: 'Checks Terraform configurations for mistakes and insecure settings',
        tags: ['terraform', 'infrastructure'],
        category: 'infrastructure',
      }),
    ]);
    // As `skillgate import` does after changing the directory: the running workers embed.
    await requestEmbeddingFromCommand(t.service.db, createLogger('silent'));
    await waitFor(async () => {
      const { embedded, total } = await embeddingCoverage(t.service.db.pool, USE_MODEL_ID);
      return total === 2 && embedded === 2;
    }, 60_000);
  }, 90_000);
  afterAll(async () => t?.close());

  it('answers GET /api/v1/skills/search for Pro, best match first, with _score and _similarity', async () => {
    const res = await t.request('GET', '/api/v1/skills/search?q=pull%20the%20tables%20out%20of%20a%20pdf', await t.key('pro'));
    expect(res.status).toBe(200);
    const items = (res.body as { data: Record<string, unknown>[] }).data;
    expect(items[0]).toMatchObject({ slug: 'pdf-table-extractor' });
    expect(items[0]._similarity).toBeGreaterThanOrEqual(0.5);
    expect(typeof items[0]._score).toBe('number');
  });

  it('refuses Free keys with 403 TIER_RESTRICTED and a missing q with 400 MISSING_PARAMETER', async () => {
    const free = await t.request('GET', '/api/v1/skills/search?q=pdf', await t.key('free'));
    expect(free.status).toBe(403);
    expect((free.body as { error: { code: string } }).error.code).toBe('TIER_RESTRICTED');
    const missing = await t.request('GET', '/api/v1/skills/search', await t.key('pro'));
    expect(missing.status).toBe(400);
    expect((missing.body as { error: { code: string } }).error.code).toBe('MISSING_PARAMETER');
  });

  it('answers search_skills with semantic: true on the tool server', async () => {
    const client = new Client({ name: 'skillgate-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/api/mcp', t.baseUrl), { requestInit: { headers: { authorization: `Bearer ${await t.key('pro')}` } } }),
    );
    try {
      const res = await client.callTool({ name: 'search_skills', arguments: { query: 'find errors in my terraform', semantic: true } });
      expect(res.isError).toBeFalsy();
      const data = res.structuredContent as { semantic: boolean; items: { slug: string; similarity: number; relevance: number }[] };
      expect(data.semantic).toBe(true);
      expect(data.items[0].slug).toBe('terraform-linter');
      expect(data.items[0].similarity).toBeGreaterThanOrEqual(0.5);
    } finally {
      await client.close();
    }
  });
});
