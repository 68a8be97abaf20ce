import { Router } from 'express';
import type { z } from 'zod';
import { ListVideosQuery, ListVideosResponse, VIDEO_CATEGORIES } from '@hhp/proto';
import { formatZodError, HttpError, requestContext, TIMED_OUT } from '@hhp/kit';
import { toVideo, type VideoModel } from './video.model.js';
import type { VideoListCache } from './video-list-cache.js';

// The kit's messages name the field; for a query string, naming the value that was sent helps more.
const queryErrors: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_value' || issue.code === 'invalid_type') {
    return `${JSON.stringify(issue.input)} is not a video category (use one of ${VIDEO_CATEGORIES.join(', ')}, or leave it out for all)`;
  }
  return undefined;
};

function parseQuery(query: unknown): ListVideosQuery {
  const result = ListVideosQuery.safeParse(query, { error: queryErrors });
  if (!result.success) throw new HttpError(400, formatZodError(result.error));
  return result.data;
}

export const LIBRARY_UNAVAILABLE = 'The video library is not available right now. Please try again in a moment.';

/**
 * GET /api/videos?category=…: newest first, then by title, so the order never shuffles between calls. When
 * the database is slower than `timeoutMs`, the list served last time, else 503.
 */
export function videosRouter(videos: VideoModel, cache: VideoListCache, timeoutMs: number): Router {
  const router = Router();
  router.get('/api/videos', async (req, res) => {
    const { category } = parseQuery(req.query);
    const load = async () => {
      const docs = await videos
        .find(category ? { category } : {}, { _id: 0, outbox: 0 })
        .sort({ publishedAt: -1, title: 1, id: 1 })
        .lean();
      return ListVideosResponse.parse(docs.map(toVideo));
    };
    const answer = await cache.get(category ?? '*', load, timeoutMs);
    if (answer === TIMED_OUT) throw new HttpError(503, LIBRARY_UNAVAILABLE);
    if (answer.stale) requestContext(req).logger.warn({ category }, 'database slow or failing: served the kept list');
    res.set('Cache-Control', 'public, max-age=30').type('json').send(answer.json);
  });
  return router;
}
