// The model's layer as a service runs it: the classifier is built once the embedding model has loaded (the
// examples' vectors come from the on-disk cache after the first start), every judgement has a deadline, and any
// failure (no model, an error, too slow) gives no opinion: the rules' verdict stands, an error is counted
// (crisis_model_errors_total) and logged. It never fails open and never holds an answer back.
import { createHash } from 'node:crypto';
import { Counter, type Registry } from 'prom-client';
import { embeddingModelDir, type EmbeddingModel } from '@hhp/embeddings';
import { CrisisClassifier, K, MIN_WORDS, PROBED, type Judgement } from './classifier.js';
import { trainingExamples } from './labelled.js';
import { THRESHOLDS } from './threshold.js';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const examples = trainingExamples();

/**
 * What this layer judges with (the examples, the threshold, K): two processes with the same version give the
 * same verdicts, so ai-query need not ask the crisis service what it already knows.
 */
export const CRISIS_MODEL_VERSION = createHash('sha256')
  .update(JSON.stringify({ examples, thresholds: THRESHOLDS, k: K, minWords: MIN_WORDS, probed: PROBED }))
  .digest('hex')
  .slice(0, 12);

export class CrisisModelJudge {
  private classifier: CrisisClassifier | undefined;
  private building = true;
  private readonly errors: Counter;
  readonly ready: Promise<void>;

  constructor(
    private readonly deps: {
      model: EmbeddingModel;
      registry: Registry;
      logger: Logger;
      /** The rules decide alone when the model takes longer. */
      timeoutMs?: number;
      modelDir?: string;
    },
  ) {
    this.errors = new Counter({
      name: 'crisis_model_errors_total',
      help: 'Crisis judgements the model could not give (error or deadline); the rules decided alone',
      registers: [deps.registry],
    });
    this.ready = this.build();
  }

  private async build(): Promise<void> {
    try {
      await this.deps.model.ready;
      const embedder = this.deps.model.embedder;
      if (!embedder) return;
      const started = performance.now();
      this.classifier = await CrisisClassifier.build(embedder, examples, THRESHOLDS, {
        modelDir: this.deps.modelDir ?? embeddingModelDir(),
      });
      this.deps.logger.info(
        { examples: examples.length, ms: Math.round(performance.now() - started), version: CRISIS_MODEL_VERSION },
        'crisis model ready',
      );
    } catch (err) {
      this.deps.logger.error({ err: String(err) }, 'crisis model could not be built; the rules decide alone');
    } finally {
      this.building = false;
    }
  }

  /** Readiness: false until the classifier is built or known to be unavailable. */
  readonly readiness = (): boolean => !this.building;

  /** Whether judgements come from the model (false while loading and after a failure). */
  get available(): boolean {
    return this.classifier !== undefined;
  }

  /** The model's verdict, or undefined when it has none to give (the rules' verdict then stands). */
  async judge(message: string): Promise<Judgement | undefined> {
    const classifier = this.classifier;
    if (!classifier || !message.trim()) return undefined;
    const timeoutMs = this.deps.timeoutMs ?? 250;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.deps.model.time('crisis', () => classifier.judge(message)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no verdict within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (err) {
      this.errors.inc();
      this.deps.logger.warn({ err: String(err) }, 'crisis model gave no verdict; the rules decided alone');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
