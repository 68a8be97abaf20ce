import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import {
  DIMENSIONS,
  E5Embedder,
  Embedder,
  EmbeddingModel,
  ModelReleasedError,
  WorkerEmbedder,
  embeddingModelDir,
  similarity,
} from '../../src/index.js';

// The real models, as the bootstrap installs them (.tools/models/minilm and e5): no network, no mock.
const dir = embeddingModelDir();
const e5Dir = embeddingModelDir(process.env, 'e5');
const quiet = { info: () => {}, error: () => {} };

describe('the sentence-embedding model', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await Embedder.load({ dir });
  });
  afterAll(() => embedder.release());

  it('gives every text a vector of length 1 with 384 dimensions', async () => {
    const vectors = await embedder.embedMany(['hello', 'how do I sleep better at night?', '']);
    for (const vector of vectors) {
      expect(vector).toHaveLength(DIMENSIONS);
      expect(similarity(vector, vector)).toBeCloseTo(1, 4);
    }
  });

  it('puts a paraphrase nearer than an unrelated sentence', async () => {
    const [sleep, insomnia, knee] = await embedder.embedMany([
      'I keep waking up in the middle of the night and lie awake for hours',
      'what helps with insomnia?',
      'my knee hurts when I climb stairs',
    ]);
    expect(similarity(sleep!, insomnia!)).toBeGreaterThan(similarity(sleep!, knee!) + 0.2);
  });

  it('gives a text the same vector alone and in a batch with longer texts (padding is left out)', async () => {
    const alone = await embedder.embed('my stomach is in knots');
    const [batched] = await embedder.embedMany(['my stomach is in knots', 'a much longer sentence '.repeat(20)]);
    expect(similarity(alone, batched!)).toBeCloseTo(1, 4);
  });

  it('cuts a text longer than the model reads instead of failing', async () => {
    const vector = await embedder.embed('I cannot sleep and my back hurts. '.repeat(200));
    expect(similarity(vector, vector)).toBeCloseTo(1, 4);
  });
});

describe('the model in a worker thread', () => {
  it('gives the same vectors as in the calling thread, for texts sent one by one or together', async () => {
    const local = await Embedder.load({ dir });
    const worker = await WorkerEmbedder.load({ dir });
    try {
      const texts = ['my stomach is in knots', 'what helps with insomnia?', 'a much longer sentence '.repeat(10)];
      const expected = await local.embedMany(texts);
      const together = await worker.embedMany(texts);
      const oneByOne = await Promise.all(texts.map((text) => worker.embed(text)));
      texts.forEach((_, i) => {
        expect(similarity(together[i]!, expected[i]!)).toBeCloseTo(1, 4);
        expect(similarity(oneByOne[i]!, expected[i]!)).toBeCloseTo(1, 4);
      });
    } finally {
      await local.release();
      await worker.release();
    }
  });

  it('when idle, it does not hold the process open (a service whose start failed after loading it still exits)', async () => {
    const dist = new URL('../../dist/index.js', import.meta.url).href;
    const script = `const { WorkerEmbedder } = await import(${JSON.stringify(dist)});
      const w = await WorkerEmbedder.load({ dir: ${JSON.stringify(dir)} });
      console.log((await w.embedMany(['one', 'two'])).length);`;
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'idle-model-')), 'idle.mjs');
    await writeFile(file, script);
    const { stdout } = await promisify(execFile)(process.execPath, [file], { timeout: 30_000 });
    expect(stdout.trim()).toBe('2');
  });

  it('when it is released in the middle of a long run (a service stopped while it embeds its examples), then the process ends normally, not with an abort', async () => {
    const dist = new URL('../../dist/index.js', import.meta.url).href;
    const script = `const { WorkerEmbedder } = await import(${JSON.stringify(dist)});
      const w = await WorkerEmbedder.load({ dir: ${JSON.stringify(dir)} });
      const texts = Array.from({ length: 3000 }, (_, i) => 'sentence ' + i + ' about a headache that will not stop');
      const run = w.embedMany(texts).then(() => 'finished', (err) => err.name + ': ' + err.message);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await w.release();
      console.log(await run);`;
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'release-model-')), 'release.mjs');
    await writeFile(file, script);
    // Before the fix: exit code 134, "terminate called after throwing an instance of 'Napi::Error'".
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [file], { timeout: 60_000 });
    expect(stderr).not.toMatch(/terminate called/);
    // What was waiting gets the release by its type (a stopping service tells it from a failure), or had finished.
    expect(stdout.trim()).toMatch(/^(ModelReleasedError: the embedding model was released|finished)$/);
  });

  it('when it is gone, then a call fails rather than waiting for ever', async () => {
    const worker = await WorkerEmbedder.load({ dir });
    await worker.release();
    await expect(worker.embed('hello')).rejects.toBeInstanceOf(ModelReleasedError);
  });
});

describe('the model as a service holds it', () => {
  it('is not ready while loading, then ready with the model and embedding_model_up 1', async () => {
    const registry = new Registry();
    const model = new EmbeddingModel({ dir, registry, logger: quiet });
    expect(model.state).toBe('loading');
    expect(model.readiness()).toBe(false);
    await model.ready;
    expect(model.state).toBe('ready');
    expect(model.readiness()).toBe(true);
    expect(model.embedder).toBeDefined();
    expect(await registry.metrics()).toMatch(/^embedding_model_up\{model="minilm"\} 1$/m);
    await model.close();
  });

  it('when the files are missing or broken, it logs, reports embedding_model_up 0 and lets the service answer without it', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'minilm-'));
    await writeFile(path.join(broken, 'model.onnx'), 'not a model');
    await writeFile(path.join(broken, 'tokenizer.json'), '{}');
    for (const folder of [broken, path.join(broken, 'missing')]) {
      const registry = new Registry();
      const errors: string[] = [];
      const model = new EmbeddingModel({
        dir: folder,
        registry,
        logger: { ...quiet, error: (_, msg) => errors.push(msg) },
      });
      await model.ready;
      expect(model.state).toBe('failed');
      expect(model.embedder).toBeUndefined();
      expect(model.readiness()).toBe(true);
      expect(errors.join()).toMatch(/failed to load/);
      expect(await registry.metrics()).toMatch(/^embedding_model_up\{model="minilm"\} 0$/m);
      await model.close();
    }
  });
});

describe('the multilingual model (multilingual-e5-small, for messages in Spanish)', () => {
  let e5: E5Embedder;
  beforeAll(async () => {
    e5 = await E5Embedder.load({ dir: e5Dir });
  });
  afterAll(() => e5.release());

  it('gives every text a vector of length 1 with 384 dimensions, the same each time', async () => {
    const [a, b, empty] = await e5.embedMany(['me duele la cabeza', 'me duele la cabeza', '']);
    expect(a).toHaveLength(DIMENSIONS);
    expect(similarity(a!, a!)).toBeCloseTo(1, 4);
    expect(similarity(a!, b!)).toBeCloseTo(1, 5);
    expect(similarity(empty!, empty!)).toBeCloseTo(1, 4);
  });

  it('reads Spanish by meaning: a paraphrase nearer than a sentence that shares its words', async () => {
    const [goodbye, paraphrase, sameWords] = await e5.embedMany([
      'ya le regalé mis cosas a mi hermana, no las voy a necesitar',
      'repartí todo lo mío entre mi familia porque pronto no estaré',
      'mi hermana me regaló unas cosas para la cocina nueva',
    ]);
    expect(similarity(goodbye!, paraphrase!)).toBeGreaterThan(similarity(goodbye!, sameWords!));
  });

  it('gives the same vectors in a worker thread, and none from a missing folder (embedding_model_up 0)', async () => {
    const worker = await WorkerEmbedder.load({ dir: e5Dir, kind: 'e5' });
    try {
      const [local, threaded] = [await e5.embed('no puedo dormir'), await worker.embed('no puedo dormir')];
      expect(similarity(local, threaded)).toBeCloseTo(1, 5);
    } finally {
      await worker.release();
    }
    const registry = new Registry();
    const missing = new EmbeddingModel({ dir: path.join(e5Dir, 'missing'), kind: 'e5', registry, logger: quiet });
    await missing.ready;
    expect(missing.state).toBe('failed');
    expect(await registry.metrics()).toMatch(/^embedding_model_up\{model="e5"\} 0$/m);
  });

  it('keeps one series per model when a service runs both', async () => {
    const registry = new Registry();
    const english = new EmbeddingModel({ dir, registry, logger: quiet });
    const spanish = new EmbeddingModel({ dir: e5Dir, kind: 'e5', registry, logger: quiet });
    await Promise.all([english.ready, spanish.ready]);
    const metrics = await registry.metrics();
    expect(metrics).toMatch(/^embedding_model_up\{model="minilm"\} 1$/m);
    expect(metrics).toMatch(/^embedding_model_up\{model="e5"\} 1$/m);
    await Promise.all([english.close(), spanish.close()]);
  });
});
