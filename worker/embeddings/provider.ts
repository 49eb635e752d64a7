// What every source of embeddings offers: a model id stored with each vector (a different id
// makes every stored vector stale), the vector length, and a batch call. Vectors come back in
// input order; callers normalise them (unitVector) before storing or comparing.

export interface EmbeddingProvider {
  /** Stored with every vector; changing it re-embeds the directory. */
  readonly model: string;
  readonly dimensions: number;
  embed(texts: string[]): Promise<number[][]>;
  /** Releases what the provider holds (the bundled model's thread); optional. */
  close?(): Promise<void>;
}

/** The vector scaled to length 1, so that cosine similarity is a dot product. */
export function unitVector(vector: number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (!Number.isFinite(norm) || norm === 0) throw new Error('an embedding of length zero (or not finite) cannot be normalised');
  return vector.map((x) => x / norm);
}
