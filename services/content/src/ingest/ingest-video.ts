import { createEnvelope, isDuplicateKeyError, outboxEntry } from '@hhp/kit';
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
 */
export async function ingestVideo(
  videos: VideoModel,
  input: IngestVideoRequest,
  requestId: string,
  now = new Date(),
): Promise<IngestResult> {
  let created = true;
  try {
    await videos.create({
      ...input,
      publishedAt: now,
      updatedAt: now,
      outbox: [upsertedEvent(input, true, requestId)],
    });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    created = false;
    const absent = OPTIONAL_VIDEO_FIELDS.filter((field) => input[field] === undefined);
    await videos.updateOne(
      { id: input.id },
      {
        $set: { ...input, updatedAt: now },
        ...(absent.length > 0 && { $unset: Object.fromEntries(absent.map((field) => [field, 1])) }),
        $push: { outbox: upsertedEvent(input, false, requestId) },
      },
    );
  }
  const stored = await videos.findOne({ id: input.id }, { _id: 0, outbox: 0 }).lean();
  if (!stored) throw new Error(`video ${input.id} vanished after ingest`);
  return { video: toVideo(stored), created };
}
