import { mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DIMENSIONS, embedCached, type TextEmbedder } from '../../src/index.js';

/** An embedder that counts the texts it was asked for (the vectors' content does not matter here). */
function countingEmbedder() {
  const asked: string[] = [];
  const embedder: TextEmbedder = {
    embed: async () => new Float32Array(DIMENSIONS),
    embedMany: async (texts) => {
      asked.push(...texts);
      return texts.map((_, i) => new Float32Array(DIMENSIONS).fill(i + 1));
    },
    release: async () => {},
  };
  return { embedder, asked };
}

/** A model folder as the bootstrap leaves it: the weights and the requirements they were installed from. */
async function modelDir(requirements: string | undefined, mtime: Date): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hhp-model-'));
  await writeFile(path.join(dir, 'model.onnx'), Buffer.alloc(64));
  if (requirements !== undefined) await writeFile(path.join(dir, 'requirements.installed'), requirements);
  await utimes(path.join(dir, 'model.onnx'), mtime, mtime);
  return dir;
}

const TEXTS = ['I feel fine', 'my head hurts'];

describe('embedCached', () => {
  test('when another checkout installed the same pinned model at another time, then its vectors are read, not computed', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'hhp-embed-cache-'));
    const first = countingEmbedder();
    const vectors = await embedCached(first.embedder, TEXTS, {
      modelDir: await modelDir('model==1.0 --hash=sha256:aa\n', new Date('2026-11-01')),
      cacheDir,
    });
    const second = countingEmbedder();
    const again = await embedCached(second.embedder, TEXTS, {
      modelDir: await modelDir('model==1.0 --hash=sha256:aa\n', new Date('2026-11-27')),
      cacheDir,
    });
    expect(first.asked).toEqual(TEXTS);
    expect(second.asked).toEqual([]);
    expect(again.map((v) => Array.from(v))).toEqual(vectors.map((v) => Array.from(v)));
  });

  test('when the pinned model changed, or a model has no requirements and was replaced, then the vectors are computed again', async () => {
    const cacheDir = await mkdtemp(path.join(tmpdir(), 'hhp-embed-cache-'));
    const runs = [
      await modelDir('model==1.0 --hash=sha256:aa\n', new Date('2026-11-01')),
      await modelDir('model==1.1 --hash=sha256:bb\n', new Date('2026-11-01')),
      await modelDir(undefined, new Date('2026-11-01')),
      await modelDir(undefined, new Date('2026-11-02')),
    ];
    const asked = [];
    for (const dir of runs) {
      const run = countingEmbedder();
      await embedCached(run.embedder, TEXTS, { modelDir: dir, cacheDir });
      asked.push(run.asked.length);
    }
    expect(asked).toEqual([2, 2, 2, 2]);
  });
});
