import { HttpError, createEnvelope, isDuplicateKeyError, outboxEntry } from '@hhp/kit';
import { trusted } from 'mongoose';
import { Subjects, VideoUpsertedEvent, type IngestVideoRequest, type Video } from '@hhp/proto';
import { OPTIONAL_VIDEO_FIELDS, toVideo, type VideoModel } from '../videos/video.model.js';

export interface IngestResult {
  video: Video;
  created: boolean;
}

function upsertedEvent(input: IngestVideoRequest, created: boolean, requestId: string) {
  const event = VideoUpsertedEvent.parse(
    createEnvelope(Subjects.videoUpserted, { id: input.id, category: input.category, created }),
  );
  return outboxEntry(event, requestId);
}

/**
 * Add or replace the video with this id. Each path is one atomic write that also stores its
 * `video.v1.upserted` event: an insert (created) or, when the id exists, an update (not created).
 * `version` is the ingest's signed x-timestamp: a video stored by a later ingest is not replaced by an
 * earlier one (a delayed or replayed request would roll the edit back), which is a 409; the same second
 * replaces, as two edits within one second arrive in the order they were made.
 */
export async function ingestVideo(
  videos: VideoModel,
  input: IngestVideoRequest,
  { requestId, version }: { requestId: string; version: number },
  now = new Date(),
): Promise<IngestResult> {
  let created = true;
  try {
    await videos.create({
      ...input,
      publishedAt: now,
      updatedAt: now,
      ingestVersion: version,
      outbox: [upsertedEvent(input, true, requestId)],
    });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    created = false;
    const absent = OPTIONAL_VIDEO_FIELDS.filter((field) => input[field] === undefined);
    const { matchedCount } = await videos.updateOne(
      // Seeded videos have no version: any ingest replaces them.
      // Operators written here, not taken from a request: trusted past the connection's sanitizeFilter.
      {
        id: input.id,
        $or: [{ ingestVersion: trusted({ $exists: false }) }, { ingestVersion: trusted({ $lte: version }) }],
      },
      {
        $set: { ...input, updatedAt: now, ingestVersion: version },
        ...(absent.length > 0 && { $unset: Object.fromEntries(absent.map((field) => [field, 1])) }),
        $push: { outbox: upsertedEvent(input, false, requestId) },
      },
    );
    if (matchedCount === 0) {
      throw new HttpError(
        409,
        `Video ${input.id} was changed by a later ingest than this one (x-timestamp ${version})`,
      );
    }
  }
  const stored = await videos.findOne({ id: input.id }, { _id: 0, outbox: 0 }).lean();
  if (!stored) throw new Error(`video ${input.id} vanished after ingest`);
  return { video: toVideo(stored), created };
}
