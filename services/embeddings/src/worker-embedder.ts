// The model in a thread of its own (worker.ts), behind the same calls as the in-thread Embedder: the service's
// main thread sends texts and gets vectors back, and never waits for a run itself. The thread keeps the process
// alive only while texts wait for it: an idle model never holds a process open (a service whose start failed
// after loading it, a test that forgot it). A worker that fails to load
// fails load(); one that dies later fails what was waiting and every later call (the callers then do without the
// model, as when it never loaded).
import { Worker } from 'node:worker_threads';
import { pinE5Engine } from './e5-embedder.js';
import { DIMENSIONS, ModelReleasedError, type EmbedderOptions, type TextEmbedder } from './embedder.js';

type Message =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  | { type: 'vectors'; id: number; packed: Float32Array }
  | { type: 'error'; id: number; error: string }
  | { type: 'released' };

/** How long release() waits for the thread to free its model before it ends the thread all the same. */
const RELEASE_WAIT_MS = 5000;

/** A pause that holds nothing open by itself. */
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

// From src/ (jest) and from dist/ alike: the compiled worker.
const WORKER = new URL('../dist/worker.js', import.meta.url);

export class WorkerEmbedder implements TextEmbedder {
  private readonly pending = new Map<
    number,
    { resolve(v: Float32Array[]): void; reject(e: Error): void; texts: number }
  >();
  private waiting = 0;
  private next = 0;
  private dead: Error | undefined;
  /** Set by release(): what every call waiting or made after it gets, whatever the thread's end says. */
  private released: ModelReleasedError | undefined;
  private exited = false;

  private constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (message: Message) => {
      if (message.type !== 'vectors' && message.type !== 'error') return;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      this.waiting -= waiting?.texts ?? 0;
      if (this.pending.size === 0) worker.unref();
      // After release() the thread refuses what arrives: the caller gets the release, not the thread's words.
      if (message.type === 'error') return waiting?.reject(this.released ?? new Error(message.error));
      const { packed } = message;
      const count = packed.length / DIMENSIONS;
      waiting?.resolve(Array.from({ length: count }, (_, i) => packed.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS)));
    });
    const fail = (err: Error) => {
      this.dead ??= err;
      for (const { reject } of this.pending.values()) reject(this.released ?? err);
      this.pending.clear();
      this.waiting = 0;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      this.exited = true;
      fail(new Error(`the embedding worker exited (code ${code})`));
    });
  }

  /** Starts the worker and waits until its model has loaded (and run once). */
  static async load(options: EmbedderOptions): Promise<WorkerEmbedder> {
    // The e5 engine is loaded once for the process (e5-embedder.ts, pinE5Engine) before a thread loads it too.
    if (options.kind === 'e5') pinE5Engine(options.dir);
    const worker = new Worker(WORKER, { workerData: options });
    const first = await new Promise<Message>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the embedding worker exited (code ${code}) while loading`)));
    });
    if (first.type !== 'ready') {
      await worker.terminate();
      throw new Error(first.type === 'failed' ? first.error : 'the embedding worker answered out of turn');
    }
    return new WorkerEmbedder(worker);
  }

  async embed(text: string): Promise<Float32Array> {
    const [vector] = await this.embedMany([text]);
    return vector!;
  }

  embedMany(texts: readonly string[]): Promise<Float32Array[]> {
    if (this.dead) return Promise.reject(this.dead);
    if (texts.length === 0) return Promise.resolve([]);
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject, texts: texts.length });
      this.waiting += texts.length;
      this.worker.postMessage({ id, texts: [...texts] });
    });
  }

  /** Texts sent to the thread and not answered yet (what a new text waits behind). */
  get backlog(): number {
    return this.waiting;
  }

  /**
   * Asks the thread to free its model once the run under way has ended (a thread terminated in the middle of an
   * ONNX Runtime run aborts the whole process), waits for it (RELEASE_WAIT_MS at most), then ends the thread and
   * waits for its end (as long again at most). The process is held open meanwhile: an answered request unrefs the
   * thread, and a release awaited at the end of a script must not find the event loop empty.
   */
  async release(): Promise<void> {
    this.released ??= new ModelReleasedError();
    this.dead ??= this.released;
    if (this.exited) return;
    const ended = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    const keepAlive = setInterval(() => undefined, 1000);
    try {
      const freed = new Promise<void>((resolve) =>
        this.worker.on('message', (message: Message) => message.type === 'released' && resolve()),
      );
      this.worker.postMessage({ type: 'release' });
      await Promise.race([freed, ended, delay(RELEASE_WAIT_MS)]);
      void this.worker.terminate();
      await Promise.race([ended, delay(RELEASE_WAIT_MS)]);
    } finally {
      clearInterval(keepAlive);
    }
  }
}
