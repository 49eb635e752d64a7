// Query embeddings, least recently used first out. Popular queries skip the model; concurrent
// requests for one query share one computation (the pending promise is what is cached). Keys carry
// the model, so a provider change never answers with another model's vector.

export const DEFAULT_QUERY_CACHE_SIZE = 2000;

export class QueryEmbeddingCache {
  private readonly entries = new Map<string, Promise<number[]>>();
  private readonly capacity: number;
  hits = 0;
  misses = 0;

  constructor(capacity = DEFAULT_QUERY_CACHE_SIZE) {
    this.capacity = Math.max(1, capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached vector of (model, query), or the one `compute` gives, then cached. */
  get(model: string, query: string, compute: () => Promise<number[]>): Promise<number[]> {
    const key = `${model}\u0000${normalizeQuery(query)}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.hits++;
      // Re-inserting moves the entry to the end: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    this.misses++;
    const pending = compute();
    this.entries.set(key, pending);
    // A failure is not cached: the next request tries again.
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    while (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Queries differing only in surrounding or repeated whitespace share an entry. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}
