// Look-alike verdicts by name, kept across files and skills: install lines and compose files
// repeat the same names, and each verdict compares the name with every popular one.

/** `compute` with its results kept per key, the store emptied once it holds `limit` of them. */
export function cachedVerdicts(compute: (key: string) => string, limit: number): (key: string) => string {
  const cache = new Map<string, string>();
  return (key) => {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const result = compute(key);
    if (cache.size >= limit) cache.clear();
    cache.set(key, result);
    return result;
  };
}
