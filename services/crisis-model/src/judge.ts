// The model's layer as a service runs it: the classifier is built once the embedding model has loaded (the
// examples' vectors come from the on-disk cache after the first start), every judgement has a deadline, and any
// failure (no model, an error, too slow) gives no opinion: the rules' verdict stands, an error is counted
// (crisis_model_errors_total) and logged. It never fails open and never holds an answer back.
import { createHash } from 'node:crypto';
import { Counter, type Registry } from 'prom-client';
import { EmbeddingModel, ModelReleasedError, embeddingModelDir } from '@hhp/embeddings';
import { CrisisClassifier, K, MIN_WORDS, PROBED, type Judgement, type ReaderModel } from './classifier.js';
import { trainingExamples } from './labelled.js';
import { POSSIBLE_THRESHOLDS, THRESHOLDS } from './threshold.js';

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
  .update(
    JSON.stringify({
      examples,
      thresholds: THRESHOLDS,
      possible: POSSIBLE_THRESHOLDS,
      k: K,
      minWords: MIN_WORDS,
      probed: PROBED,
    }),
  )
  .digest('hex')
  .slice(0, 12);

export class CrisisModelJudge {
  private classifier: CrisisClassifier | undefined;
  private building = true;
  private readonly errors: Counter;
  readonly ready: Promise<void>;

  constructor(
    private readonly deps: {
      /** The English model (all-MiniLM-L6-v2). */
      model: EmbeddingModel;
      /** The multilingual model for messages in Spanish (multilingual-e5-small); without it, the English one. */
      spanishModel?: EmbeddingModel;
      registry: Registry;
      logger: Logger;
      /** The rules decide alone when the model takes longer. */
      timeoutMs?: number;
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
      const { model, spanishModel } = this.deps;
      await model.ready;
      const english = readerOf(model);
      if (!english) return;
      const started = performance.now();
      this.classifier = await CrisisClassifier.build(english, examples, {
        crisis: THRESHOLDS,
        possible: POSSIBLE_THRESHOLDS,
      });
      this.deps.logger.info(
        { examples: examples.length, ms: Math.round(performance.now() - started), version: CRISIS_MODEL_VERSION },
        'crisis model ready',
      );
      // Spanish joins when the multilingual model has loaded and embedded its examples (half a minute of CPU the
      // first time on a machine, then read from the cache): the service is ready before that, and until then the
      // rules alone judge messages in Spanish, as without that model.
      if (spanishModel) void this.addSpanish(spanishModel, this.classifier);
    } catch (err) {
      if (stopping(err)) this.deps.logger.info({ err: String(err) }, 'crisis model not built: the service is stopping');
      else this.deps.logger.error({ err: String(err) }, 'crisis model could not be built; the rules decide alone');
    } finally {
      this.building = false;
    }
  }

  private async addSpanish(spanishModel: EmbeddingModel, english: CrisisClassifier): Promise<void> {
    try {
      await spanishModel.ready;
      const spanish = readerOf(spanishModel);
      if (!spanish) return;
      const started = performance.now();
      this.classifier = await english.withSpanish(spanish, examples);
      this.deps.logger.info(
        {
          examples: examples.filter((example) => example.lang === 'es').length,
          ms: Math.round(performance.now() - started),
        },
        'crisis model reads Spanish',
      );
    } catch (err) {
      if (stopping(err))
        this.deps.logger.info({ err: String(err) }, 'crisis model not joined by Spanish: the service is stopping');
      else
        this.deps.logger.error({ err: String(err) }, 'crisis model cannot read Spanish; the rules decide alone there');
    }
  }

  /** Whether messages in Spanish are read by the multilingual model yet. */
  get readsSpanish(): boolean {
    return this.classifier?.readsSpanish ?? false;
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

/** The loaded model as the classifier reads with it (its example vectors cached per machine), if it loaded. */
function readerOf(model: EmbeddingModel): ReaderModel | undefined {
  return model.embedder && { embedder: model.embedder, cache: { modelDir: model.dir, kind: model.kind } };
}

/**
 * What a service runs for the model's layer: the English model (which ai-query's retrieval shares), the
 * multilingual one for Spanish, both loading in the background, and the judge built on them. A model that is not
 * installed fails to load, is logged and shown by embedding_model_up, and the judge does without it.
 */
export function loadCrisisModel(deps: {
  registry: Registry;
  logger: Logger;
  timeoutMs?: number;
  /** The English model's folder (else EMBEDDING_MODEL_DIR or the bootstrap's). */
  modelDir?: string | undefined;
  /** The multilingual model's folder (else MULTILINGUAL_MODEL_DIR or the bootstrap's). */
  spanishModelDir?: string | undefined;
}): { embeddings: EmbeddingModel; spanish: EmbeddingModel; judge: CrisisModelJudge } {
  const { registry, logger } = deps;
  const embeddings = new EmbeddingModel({ dir: deps.modelDir ?? embeddingModelDir(), registry, logger });
  const spanish = new EmbeddingModel({
    dir: deps.spanishModelDir ?? embeddingModelDir(process.env, 'e5'),
    kind: 'e5',
    registry,
    logger,
  });
  const judge = new CrisisModelJudge({
    model: embeddings,
    spanishModel: spanish,
    registry,
    logger,
    ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}),
  });
  return { embeddings, spanish, judge };
}

/** loadCrisisModel's model settings, from a service's configuration (the variables of the same names). */
export const crisisModelSettings = (config: {
  CRISIS_MODEL_TIMEOUT_MS: number;
  EMBEDDING_MODEL_DIR?: string | undefined;
  MULTILINGUAL_MODEL_DIR?: string | undefined;
}) => ({
  timeoutMs: config.CRISIS_MODEL_TIMEOUT_MS,
  modelDir: config.EMBEDDING_MODEL_DIR,
  spanishModelDir: config.MULTILINGUAL_MODEL_DIR,
});

/** The model was released under the build: the service is stopping (its shutdown releases the models), no failure. */
const stopping = (err: unknown) => err instanceof ModelReleasedError;
