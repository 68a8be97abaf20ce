// The model in a worker thread (WorkerEmbedder's other side): onnxruntime-node runs on the thread that calls it, so
// in a service's main thread every run would hold every request behind it. Here the runs go one after another
// while the main thread answers; texts that arrive while a run is on are taken together in the next (up to
// MAX_TOGETHER), which costs less per text than one by one.
import { parentPort, workerData } from 'node:worker_threads';
import { E5Embedder } from './e5-embedder.js';
import { Embedder, type EmbedderOptions, type TextEmbedder } from './embedder.js';

interface Request {
  id: number;
  texts: string[];
}

const MAX_TOGETHER = 16;
const port = parentPort!;
const options = workerData as EmbedderOptions;

let embedder: TextEmbedder;
try {
  embedder = options.kind === 'e5' ? await E5Embedder.load(options) : await Embedder.load(options);
  port.postMessage({ type: 'ready' });
} catch (err) {
  port.postMessage({ type: 'failed', error: String(err) });
  process.exit(0);
}

const queue: Request[] = [];
let running = false;

// `release` (WorkerEmbedder.release): the model is freed once its run under way has ended, then the thread says
// `released` and may be terminated; texts that arrive after it are refused.
let released: Promise<void> | undefined;

port.on('message', (message: Request | { type: 'release' }) => {
  if ('type' in message) {
    released ??= embedder.release().finally(() => port.postMessage({ type: 'released' }));
    return;
  }
  queue.push(message);
  if (!running) void drain();
});

async function drain(): Promise<void> {
  running = true;
  while (queue.length > 0) {
    const batch: Request[] = [];
    let count = 0;
    while (queue.length > 0 && (batch.length === 0 || count + queue[0]!.texts.length <= MAX_TOGETHER)) {
      const next = queue.shift()!;
      batch.push(next);
      count += next.texts.length;
    }
    try {
      const vectors = await embedder.embedMany(batch.flatMap((request) => request.texts));
      let offset = 0;
      for (const { id, texts } of batch) {
        // One buffer a request, moved rather than copied.
        const packed = new Float32Array(texts.length * (vectors[0]?.length ?? 0));
        texts.forEach((_, i) => packed.set(vectors[offset + i]!, i * vectors[offset + i]!.length));
        offset += texts.length;
        port.postMessage({ type: 'vectors', id, packed }, [packed.buffer]);
      }
    } catch (err) {
      for (const { id } of batch) port.postMessage({ type: 'error', id, error: String(err) });
    }
  }
  running = false;
}
