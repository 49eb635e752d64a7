// The OpenAI-compatible provider against a local fake embeddings endpoint: the request it sends,
// answers in any order, and every way the endpoint can fail becoming UPSTREAM_ERROR.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { loadConfig } from '../../lib/config.ts';
import { createOpenAiProvider } from '../../worker/embeddings/openai-provider.ts';
import { createEmbeddingProvider } from '../../worker/embeddings/create-provider.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: any;
}

describe('OpenAI-compatible embeddings provider', () => {
  let server: http.Server;
  let base: string;
  let seen: Seen[] = [];
  let answer: (body: any) => { status: number; body: string } = () => ({ status: 500, body: '' });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw || 'null');
        seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
        const out = answer(body);
        res.writeHead(out.status, { 'content-type': 'application/json' }).end(out.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    seen = [];
  });

  /** Answers like the real API: one vector per input, here in reverse order with their index. */
  const vectors = (dims: number) => (body: any) => ({
    status: 200,
    body: JSON.stringify({
      object: 'list',
      data: body.input.map((_: string, i: number) => ({ object: 'embedding', index: i, embedding: Array.from({ length: dims }, (_, d) => i + d / 100) })).reverse(),
      model: body.model,
    }),
  });

  async function upstreamError(promise: Promise<unknown>): Promise<AppError> {
    const err = await promise.then(() => null, (e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('UPSTREAM_ERROR');
    return err;
  }

  it('posts the model, the inputs and the dimensions with the key, and returns vectors in input order', async () => {
    answer = vectors(4);
    const provider = createOpenAiProvider({ url: base + '/', model: 'text-embedding-3-small', apiKey: 'sk-test', dimensions: 4 });
    expect(provider.model).toBe('openai:text-embedding-3-small:4');
    expect(provider.dimensions).toBe(4);
    const out = await provider.embed(['first', 'second', 'third']);
    expect(out).toEqual([0, 1, 2].map((i) => [i, i + 0.01, i + 0.02, i + 0.03]));
    expect(seen).toEqual([
      { method: 'POST', url: '/v1/embeddings', authorization: 'Bearer sk-test', body: { model: 'text-embedding-3-small', input: ['first', 'second', 'third'], dimensions: 4 } },
    ]);
  });

  it('sends no Authorization header without a key, and nothing at all for no texts', async () => {
    answer = vectors(2);
    const provider = createOpenAiProvider({ url: base, model: 'local', dimensions: 2 });
    expect(await provider.embed([])).toEqual([]);
    expect(seen).toEqual([]);
    await provider.embed(['x']);
    expect(seen[0].authorization).toBeUndefined();
  });

  it('turns an error status into UPSTREAM_ERROR with the status and the start of the body', async () => {
    answer = () => ({ status: 401, body: JSON.stringify({ error: { message: 'Incorrect API key provided' } }) });
    const err = await upstreamError(createOpenAiProvider({ url: base, model: 'm', apiKey: 'bad', dimensions: 2 }).embed(['x']));
    expect(err.message).toMatch(/401/);
    expect(err.message).toMatch(/Incorrect API key/);
    expect(err.status).toBe(502);
  });

  it('refuses answers that are not JSON, lack vectors, or have other dimensions', async () => {
    const provider = createOpenAiProvider({ url: base, model: 'm', dimensions: 3 });
    answer = () => ({ status: 200, body: '<html>gateway</html>' });
    expect((await upstreamError(provider.embed(['x']))).message).toMatch(/JSON/);
    answer = () => ({ status: 200, body: JSON.stringify({ data: [] }) });
    expect((await upstreamError(provider.embed(['x']))).message).toMatch(/expected 1 embeddings/);
    answer = vectors(5);
    expect((await upstreamError(provider.embed(['x']))).message).toMatch(/EMBEDDINGS_DIMENSIONS/);
  });

  it('turns an unreachable or silent endpoint into UPSTREAM_ERROR', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    expect((await upstreamError(createOpenAiProvider({ url: `http://127.0.0.1:${port}`, model: 'm', dimensions: 2 }).embed(['x']))).message).toMatch(/could not be reached/);
    answer = () => ({ status: 200, body: '' });
    const hanging = http.createServer(() => {});
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', () => r()));
    const slow = createOpenAiProvider({ url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, model: 'm', dimensions: 2, timeoutMs: 200 });
    await upstreamError(slow.embed(['x']));
    hanging.closeAllConnections();
    await new Promise<void>((r) => hanging.close(() => r()));
  });

  it('is the provider the configuration names with EMBEDDINGS_PROVIDER=openai', async () => {
    answer = vectors(3);
    const config = loadConfig({ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: base, EMBEDDINGS_MODEL: 'nomic', EMBEDDINGS_API_KEY: 'k', EMBEDDINGS_DIMENSIONS: '3' });
    const provider = createEmbeddingProvider(config.embeddings);
    expect(provider.model).toBe('openai:nomic:3');
    await provider.embed(['x']);
    expect(seen[0]).toMatchObject({ authorization: 'Bearer k', body: { model: 'nomic', dimensions: 3 } });
  });
});
