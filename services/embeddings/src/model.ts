// The model as a service holds it: loaded in the background at start (the service is not ready until it has
// loaded or failed), its state and timings as metrics, and no model at all when it could not load, so that every
// caller falls back to what it does without one. A failure is logged and shown by `embedding_model_up` 0, which
// the EmbeddingModelDown alert watches (observability/prometheus/rules); it never stops the service.
import { fileURLToPath } from 'node:url';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { ModelKind, TextEmbedder } from './embedder.js';
import { WorkerEmbedder } from './worker-embedder.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Where the bootstrap installs a model, unless EMBEDDING_MODEL_DIR (minilm) or MULTILINGUAL_MODEL_DIR (e5) says
 * otherwise.
 */
export function embeddingModelDir(env: NodeJS.ProcessEnv = process.env, kind: ModelKind = 'minilm'): string {
  if (kind === 'e5') return env.MULTILINGUAL_MODEL_DIR || `${repoRoot}.tools/models/e5`;
  return env.EMBEDDING_MODEL_DIR || `${repoRoot}.tools/models/minilm`;
}

export type ModelState = 'loading' | 'ready' | 'failed';

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class EmbeddingModel {
  private current: ModelState = 'loading';
  private loaded: TextEmbedder | undefined;
  private readonly up: ReturnType<Gauge<'model'>['labels']>;
  private readonly seconds: Histogram<'use' | 'model'>;
  readonly kind: ModelKind;
  /** The model's folder (its identity for embedCached). */
  readonly dir: string;
  readonly ready: Promise<void>;

  constructor(deps: { dir: string; registry: Registry; logger: Logger; threads?: number; kind?: ModelKind }) {
    const kind = deps.kind ?? 'minilm';
    // One series per model: a service may run two (the English one and the multilingual one).
    const up =
      (deps.registry.getSingleMetric('embedding_model_up') as Gauge<'model'> | undefined) ??
      new Gauge({
        name: 'embedding_model_up',
        help: 'Whether a sentence-embedding model is loaded (1) or not (0: loading, or failed; the rules decide without it)',
        labelNames: ['model'] as const,
        registers: [deps.registry],
      });
    const seconds =
      (deps.registry.getSingleMetric('embedding_seconds') as Histogram<'use' | 'model'> | undefined) ??
      new Histogram({
        name: 'embedding_seconds',
        help: 'Time to embed what one question needs, by use and model',
        labelNames: ['use', 'model'] as const,
        buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25],
        registers: [deps.registry],
      });
    this.up = up.labels({ model: kind });
    this.up.set(0);
    this.seconds = seconds;
    this.kind = kind;
    this.dir = deps.dir;
    const started = performance.now();
    // In a worker thread: the service's own thread keeps answering while the model runs.
    this.ready = WorkerEmbedder.load({ dir: deps.dir, kind, ...(deps.threads ? { threads: deps.threads } : {}) }).then(
      (embedder) => {
        this.loaded = embedder;
        this.current = 'ready';
        this.up.set(1);
        deps.logger.info({ model: kind, ms: Math.round(performance.now() - started) }, 'embedding model loaded');
      },
      (err: unknown) => {
        this.current = 'failed';
        this.up.set(0);
        deps.logger.error(
          { model: kind, err: String(err), dir: deps.dir },
          'embedding model failed to load; answering without it (run `npm run bootstrap`, or set EMBEDDING_MODEL_DIR)',
        );
      },
    );
  }

  get state(): ModelState {
    return this.current;
  }

  /** The model, when it has loaded. */
  get embedder(): TextEmbedder | undefined {
    return this.loaded;
  }

  /** Readiness: false while loading; true once loaded, and true after a failure (the service answers without it). */
  readonly readiness = (): boolean => this.current !== 'loading';

  /** Times one use of the model (a histogram per use). */
  time<T>(use: string, work: () => Promise<T>): Promise<T> {
    const end = this.seconds.startTimer({ use, model: this.kind });
    return work().finally(() => end());
  }

  async close(): Promise<void> {
    await this.ready;
    await this.loaded?.release();
  }
}
