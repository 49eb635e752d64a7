// Serialised bodies of skill reads, per API process, valid for one version of the directory
// (migration 009). The limiter's statement reads the version on every request, so a cached body is
// served only while the directory is exactly as it was when the body was read: no staleness, and
// no extra round trip. Least recently used entries go first once the byte budget is spent.

interface Entry {
  version: string;
  body: Buffer;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxBytes: number;
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The body cached under `key` for this directory version, if any. */
  get(version: string, key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserting moves the entry to the end: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(version: string, key: string, body: Buffer): void {
    const size = key.length * 2 + body.length;
    if (size > this.maxBytes / 8) return; // one huge page must not evict everything else
    this.delete(key);
    this.entries.set(key, { version, body });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldest.length * 2 + entry.body.length;
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= key.length * 2 + entry.body.length;
  }

  get size(): number {
    return this.entries.size;
  }
}
