import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { ModelReleasedError, type EmbeddingModel, type TextEmbedder } from '@hhp/embeddings';
import { CrisisModelJudge } from '../../src/index.js';

// A service that stops while the judge embeds its examples releases the model under the build: that is told from
// a failure by the error's type (ModelReleasedError), not by its wording, and logged as the stop it is.

function failingModel(dir: string, error: Error): EmbeddingModel {
  const embedder: TextEmbedder = {
    backlog: 0,
    embed: () => Promise.reject(error),
    embedMany: () => Promise.reject(error),
    release: () => Promise.resolve(),
  };
  return { ready: Promise.resolve(), embedder, dir, kind: 'minilm' } as unknown as EmbeddingModel;
}

function recordingLogger() {
  const lines: { level: 'info' | 'error'; msg: string }[] = [];
  const logger = {
    info: (_: unknown, msg: string) => lines.push({ level: 'info', msg }),
    error: (_: unknown, msg: string) => lines.push({ level: 'error', msg }),
    warn: () => undefined,
  };
  return { logger: logger as never, lines };
}

describe('the crisis judge when its model goes away under the build', () => {
  let dir: string;
  beforeAll(async () => {
    // The examples' cache is named by the weights' file: a stand-in file, so the build reaches the model.
    dir = await mkdtemp(path.join(tmpdir(), 'crisis-stopping-'));
    await writeFile(path.join(dir, 'model.onnx'), 'stand-in');
  });

  test('when the model is released (the service is stopping), then the stop is logged as such, not as an error, and the rules decide', async () => {
    const { logger, lines } = recordingLogger();
    const judge = new CrisisModelJudge({
      model: failingModel(dir, new ModelReleasedError()),
      registry: new Registry(),
      logger,
    });
    await judge.ready;
    expect(lines).toEqual([{ level: 'info', msg: 'crisis model not built: the service is stopping' }]);
    expect(judge.available).toBe(false);
    expect(judge.readiness()).toBe(true);
  });

  test('when the model fails otherwise, even with words that sound like a release, then it is logged as an error', async () => {
    const { logger, lines } = recordingLogger();
    const judge = new CrisisModelJudge({
      model: failingModel(dir, new Error('the embedding model was released')),
      registry: new Registry(),
      logger,
    });
    await judge.ready;
    expect(lines).toEqual([{ level: 'error', msg: 'crisis model could not be built; the rules decide alone' }]);
    expect(judge.available).toBe(false);
  });
});
