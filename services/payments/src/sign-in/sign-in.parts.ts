import { HttpError, createInbox, createMailer, type ServiceContext, type ServiceParts } from '@hhp/kit';
import { Router } from 'express';
import type { PaymentsConfig } from '../config.js';
import type { SubscriptionDeps } from '../subscriptions/deps.js';
import { sendAlreadySubscribed } from './already-subscribed.js';
import type { SignInDeps } from './deps.js';
import { SignInLimits } from './sign-in-limits.js';
import { SignInLinks } from './sign-in-links.js';
import { PendingSends, signInRouter } from './sign-in.router.js';
import { consumeWelcomes } from './welcome.handler.js';

const SIGN_IN_OFF = 'Signing in by e-mail is not available on this portal.';

/**
 * The sign-in link, the customer portal and the welcome e-mail: the e-mail's links and the cookie they lead
 * to are signed with SUBSCRIBER_COOKIE_SECRET, so without it their routes answer 503 and nothing is sent.
 */
export async function signInParts(
  { config, mongo, bus, logger }: ServiceContext<PaymentsConfig>,
  shared: Pick<SignInDeps, 'stripe' | 'customers' | 'subscriptions' | 'metrics'>,
): Promise<{
  router: Router;
  alreadySubscribed: SubscriptionDeps['alreadySubscribed'];
  every: NonNullable<ServiceParts['every']>;
  stop: NonNullable<ServiceParts['stop']>;
}> {
  const cookieSecret = config.SUBSCRIBER_COOKIE_SECRET;
  if (!cookieSecret) {
    const off = Router();
    off.post(['/api/subscription/sign-in', '/api/subscription/sign-in/complete', '/api/subscription/portal'], () => {
      throw new HttpError(503, SIGN_IN_OFF);
    });
    // Subscribing is off too without the secret (subscriptions.router.ts): nobody to tell.
    return { router: off, alreadySubscribed: () => undefined, every: [], stop: [] };
  }
  const links = new SignInLinks(mongo.connection, config.SIGN_IN_LINK_TTL_SECONDS * 1000);
  const limits = new SignInLimits(mongo.connection, {
    windowSeconds: config.SIGN_IN_LIMIT_WINDOW_SECONDS,
    perAddress: config.SIGN_IN_REQUESTS_PER_ADDRESS,
    perEmail: config.SIGN_IN_LINKS_PER_EMAIL,
    allowlist: config.LOAD_TEST_ALLOWLIST,
  });
  await Promise.all([links.createIndexes(), limits.createIndexes()]);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    practiceName: 'Holistic Health Portal',
    logger,
  });
  const deps: SignInDeps = {
    ...shared,
    links,
    limits,
    mailer,
    cookieSecret,
    previousCookieSecret: config.SUBSCRIBER_COOKIE_PREVIOUS_SECRET,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    supportEmail: config.SUPPORT_EMAIL,
    linkTtlSeconds: config.SIGN_IN_LINK_TTL_SECONDS,
    dbTimeoutMs: config.DB_TIMEOUT_MS,
    logger,
  };
  const welcomes = await consumeWelcomes(deps, bus, createInbox(mongo, { collection: 'welcome_mails' }));
  const pending = new PendingSends();
  return {
    router: signInRouter(deps, pending),
    alreadySubscribed: (email, customerId, requestLogger) =>
      pending.run(sendAlreadySubscribed(deps, email, customerId, requestLogger), requestLogger, (outcome) =>
        deps.metrics.alreadySubscribedEmails.inc({ outcome }),
      ),
    every: [
      {
        name: 'sign-in purge',
        everyMs: 15 * 60_000,
        runAtStart: true,
        run: () => Promise.all([links.purge(), limits.purge()]),
      },
    ],
    stop: [
      ['welcome consumer', () => welcomes.stop()],
      ['sign-in e-mails', () => pending.settled()],
      ['mailer', () => mailer.close()],
    ],
  };
}
