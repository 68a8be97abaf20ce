import { OutboxRelay, createInbox, createMailer, type ServiceContext, type ServiceParts } from '@hhp/kit';
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
import { optInRouter, unsubscribeBody } from './subscribers/optin.router.js';
import { consumeEmailSubscribed } from './subscribers/subscribed.handler.js';
import { practiceListReplies } from './subscribers/practice-list.js';

/** Indexes, first-start seed, the two outbox relays, the routes, and the opt-in e-mail's consumer. */
export async function contentService({
  config,
  mongo,
  bus,
  logger,
  metrics,
}: ServiceContext<ContentConfig>): Promise<ServiceParts> {
  const videos = videoModel(mongo.connection);
  const subscribers = subscriberModel(mongo.connection);
  // autoIndex is off: the unique indexes must exist before the first write relies on them.
  await Promise.all([videos.createIndexes(), subscribers.createIndexes()]);
  await seedVideos(videos, logger);

  const { registry } = metrics;
  const subscriberEvents = new OutboxRelay({ model: subscribers, bus, logger, registry }).start();
  const videoEvents = new OutboxRelay({ model: videos, bus, logger, registry }).start();

  const signupLimits =
    config.SIGNUPS_PER_ADDRESS > 0 || config.SIGNUPS_PER_EMAIL > 0
      ? await SignupLimits.open(bus, {
          bucket: config.SIGNUP_LIMIT_BUCKET,
          windowSeconds: config.SIGNUP_LIMIT_WINDOW_SECONDS,
          perAddress: config.SIGNUPS_PER_ADDRESS,
          perEmail: config.SIGNUPS_PER_EMAIL,
          allowlist: config.LOAD_TEST_ALLOWLIST,
          timeoutMs: Math.min(config.DB_TIMEOUT_MS, 1000),
          logger,
        })
      : undefined;

  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    practiceName: 'Holistic Health Portal',
    logger,
  });
  const secret = config.LIST_TOKEN_SECRET;
  // Without the secret no link could be checked: the sign-ups wait, unconfirmed, and get no list mail.
  const optIn = secret
    ? await consumeEmailSubscribed(
        { subscribers, mailer, links: { publicUrl: config.PUBLIC_URL, secret }, logger },
        bus,
        createInbox(mongo),
      )
    : undefined;
  if (!optIn) logger.warn('no LIST_TOKEN_SECRET: sign-ups get no confirmation e-mail, and its links answer 503');

  const videoLists = new VideoListCache();
  const practiceList = practiceListReplies(bus, subscribers);
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
      optInRouter(subscribers, secret, config.DB_TIMEOUT_MS),
    ],
    bodies: [unsubscribeBody],
    stop: [
      ['opt-in consumer', async () => optIn?.stop()],
      ['practice list replies', () => practiceList.drain()],
      ['mailer', () => mailer.close()],
      ['outbox relays', () => Promise.all([subscriberEvents.stop(), videoEvents.stop()])],
    ],
  };
}
