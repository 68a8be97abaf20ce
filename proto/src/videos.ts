import { z } from 'zod';
import { multiLine, noControlCharacters, singleLine, urlText } from './text.js';

export const VIDEO_CATEGORIES = ['ayurveda', 'chiropractic', 'naet', 'nutrition', 'lifevessel', 'lifewave'] as const;
export const VideoCategory = z.enum(VIDEO_CATEGORIES);
export type VideoCategory = z.infer<typeof VideoCategory>;

/** Shown when a video has no thumbnail of its own (served by the frontend). */
export const PLACEHOLDER_THUMBNAIL_URL = '/video-placeholder.svg';

export const Video = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  category: VideoCategory,
  thumbnailUrl: z.string(),
  duration: z.string().optional(),
  youtubeId: z.string().optional(),
  videoUrl: z.string().optional(),
  /** WebVTT captions of the `videoUrl` file, shown by the native player. */
  captionsUrl: z.string().optional(),
});
export type Video = z.infer<typeof Video>;

/** GET /api/videos?category=… ; the filter is omitted for all videos. */
export const ListVideosQuery = z
  .object({
    category: VideoCategory.optional(),
  })
  .strict();
export type ListVideosQuery = z.infer<typeof ListVideosQuery>;

export const ListVideosResponse = z.array(Video);
export type ListVideosResponse = z.infer<typeof ListVideosResponse>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * POST /api/videos/ingest: the automation service that publishes the videos adds or updates one,
 * keyed by its `id`. Signed with HMAC (see the content service's README).
 */
export const IngestVideoRequest = z
  .object({
    id: z
      .string()
      .check(noControlCharacters)
      .trim()
      .min(1)
      .max(100)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
    title: singleLine({ max: 200 }).trim().min(1),
    description: multiLine({ max: 5000 }).trim().optional(),
    category: VideoCategory,
    thumbnailUrl: urlText(2000).optional(),
    duration: z
      .string()
      .check(noControlCharacters)
      .trim()
      .regex(/^\d{1,2}(:\d{2}){1,2}$/, 'like 12:34 or 1:02:03')
      .optional(),
    youtubeId: z.string().regex(YOUTUBE_ID, 'an 11-character YouTube id').optional(),
    videoUrl: urlText(2000).optional(),
    captionsUrl: urlText(2000).optional(),
  })
  .strict();
export type IngestVideoRequest = z.infer<typeof IngestVideoRequest>;
