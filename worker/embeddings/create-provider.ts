// The embedding provider the configuration names (lib/config.ts: EMBEDDINGS_*).
import type { Config } from '../../lib/config.ts';
import type { EmbeddingProvider } from './provider.ts';
import { createUseProvider } from './use-provider.ts';
import { createOpenAiProvider } from './openai-provider.ts';

export function createEmbeddingProvider(config: Config['embeddings']): EmbeddingProvider {
  if (config.provider === 'openai') {
    return createOpenAiProvider({ url: config.url!, model: config.model!, apiKey: config.apiKey, dimensions: config.dimensions });
  }
  return createUseProvider();
}
