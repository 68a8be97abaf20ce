import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DIMENSIONS } from '@hhp/embeddings';
import { groupCached } from '../../src/groups.js';

/** `count` unit vectors from a fixed seed (a small linear congruential generator). */
function vectors(count: number, seed = 7): Float32Array {
  const matrix = new Float32Array(count * DIMENSIONS);
  let state = seed;
  for (let i = 0; i < matrix.length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    matrix[i] = state / 2 ** 31 - 0.5;
  }
  for (let n = 0; n < count; n++) {
    const row = matrix.subarray(n * DIMENSIONS, (n + 1) * DIMENSIONS);
    const norm = Math.hypot(...row);
    row.forEach((v, d) => (row[d] = v / norm));
  }
  return matrix;
}

const plain = (grouped: { centroids: Float32Array; groups: Int32Array[] }) => ({
  centroids: Array.from(grouped.centroids),
  groups: grouped.groups.map((g) => Array.from(g)),
});

describe('groupCached', () => {
  test('when the groups of the same vectors were made before, then the next start reads the same groups from disk', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hhp-groups-'));
    const matrix = vectors(300);
    const made = await groupCached(matrix, 300, dir);
    const files = await readdir(dir);
    const read = await groupCached(vectors(300), 300, dir);
    expect(files.filter((f) => f.endsWith('.groups'))).toHaveLength(1);
    expect(plain(read)).toEqual(plain(made));
    expect(plain(made)).toEqual(plain(await groupCached(matrix, 300, undefined)));
    expect(made.groups.reduce((sum, g) => sum + g.length, 0)).toBe(300);
  });

  test('when the vectors differ, or the file is damaged, then the groups are made again from the vectors', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hhp-groups-'));
    await groupCached(vectors(300), 300, dir);
    const other = await groupCached(vectors(300, 11), 300, dir);
    expect(plain(other)).toEqual(plain(await groupCached(vectors(300, 11), 300, undefined)));
    expect((await readdir(dir)).filter((f) => f.endsWith('.groups'))).toHaveLength(2);

    for (const file of await readdir(dir)) await writeFile(path.join(dir, file), Buffer.alloc(16));
    const again = await groupCached(vectors(300), 300, dir);
    expect(plain(again)).toEqual(plain(await groupCached(vectors(300), 300, undefined)));
  });
});
