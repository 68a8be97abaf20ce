import { Schema, type Connection, type Model } from 'mongoose';
import { VIDEO_CATEGORIES, PLACEHOLDER_THUMBNAIL_URL, type Video, type VideoCategory } from '@hhp/proto';
import { outboxPath, type OutboxEntry } from '@hhp/kit';

export interface VideoDocument {
  id: string;
  title: string;
  description?: string;
  category: VideoCategory;
  thumbnailUrl?: string;
  duration?: string;
  youtubeId?: string;
  videoUrl?: string;
  captionsUrl?: string;
  publishedAt: Date;
  updatedAt: Date;
  /** The signed x-timestamp of the ingest that wrote it: an older ingest is refused (ingest-video.ts). */
  ingestVersion?: number;
  /** `video.v1.upserted` events not yet published (see the kit's OutboxRelay). */
  outbox?: OutboxEntry[];
}

/** Optional fields of a video: an ingest that leaves one out removes it (the request is the whole video). */
export const OPTIONAL_VIDEO_FIELDS = [
  'description',
  'thumbnailUrl',
  'duration',
  'youtubeId',
  'videoUrl',
  'captionsUrl',
] as const;

const videoSchema = new Schema<VideoDocument>(
  {
    id: { type: String, required: true },
    title: { type: String, required: true },
    description: String,
    category: { type: String, enum: VIDEO_CATEGORIES, required: true },
    thumbnailUrl: String,
    duration: String,
    youtubeId: String,
    videoUrl: String,
    captionsUrl: String,
    publishedAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    ingestVersion: Number,
    outbox: outboxPath,
  },
  // `id: false`: the video's own `id` field, not mongoose's virtual of `_id`.
  { collection: 'videos', id: false, versionKey: false, strict: 'throw' },
);
videoSchema.index({ id: 1 }, { unique: true });
videoSchema.index({ publishedAt: -1, title: 1 });

export type VideoModel = Model<VideoDocument>;

export const videoModel = (connection: Connection): VideoModel => connection.model('Video', videoSchema);

/** The public shape: no storage fields, and the placeholder when a video has no thumbnail. */
export function toVideo(doc: VideoDocument): Video {
  return {
    id: doc.id,
    title: doc.title,
    ...(doc.description !== undefined && { description: doc.description }),
    category: doc.category,
    thumbnailUrl: doc.thumbnailUrl ?? PLACEHOLDER_THUMBNAIL_URL,
    ...(doc.duration !== undefined && { duration: doc.duration }),
    ...(doc.youtubeId !== undefined && { youtubeId: doc.youtubeId }),
    ...(doc.videoUrl !== undefined && { videoUrl: doc.videoUrl }),
    ...(doc.captionsUrl !== undefined && { captionsUrl: doc.captionsUrl }),
  };
}
