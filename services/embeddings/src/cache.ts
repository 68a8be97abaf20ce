// Vectors of a fixed list of texts (labelled examples, the library's passages), kept on disk between starts: the
// crisis service and ai-query each embed a few thousand texts at start, seconds of CPU that a restart need not
// pay again. The file is named by a hash of the model's identity (modelIdentity) and the texts, so a change to either
// makes a new one; a missing, short or unreadable file is simply recomputed.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E5_WEIGHTS } from './e5-embedder.js';
import { DIMENSIONS, type ModelKind, type TextEmbedder } from './embedder.js';

export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.EMBEDDING_CACHE_DIR || path.join(tmpdir(), 'hhp-embeddings');
}

export async function embedCached(
  embedder: TextEmbedder,
  texts: readonly string[],
  options: { modelDir: string; cacheDir?: string; kind?: ModelKind },
): Promise<Float32Array[]> {
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const weights = options.kind === 'e5' ? E5_WEIGHTS : 'model.onnx';
  const hash = createHash('sha256').update(
    `${options.kind ?? 'minilm'}:${await modelIdentity(options.modelDir, weights)}\n`,
  );
  for (const text of texts) hash.update(text).update('\0');
  const file = path.join(cacheDir, `${hash.digest('hex').slice(0, 32)}.f32`);
  const bytes = texts.length * DIMENSIONS * 4;
  try {
    const data = await readFile(file);
    if (data.byteLength === bytes) {
      const all = new Float32Array(data.buffer.slice(data.byteOffset, data.byteOffset + bytes));
      return texts.map((_, i) => all.subarray(i * DIMENSIONS, (i + 1) * DIMENSIONS));
    }
  } catch {
    // not there yet: computed below
  }
  const vectors = await embedder.embedMany(texts);
  const all = new Float32Array(texts.length * DIMENSIONS);
  vectors.forEach((vector, i) => all.set(vector, i * DIMENSIONS));
  try {
    await mkdir(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, new Uint8Array(all.buffer));
    await rename(partial, file);
  } catch {
    // a read-only or full disk costs the next start the same seconds, nothing else
  }
  return vectors;
}

/**
 * What names the model's weights: the hash-pinned requirements the bootstrap installed them from (kept beside
 * them, and equal on every checkout of the same version, so a fresh clone on a machine that already embedded the
 * texts reads the same file), else the weights' size and modification time.
 */
async function modelIdentity(modelDir: string, weights: string): Promise<string> {
  const model = await stat(path.join(modelDir, weights));
  try {
    const pinned = await readFile(path.join(modelDir, 'requirements.installed'), 'utf8');
    return `${model.size}:${createHash('sha256').update(pinned).digest('hex')}`;
  } catch {
    return `${model.size}:${model.mtimeMs}`;
  }
}
