// The labelled examples of one label grouped around centroids (spherical k-means), so that a judgement compares a
// message with the centroids and then only with the examples of the nearest groups (classifier.ts). The grouping
// is a function of the vectors alone and costs seconds of CPU (4 s in each of the crisis service and ai-query on a
// busy machine, most of their start once the vectors are cached): it is kept on disk beside the vectors' cache,
// named by a hash of the vectors, and read back at the next start.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DIMENSIONS } from '@hhp/embeddings';

/** Rounds of k-means when the classifier is built. */
const ROUNDS = 8;
/** Rows assigned between two turns of the event loop while the groups are made (a few milliseconds). */
const YIELD_ROWS = 64;

export interface Grouped {
  centroids: Float32Array;
  /** Each group's rows. */
  groups: Int32Array[];
}

/** The dot product of `vector` and row `row` of `matrix` (cosine: the vectors have length 1). */
export function dot(vector: Float32Array, matrix: Float32Array, row: number): number {
  // Four sums side by side: the loop runs faster than with one (DIMENSIONS is a multiple of 4).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  const offset = row * DIMENSIONS;
  for (let d = 0; d < DIMENSIONS; d += 4) {
    s0 += vector[d]! * matrix[offset + d]!;
    s1 += vector[d + 1]! * matrix[offset + d + 1]!;
    s2 += vector[d + 2]! * matrix[offset + d + 2]!;
    s3 += vector[d + 3]! * matrix[offset + d + 3]!;
  }
  return s0 + s1 + s2 + s3;
}

/**
 * Spherical k-means over the rows, seeded evenly through them (the same groups at every start). About a second of
 * CPU for a few thousand rows, in the service's own thread: it gives the event loop a turn every YIELD_ROWS rows,
 * so that the service answers meanwhile (the rules decide until the model is ready).
 */
async function group(matrix: Float32Array, count: number): Promise<Grouped> {
  const k = groupCount(count);
  const centroids = new Float32Array(k * DIMENSIONS);
  for (let c = 0; c < k; c++) {
    const row = Math.floor((c * count) / k);
    centroids.set(matrix.subarray(row * DIMENSIONS, (row + 1) * DIMENSIONS), c * DIMENSIONS);
  }
  const assigned = new Int32Array(count);
  for (let round = 0; round < ROUNDS; round++) {
    for (let n = 0; n < count; n++) {
      if (n % YIELD_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
      const row = matrix.subarray(n * DIMENSIONS, (n + 1) * DIMENSIONS);
      let best = -Infinity;
      for (let c = 0; c < k; c++) {
        const s = dot(row, centroids, c);
        if (s > best) {
          best = s;
          assigned[n] = c;
        }
      }
    }
    centroids.fill(0);
    for (let n = 0; n < count; n++) {
      const offset = assigned[n]! * DIMENSIONS;
      for (let d = 0; d < DIMENSIONS; d++) centroids[offset + d]! += matrix[n * DIMENSIONS + d]!;
    }
    for (let c = 0; c < k; c++) {
      let norm = 0;
      for (let d = 0; d < DIMENSIONS; d++) norm += centroids[c * DIMENSIONS + d]! ** 2;
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let d = 0; d < DIMENSIONS; d++) centroids[c * DIMENSIONS + d]! *= scale;
    }
  }
  return grouped(centroids, assigned, k);
}

function grouped(centroids: Float32Array, assigned: Int32Array, k: number): Grouped {
  const members: number[][] = Array.from({ length: k }, () => []);
  for (let n = 0; n < assigned.length; n++) members[assigned[n]!]!.push(n);
  return { centroids, groups: members.map((list) => Int32Array.from(list)) };
}

/**
 * `group`'s answer, read from `cacheDir` when it was made before for the same vectors (a file of the centroids
 * and each row's group), else made and written there. No `cacheDir`: made every time. A missing, short or
 * unreadable file is made again; a disk that cannot be written costs the next start the same seconds.
 */
export async function groupCached(matrix: Float32Array, count: number, cacheDir: string | undefined): Promise<Grouped> {
  if (cacheDir === undefined) return group(matrix, count);
  const k = groupCount(count);
  const name = createHash('sha256')
    .update(`groups:${ROUNDS}:${k}:${count}:${DIMENSIONS}\n`)
    .update(new Uint8Array(matrix.buffer, matrix.byteOffset, count * DIMENSIONS * 4))
    .digest('hex')
    .slice(0, 32);
  const file = path.join(cacheDir, `${name}.groups`);
  const centroidBytes = k * DIMENSIONS * 4;
  try {
    const data = await readFile(file);
    if (data.byteLength === centroidBytes + count * 4) {
      const copy = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
      const assigned = new Int32Array(copy, centroidBytes, count);
      if (assigned.every((c) => c >= 0 && c < k))
        return grouped(new Float32Array(copy, 0, k * DIMENSIONS), assigned, k);
    }
  } catch {
    // not there yet: made below
  }
  const made = await group(matrix, count);
  const assigned = new Int32Array(count);
  made.groups.forEach((rows, c) => rows.forEach((row) => (assigned[row] = c)));
  try {
    await mkdir(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(
      partial,
      Buffer.concat([
        Buffer.from(made.centroids.buffer, made.centroids.byteOffset, centroidBytes),
        Buffer.from(assigned.buffer),
      ]),
    );
    await rename(partial, file);
  } catch {
    // read-only or full: made again next time
  }
  return made;
}

/** How many groups `count` rows make. */
const groupCount = (count: number) => Math.max(1, Math.round(Math.sqrt(count)));
