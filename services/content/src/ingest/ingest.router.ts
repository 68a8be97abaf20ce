import { Router } from 'express';
import { IngestVideoRequest } from '@hhp/proto';
import { bodyObject, HttpError, orUnavailable, parse, requestContext, type OutboxRelay } from '@hhp/kit';
import { LIBRARY_UNAVAILABLE } from '../videos/videos.router.js';
import type { VideoModel } from '../videos/video.model.js';
import { ingestVideo } from './ingest-video.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyIngestSignature } from './signature.js';
import type { SeenSignatures } from './seen-signatures.js';

const REPLAYED = 'Replayed request: this signature was used before; sign the request again with a new x-timestamp';

export interface IngestOptions {
  secret: string;
  maxSkewSeconds: number;
  maxFutureSeconds: number;
  /** How long to wait for the database before answering 503 (the ingest itself goes on). */
  timeoutMs: number;
  /** Called after a video was stored (clears the list cache). */
  onStored?: () => void;
}

/** POST /api/videos/ingest: the automation service adds or replaces a video; HMAC-signed. */
export function ingestRouter(
  videos: VideoModel,
  seen: SeenSignatures,
  events: OutboxRelay,
  options: IngestOptions,
): Router {
  const router = Router();
  router.post('/api/videos/ingest', async (req, res) => {
    const verdict = verifyIngestSignature({
      ...options,
      timestamp: req.get(TIMESTAMP_HEADER),
      signature: req.get(SIGNATURE_HEADER),
      body: req.rawBody ?? Buffer.alloc(0),
    });
    if (!verdict.ok) throw new HttpError(401, verdict.message);
    const input = parse(IngestVideoRequest, bodyObject(req));
    const { requestId, logger: log } = requestContext(req);
    // The signature is claimed first (a second use of it is a replay, seen-signatures.ts); the signed
    // timestamp is the version that keeps an older ingest from replacing a newer one (ingest-video.ts).
    // One at a time with the relay's writes: see OutboxRelay.exclusive (FerretDB updates are not isolated).
    // After a 503 it goes on, and what follows a stored video follows whenever it is stored; a retry by the
    // automation service, signed again, replaces the same video (200) and announces it again.
    const version = verdict.timestamp;
    const expiresAt = new Date((version + options.maxSkewSeconds + 1) * 1000);
    const ingest = seen
      .claim(verdict.digest, expiresAt)
      .then((first) => {
        if (!first) throw new HttpError(401, REPLAYED);
        return events.exclusive(() => ingestVideo(videos, input, { requestId, version }));
      })
      .then((result) => {
        events.kick();
        options.onStored?.();
        return result;
      });
    const { video, created } = await orUnavailable(options.timeoutMs, ingest, LIBRARY_UNAVAILABLE);
    log.info({ videoId: video.id, created }, 'video ingested');
    res
      .status(created ? 201 : 200)
      .set('Cache-Control', 'no-store')
      .json(video);
  });
  return router;
}
