// A deterministic stand-in for an embedding model, fast enough for tests that embed hundreds of
// skills: every word (lower case, a trailing "s" dropped) maps to a fixed pseudo-random vector, and
// a text's vector is the sum of its words' vectors. Texts sharing words are similar.
import type { EmbeddingProvider } from '../../worker/embeddings/provider.ts';

function wordVector(word: string, dimensions: number): number[] {
  // FNV-1a seed, then a xorshift stream of values in [-1, 1].
  let h = 2166136261;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
  let x = h >>> 0 || 1;
  const v: number[] = [];
  for (let d = 0; d < dimensions; d++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    v.push((x / 0xffffffff) * 2 - 1);
  }
  return v;
}

export interface FakeProvider extends EmbeddingProvider {
  /** Texts embedded so far (queries included). */
  texts: string[];
}

export function createFakeProvider(options: { model?: string; dimensions?: number; delayMs?: number } = {}): FakeProvider {
  const dimensions = options.dimensions ?? 64;
  const texts: string[] = [];
  return {
    model: options.model ?? 'fake-words-v1',
    dimensions,
    texts,
    async embed(batch) {
      texts.push(...batch);
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      return batch.map((text) => {
        const sum = wordVector('\u0000bias', dimensions).map((x) => x * 0.05);
        for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
          const word = raw.length > 3 ? raw.replace(/s$/, '') : raw;
          wordVector(word, dimensions).forEach((x, d) => (sum[d] += x));
        }
        return sum;
      });
    },
  };
}
