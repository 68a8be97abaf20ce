import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Logger } from '@hhp/kit';
import { IngestVideoRequest } from '@hhp/proto';
import { isDuplicateKeyError } from '@hhp/kit';
import type { VideoModel } from './video.model.js';

const SEED_FILE = new URL('../../data/videos.json', import.meta.url);

// The seed's own files are served by the portal's nginx (/media/videos/, made by scripts/make-videos.mjs),
// so besides the absolute URLs an ingest sends, a seed video may name a path on the portal itself.
const UrlOrSitePath = z.union([z.url(), z.string().regex(/^\/[A-Za-z0-9._~/-]+$/, 'a URL or a path like /media/…')]);

const SeedVideos = z.array(
  IngestVideoRequest.extend({
    thumbnailUrl: UrlOrSitePath.optional(),
    videoUrl: UrlOrSitePath.optional(),
    captionsUrl: UrlOrSitePath.optional(),
    publishedAt: z.iso.datetime(),
  }),
);
export type SeedVideo = z.infer<typeof SeedVideos>[number];

export function readSeedVideos(file: URL = SEED_FILE): SeedVideo[] {
  return SeedVideos.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Videos an earlier seed stored, with their publishedAt there. Their YouTube ids were invented and their
 * files pointed at an `.example` domain, so none of them played. A stored copy that nobody changed since it
 * was seeded (an ingest sets `updatedAt`, a seeded video keeps `updatedAt` = `publishedAt`) is removed.
 */
export const RETIRED_SEED_VIDEOS: readonly (readonly [id: string, publishedAt: string])[] = [
  ['ayurveda-doshas-introduction', '2025-03-03T09:00:00.000Z'],
  ['ayurveda-morning-routine', '2025-02-10T09:00:00.000Z'],
  ['ayurveda-sleep-and-digestion', '2024-12-02T09:00:00.000Z'],
  ['chiropractic-first-visit', '2025-02-24T09:00:00.000Z'],
  ['chiropractic-desk-posture', '2025-01-13T09:00:00.000Z'],
  ['naet-explained', '2025-02-17T09:00:00.000Z'],
  ['naet-after-a-session', '2024-11-18T09:00:00.000Z'],
  ['nutrition-food-as-medicine', '2025-03-10T09:00:00.000Z'],
  ['nutrition-fiber-and-constipation', '2025-01-27T09:00:00.000Z'],
  ['nutrition-calming-foods', '2024-12-16T09:00:00.000Z'],
  ['lifevessel-what-to-expect', '2025-02-03T09:00:00.000Z'],
  ['lifevessel-relaxation-and-stress', '2024-10-21T09:00:00.000Z'],
  ['lifewave-patches-introduction', '2025-01-06T09:00:00.000Z'],
  ['lifewave-patch-placement', '2024-11-04T09:00:00.000Z'],
];

async function removeRetiredSeedVideos(videos: VideoModel, logger: Logger): Promise<void> {
  let removed = 0;
  for (const [id, publishedAt] of RETIRED_SEED_VIDEOS) {
    const at = new Date(publishedAt);
    removed += (await videos.deleteOne({ id, publishedAt: at, updatedAt: at })).deletedCount;
  }
  if (removed > 0) logger.info({ removed }, 'removed videos of an earlier seed that nobody had changed');
}

/**
 * Insert each seed video that is not stored yet. Never overwrites (an ingest may have changed it), and is
 * safe when replicas start together: the unique index on `id` turns a lost race into a duplicate key.
 */
export async function seedVideos(videos: VideoModel, logger: Logger, seed = readSeedVideos()): Promise<number> {
  await removeRetiredSeedVideos(videos, logger);
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
