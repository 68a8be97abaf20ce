import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Logger } from '@hhp/kit';
import { IngestVideoRequest } from '@hhp/proto';
import { isDuplicateKeyError } from '@hhp/kit';
import type { VideoModel } from './video.model.js';

export const SEED_FILE = new URL('../../data/videos.json', import.meta.url);

const SeedVideos = z.array(IngestVideoRequest.extend({ publishedAt: z.iso.datetime() }));
export type SeedVideo = z.infer<typeof SeedVideos>[number];

export function readSeedVideos(file: URL = SEED_FILE): SeedVideo[] {
  return SeedVideos.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Insert each seed video that is not stored yet. Never overwrites (an ingest may have changed it), and is
 * safe when replicas start together: the unique index on `id` turns a lost race into a duplicate key.
 */
export async function seedVideos(videos: VideoModel, logger: Logger, seed = readSeedVideos()): Promise<number> {
  let inserted = 0;
  for (const { publishedAt, ...video } of seed) {
    const at = new Date(publishedAt);
    try {
      const result = await videos.updateOne(
        { id: video.id },
        { $setOnInsert: { ...video, publishedAt: at, updatedAt: at } },
        { upsert: true },
      );
      inserted += result.upsertedCount;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
  if (inserted > 0) logger.info({ inserted, of: seed.length }, 'seeded videos');
  return inserted;
}
