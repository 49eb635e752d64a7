// An OpenAI-compatible embeddings endpoint (OpenAI, Azure-style gateways, vLLM, Ollama, LiteLLM...):
// POST {url}/embeddings with { model, input, dimensions }, a Bearer key, and vectors back in
// data[].embedding. Any failure of the endpoint is an UPSTREAM_ERROR naming what went wrong.
import { AppError } from '../../lib/errors.ts';
import type { EmbeddingProvider } from './provider.ts';

export interface OpenAiProviderOptions {
  /** Base URL, e.g. https://api.openai.com/v1 (the provider appends /embeddings). */
  url: string;
  model: string;
  apiKey?: string;
  dimensions: number;
  timeoutMs?: number;
}

interface EmbeddingsResponse {
  data?: { embedding?: unknown; index?: number }[];
}

function upstream(message: string, cause?: unknown): AppError {
  return new AppError('UPSTREAM_ERROR', `embeddings endpoint: ${message}`, {}, { cause });
}

function vectorsOf(body: EmbeddingsResponse, count: number, dimensions: number): number[][] {
  if (!Array.isArray(body.data) || body.data.length !== count) {
    throw upstream(`expected ${count} embeddings, got ${Array.isArray(body.data) ? body.data.length : 'none'}`);
  }
  // Entries carry their input position; servers are not bound to answer in order.
  const ordered = [...body.data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  return ordered.map((entry) => {
    const v = entry.embedding;
    if (!Array.isArray(v) || v.length !== dimensions || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw upstream(`an embedding is not a list of ${dimensions} numbers (check EMBEDDINGS_DIMENSIONS)`);
    }
    return v as number[];
  });
}

export function createOpenAiProvider(options: OpenAiProviderOptions): EmbeddingProvider {
  const endpoint = `${options.url.replace(/\/+$/, '')}/embeddings`;
  return {
    // The dimensions are part of the id: one model shortened to other sizes gives other vectors.
    model: `openai:${options.model}:${options.dimensions}`,
    dimensions: options.dimensions,
    async embed(texts) {
      if (texts.length === 0) return [];
      let res: Response;
      try {
        res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, input: texts, dimensions: options.dimensions }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
        });
      } catch (err) {
        throw upstream(`${endpoint} could not be reached (${(err as Error).message})`, err);
      }
      const text = await res.text().catch(() => '');
      if (!res.ok) throw upstream(`${endpoint} answered ${res.status}: ${text.slice(0, 200)}`);
      let body: EmbeddingsResponse;
      try {
        body = JSON.parse(text) as EmbeddingsResponse;
      } catch (err) {
        throw upstream(`${endpoint} answered with something other than JSON`, err);
      }
      return vectorsOf(body, texts.length, options.dimensions);
    },
  };
}
