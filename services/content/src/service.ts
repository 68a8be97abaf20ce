import { OutboxRelay, type ServiceContext, type ServiceParts } from '@hhp/kit';
import type { ContentConfig } from './config.js';
import { videoModel } from './videos/video.model.js';
import { seedVideos } from './videos/seed.js';
import { videosRouter } from './videos/videos.router.js';
import { VideoListCache } from './videos/video-list-cache.js';
import { ingestRouter } from './ingest/ingest.router.js';
import { SeenSignatures, seenSignatureModel } from './ingest/seen-signatures.js';
import { subscriberModel } from './subscribers/subscriber.model.js';
import { subscribersRouter } from './subscribers/subscribers.router.js';
import { SignupLimits } from './subscribers/signup-limits.js';

/** Indexes, first-start seed, the two outbox relays, and the routes. */
export async function contentService({
  config,
  mongo,
  bus,
  logger,
}: ServiceContext<ContentConfig>): Promise<ServiceParts> {
  const videos = videoModel(mongo.connection);
  const subscribers = subscriberModel(mongo.connection);
  // autoIndex is off: the unique indexes must exist before the first write relies on them.
  await Promise.all([videos.createIndexes(), subscribers.createIndexes()]);
  await seedVideos(videos, logger);

  const subscriberEvents = new OutboxRelay({ model: subscribers, bus, logger }).start();
  const videoEvents = new OutboxRelay({ model: videos, bus, logger }).start();

  const signupLimits =
    config.SIGNUPS_PER_ADDRESS > 0 || config.SIGNUPS_PER_EMAIL > 0
      ? await SignupLimits.open(bus, {
          bucket: config.SIGNUP_LIMIT_BUCKET,
          windowSeconds: config.SIGNUP_LIMIT_WINDOW_SECONDS,
          perAddress: config.SIGNUPS_PER_ADDRESS,
          perEmail: config.SIGNUPS_PER_EMAIL,
          timeoutMs: Math.min(config.DB_TIMEOUT_MS, 1000),
          logger,
        })
      : undefined;

  const videoLists = new VideoListCache();
  return {
    routers: [
      videosRouter(videos, videoLists, config.DB_TIMEOUT_MS),
      ingestRouter(videos, new SeenSignatures(seenSignatureModel(mongo.connection)), videoEvents, {
        secret: config.CONTENT_INGEST_SECRET,
        maxSkewSeconds: config.INGEST_MAX_SKEW_SECONDS,
        maxFutureSeconds: config.INGEST_MAX_FUTURE_SECONDS,
        timeoutMs: config.DB_TIMEOUT_MS,
        onStored: () => videoLists.invalidate(),
      }),
      subscribersRouter(subscribers, subscriberEvents, config.DB_TIMEOUT_MS, signupLimits),
    ],
    stop: [['outbox relays', () => Promise.all([subscriberEvents.stop(), videoEvents.stop()])]],
  };
}
