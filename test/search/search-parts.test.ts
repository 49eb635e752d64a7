// The pure parts of semantic search: the query cache, the embedded text of a skill, query words,
// vector normalisation, the quality signal, the ranking metrics and the EMBEDDINGS_* settings.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../lib/config.ts';
import { combinedScore, DEFAULT_WEIGHTS, inverseDocumentFrequency, qualitySignal } from '../../lib/search-score.ts';
import { QueryEmbeddingCache } from '../../worker/embeddings/query-cache.ts';
import { bodyOpening, skillText } from '../../worker/embeddings/skill-text.ts';
import { unitVector } from '../../worker/embeddings/provider.ts';
import { queryWords } from '../../worker/search/search-skills.ts';
import { ndcgAt, recallAt, reciprocalRank, summarise } from '../../bench/ranking-metrics.ts';

describe('query embedding cache', () => {
  it('computes a query once per model, whatever its surrounding whitespace', async () => {
    const cache = new QueryEmbeddingCache(10);
    let calls = 0;
    const compute = async () => [++calls];
    expect(await cache.get('m1', 'spreadsheet charts', compute)).toEqual([1]);
    expect(await cache.get('m1', '  spreadsheet   charts ', compute)).toEqual([1]);
    expect(await cache.get('m2', 'spreadsheet charts', compute)).toEqual([2]);
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('shares one computation between concurrent requests', async () => {
    const cache = new QueryEmbeddingCache(10);
    let calls = 0;
    const compute = () => new Promise<number[]>((r) => setTimeout(() => r([++calls]), 20));
    expect(await Promise.all([cache.get('m', 'q', compute), cache.get('m', 'q', compute)])).toEqual([[1], [1]]);
  });

  it('drops the least recently used entry when full, and does not keep failures', async () => {
    const cache = new QueryEmbeddingCache(2);
    await cache.get('m', 'a', async () => [1]);
    await cache.get('m', 'b', async () => [2]);
    await cache.get('m', 'a', async () => [9]); // a is now the most recent
    await cache.get('m', 'c', async () => [3]); // evicts b
    expect(await cache.get('m', 'a', async () => [9])).toEqual([1]);
    expect(await cache.get('m', 'b', async () => [4])).toEqual([4]);
    await expect(cache.get('m', 'x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('m', 'x', async () => [5])).toEqual([5]);
  });
});

describe('embedded text of a skill', () => {
  const content = '---\nname: spreadsheet-to-charts\ndescription: Turns sheets into charts\n---\n\n# Spreadsheet to charts\n\nProduce **readable** charts from a [spreadsheet](https://example.net).\n\n```bash\npython3 plot.py\n```\n- Use `--kind line` for time series\n';

  it('holds the name, description, tags and the opening of the body without front matter or code', () => {
    const text = skillText({ name: 'spreadsheet-to-charts', description: 'Turns sheets into charts.', tags: ['charts', 'data-viz'], content });
    expect(text).toBe('spreadsheet to charts. Turns sheets into charts. Tags: charts, data viz. Spreadsheet to charts Produce readable charts from a spreadsheet. Use --kind line for time series');
  });

  it('cuts the opening of a long body at a word', () => {
    const opening = bodyOpening('---\na: b\n---\n' + 'word '.repeat(200), 52);
    expect(opening.length).toBeLessThanOrEqual(52);
    expect(opening.endsWith('word')).toBe(true);
  });
});

describe('search helpers', () => {
  it('splits a query into lower-case words, once each', () => {
    expect(queryWords("Check my Terraform, check it's OK — café 3D!")).toEqual(['check', 'my', 'terraform', 'it', 's', 'ok', 'café', '3d']);
    expect(queryWords('%%% ***')).toEqual([]);
  });

  it('normalises vectors to unit length and refuses the zero vector', () => {
    expect(unitVector([3, 4])).toEqual([0.6, 0.8]);
    expect(() => unitVector([0, 0])).toThrow();
  });

  it('scores quality from stars, votes and grade, saturating', () => {
    expect(qualitySignal({ stars: 0, votes: 0, securityScore: 0 })).toBe(0);
    expect(qualitySignal({ stars: 10_000, votes: 1_000, securityScore: 100 })).toBeCloseTo(1, 10);
    expect(qualitySignal({ stars: 1e7, votes: 1e7, securityScore: 100 })).toBeCloseTo(1, 10);
    expect(qualitySignal({ stars: 100, votes: 10, securityScore: 90 })).toBeCloseTo(0.4 * 0.501 + 0.3 * 0.347 + 0.27, 2);
  });

  it('weighs rare words more than common ones, and combines the signals with the documented weights', () => {
    expect(inverseDocumentFrequency(1, 1000)).toBeGreaterThan(inverseDocumentFrequency(500, 1000));
    expect(inverseDocumentFrequency(2000, 1000)).toBeGreaterThan(0);
    expect(DEFAULT_WEIGHTS).toEqual({ similarity: 0.4, text: 0.55, quality: 0.05 });
    expect(combinedScore({ similarity: 0.5, text: 1, quality: 0.2 })).toBeCloseTo(0.2 + 0.55 + 0.01, 10);
  });
});

describe('ranking metrics', () => {
  const relevant = { a: 2, b: 1 };
  it('computes recall@k, reciprocal rank and nDCG@k', () => {
    expect(recallAt(2, ['x', 'a', 'b'], relevant)).toBe(0.5);
    expect(reciprocalRank(['x', 'y', 'b'], relevant)).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['x'], relevant)).toBe(0);
    expect(ndcgAt(10, ['a', 'b'], relevant)).toBe(1);
    expect(ndcgAt(10, ['b', 'a'], relevant)).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)));
    expect(summarise([{ ranked: ['a'], relevant }, { ranked: [], relevant }])).toEqual({ recallAt5: 0.25, mrr: 0.5, ndcgAt10: expect.any(Number) });
  });
});

describe('EMBEDDINGS_* settings', () => {
  it('default to the bundled model', () => {
    expect(loadConfig({}).embeddings).toEqual({ provider: 'use', url: undefined, model: undefined, apiKey: undefined, dimensions: 512 });
  });

  it('take an OpenAI-compatible endpoint with its URL, model, key and dimensions', () => {
    const config = loadConfig({ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: 'https://api.openai.com/v1/', EMBEDDINGS_MODEL: 'text-embedding-3-small', EMBEDDINGS_API_KEY: 'sk', EMBEDDINGS_DIMENSIONS: '1536' });
    expect(config.embeddings).toEqual({ provider: 'openai', url: 'https://api.openai.com/v1', model: 'text-embedding-3-small', apiKey: 'sk', dimensions: 1536 });
  });

  it.each([
    [{ EMBEDDINGS_PROVIDER: 'bert' }, /EMBEDDINGS_PROVIDER must be one of use, openai/],
    [{ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_DIMENSIONS: '8' }, /EMBEDDINGS_URL must be set/],
    [{ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: 'http://x', EMBEDDINGS_DIMENSIONS: '8' }, /EMBEDDINGS_MODEL must be set/],
    [{ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: 'http://x', EMBEDDINGS_MODEL: 'm' }, /EMBEDDINGS_DIMENSIONS must be set/],
    [{ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: 'ftp://x', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_DIMENSIONS: '8' }, /EMBEDDINGS_URL must be an http\(s\) URL/],
    [{ EMBEDDINGS_PROVIDER: 'openai', EMBEDDINGS_URL: 'http://x', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_DIMENSIONS: '0' }, /EMBEDDINGS_DIMENSIONS must be a whole number/],
    [{ EMBEDDINGS_URL: 'http://x' }, /EMBEDDINGS_URL is set but EMBEDDINGS_PROVIDER is "use"/],
    [{ EMBEDDINGS_DIMENSIONS: '768' }, /EMBEDDINGS_DIMENSIONS must be 512 with EMBEDDINGS_PROVIDER=use/],
  ])('refuse %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
