// Who may use /api/mcp and what it costs: Origin, key and tier are checked before any protocol
// exchange; each tool call counts one request, other messages none; over the limit a tool call is
// refused without running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BACKENDS } from '../support/databases.ts';
import { addCategories, addSkills, skillRecord } from '../support/test-app.ts';
import { MCP_POST_HEADERS, startMcpTestService, toolCall, type McpTestService } from './mcp-service.ts';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

async function requestsToday(t: McpTestService, key: string): Promise<number> {
  const { rows } = await t.db.pool.query(
    `SELECT COALESCE(sum(u.requests), 0)::int AS n FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.prefix = $1`,
    [key.slice(0, 11)],
  );
  return rows[0].n;
}

describe(`tool server access on ${BACKENDS[0]}`, () => {
  let t: McpTestService;
  let pro: string;
  const post = (body: unknown, key: string | null = pro, headers: Record<string, string> = {}) =>
    t.request('POST', '/api/mcp', key, { body, headers: { ...MCP_POST_HEADERS, ...headers } });

  beforeAll(async () => {
    t = await startMcpTestService(BACKENDS[0]);
    pro = await t.key('pro');
    await addCategories(t.db.pool, ['testing']);
    await addSkills(t.db.pool, [skillRecord({ slug: 'access-one', name: 'Access one' })]);
  });
  afterAll(async () => t?.close());

  it('answers 401 MISSING_API_KEY in the error envelope before any protocol exchange', async () => {
    const res = await post(INITIALIZE, null);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'MISSING_API_KEY', message: expect.stringContaining('Authorization: Bearer') } });
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('answers 401 INVALID_API_KEY for a malformed, unknown or revoked key', async () => {
    expect((await post(INITIALIZE, 'nonsense')).body.error.code).toBe('INVALID_API_KEY');
    expect((await post(INITIALIZE, `sg_zzzzzzzz_${'a'.repeat(43)}`)).body.error.code).toBe('INVALID_API_KEY');
    const revoked = await t.key('pro');
    await t.db.pool.query(`UPDATE api_keys SET status = 'revoked' WHERE prefix = $1`, [revoked.slice(0, 11)]);
    const res = await post(INITIALIZE, revoked);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('INVALID_API_KEY');
  });

  it('answers 403 TIER_RESTRICTED to a Free key, with its rate-limit headers, and counts nothing', async () => {
    const free = await t.key('free');
    const res = await post(toolCall(1, 'search_skills', { query: 'x' }), free);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('TIER_RESTRICTED');
    expect(res.body.error.message).toMatch(/Pro or Enterprise/);
    expect(res.headers.get('x-ratelimit-tier')).toBe('free');
    expect(await requestsToday(t, free)).toBe(0);
  });

  it('refuses the SDK client of a Free key at connect time', async () => {
    const free = await t.key('free');
    const error = await t.client(free).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(403);
  });

  it('answers 403 ORIGIN_NOT_ALLOWED to a foreign browser Origin, before the key is looked at', async () => {
    const res = await post(INITIALIZE, null, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('ORIGIN_NOT_ALLOWED');
    expect((await post(INITIALIZE, pro, { origin: 'null' })).status).toBe(403);
  });

  it('accepts no Origin, loopback origins and the server host itself', async () => {
    for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1', t.baseUrl]) {
      const res = await post(INITIALIZE, pro, origin ? { origin } : {});
      expect(res.status, String(origin)).toBe(200);
      expect(res.body.result.serverInfo.name).toBe('skillgate');
    }
  });

  it('answers GET and DELETE 405 (no sessions), after the key check', async () => {
    const get = await t.request('GET', '/api/mcp', pro, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(get.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect((await t.request('DELETE', '/api/mcp', pro)).status).toBe(405);
    expect((await t.request('GET', '/api/mcp', null)).status).toBe(401);
  });

  it('is stateless JSON: no session id, application/json answers', async () => {
    const res = await post(INITIALIZE);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('counts each tool call once, and initialize, tools/list, ping and notifications not at all', async () => {
    const key = await t.key('pro');
    const client = await t.client(key);
    await client.listTools();
    await client.ping();
    expect(await requestsToday(t, key)).toBe(0);
    await client.callTool({ name: 'get_skill', arguments: { slug: 'access-one' } });
    await client.callTool({ name: 'get_skill', arguments: { slug: 'no-such-skill' } }); // an error result still counts
    await client.callTool({ name: 'get_skill', arguments: {} }); // invalid arguments count, as a 400 does on REST
    expect(await requestsToday(t, key)).toBe(3);
  });

  it('reports the count in X-RateLimit headers of the response carrying the call', async () => {
    const key = await t.key('pro');
    const first = await post(INITIALIZE, key);
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1000');
    expect(first.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(first.headers.get('x-ratelimit-tier')).toBe('pro');
    const call = await post(toolCall(2, 'get_skill', { slug: 'access-one' }), key);
    expect(call.status).toBe(200);
    expect(call.body.result.structuredContent.slug).toBe('access-one');
    expect(call.headers.get('x-ratelimit-remaining')).toBe('999');
    const list = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, key);
    expect(list.headers.get('x-ratelimit-remaining')).toBe('999');
  });

  it('counts every tool call of a batch', async () => {
    const key = await t.key('pro');
    const res = await post([toolCall(1, 'get_skill', { slug: 'access-one' }), toolCall(2, 'get_skill', { slug: 'access-one' }), { jsonrpc: '2.0', id: 3, method: 'tools/list' }], key);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    expect(await requestsToday(t, key)).toBe(2);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('998');
  });

  it('refuses a tool call over the limit with a RATE_LIMIT_EXCEEDED tool error, without running it', async () => {
    const key = await t.key('pro');
    const client = await t.client(key);
    await t.db.pool.query(
      `INSERT INTO api_usage (key_id, day, requests) SELECT id, (now() AT TIME ZONE 'UTC')::date, 999 FROM api_keys WHERE prefix = $1`,
      [key.slice(0, 11)],
    );
    const last = await client.callTool({ name: 'my_library', arguments: { action: 'add', slug: 'access-one' } });
    expect(last.isError).toBeFalsy();
    const refused = await client.callTool({ name: 'my_library', arguments: { action: 'remove', slug: 'access-one' } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0].text).toMatch(/^RATE_LIMIT_EXCEEDED: Daily limit of 1000 requests for the pro tier/);
    expect(refused._meta?.['skillgate/error']).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: expect.any(Number) });
    // The remove did not run: the skill is still in the library.
    const { rows } = await t.db.pool.query(
      `SELECT count(*)::int AS n FROM library_entries l JOIN api_keys k ON k.id = l.key_id WHERE k.prefix = $1`,
      [key.slice(0, 11)],
    );
    expect(rows[0].n).toBe(1);
    expect(await requestsToday(t, key)).toBe(1000);
    // Listing tools is not a tool call and still works.
    expect((await client.listTools()).tools).toHaveLength(6);
    const raw = await post(toolCall(9, 'get_skill', { slug: 'access-one' }), key);
    expect(raw.status).toBe(200);
    expect(raw.body.result.isError).toBe(true);
    expect(raw.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

// The other database, briefly: the tool list and one call.
describe.each(BACKENDS.slice(1))('tool server basics on %s', (backend) => {
  let t: McpTestService;
  beforeAll(async () => {
    t = await startMcpTestService(backend);
    await addCategories(t.db.pool, ['testing']);
    await addSkills(t.db.pool, [skillRecord({ slug: 'other-db', name: 'Other database skill' })]);
  });
  afterAll(async () => t?.close());

  it('lists the six tools and answers a search', async () => {
    const client = await t.client(await t.key('enterprise'));
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(
      ['audit_skills', 'download_skill', 'get_skill', 'my_library', 'scan_skill', 'search_skills'],
    );
    const res = await client.callTool({ name: 'search_skills', arguments: { query: 'other database' } });
    expect(res.structuredContent).toMatchObject({ totalCount: 1, items: [{ slug: 'other-db' }] });
  });
});
