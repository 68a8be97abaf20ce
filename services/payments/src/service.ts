import {
  HttpError,
  OutboxRelay,
  createInbox,
  createMailer,
  rawBody,
  type ServiceContext,
  type ServiceParts,
} from '@hhp/kit';
import { Router } from 'express';
import { paymentsConfigured, type PaymentsConfig } from './config.js';
import { paymentsMetrics } from './metrics.js';
import { paymentsOffRouter } from './payments-off.js';
import { createStripe } from './stripe/client.js';
import { SubscriptionPrice } from './stripe/plan-price.js';
import { BookingLookup } from './intents/booking-lookup.js';
import { intentsRouter } from './intents/intents.router.js';
import { paymentModel } from './intents/payment.model.js';
import { customerModel } from './subscriptions/customer.model.js';
import { SubscribeClaims } from './subscriptions/subscribe-claims.js';
import { subscriptionModel } from './subscriptions/subscription.model.js';
import { SubscriptionStore } from './subscriptions/subscription-store.js';
import { subscriptionsRouter } from './subscriptions/subscriptions.router.js';
import { InvoiceEvents } from './webhooks/invoice-events.js';
import { invoiceModel } from './webhooks/invoice.model.js';
import { PaymentEvents } from './webhooks/payment-events.js';
import { WEBHOOK_BODY_LIMIT_BYTES, WEBHOOK_PATH, webhooksRouter } from './webhooks/webhooks.router.js';
import { consumeCancellations } from './refunds/cancellations.handler.js';
import { consumeConflicts } from './refunds/conflicts.handler.js';
import { SignInLimits } from './sign-in/sign-in-limits.js';
import { SignInLinks } from './sign-in/sign-in-links.js';
import type { SignInDeps } from './sign-in/deps.js';
import { PendingSends, signInRouter } from './sign-in/sign-in.router.js';
import { consumeWelcomes } from './sign-in/welcome.handler.js';

/**
 * Without Stripe keys the service runs with payments off: every payment route answers 503. With them:
 * the indexes, the outbox relays of the three collections that carry events, the conflict consumer and
 * the routes.
 */
export async function paymentsService(context: ServiceContext<PaymentsConfig>): Promise<ServiceParts> {
  const { config, mongo, bus, logger, metrics: kitMetrics } = context;
  if (!paymentsConfigured(config)) {
    logger.warn('payments are off: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to turn them on');
    return { routers: [paymentsOffRouter()] };
  }
  if (!config.STRIPE_WEBHOOK_SECRET) {
    logger.warn('no STRIPE_WEBHOOK_SECRET: webhooks are refused, so paid sessions are not confirmed');
  }
  if (!config.SUBSCRIBER_COOKIE_SECRET) {
    logger.warn('no SUBSCRIBER_COOKIE_SECRET: subscribers get no cookie, so ai-query treats them as guests');
  }
  const stripe = createStripe(config, config.STRIPE_SECRET_KEY!);
  const metrics = paymentsMetrics(kitMetrics.registry);
  const payments = paymentModel(mongo.connection);
  const subscriptionRecords = subscriptionModel(mongo.connection);
  const customers = customerModel(mongo.connection);
  const invoices = invoiceModel(mongo.connection);
  // autoIndex is off: the unique indexes must exist before the first write relies on them.
  await Promise.all([payments, subscriptionRecords, customers, invoices].map((model) => model.createIndexes()));

  const relays = [payments, subscriptionRecords, invoices].map((model) =>
    new OutboxRelay({ model, bus, logger }).start(),
  );
  const [paymentEvents, subscriptionEvents, invoiceEvents] = relays as [OutboxRelay, OutboxRelay, OutboxRelay];
  const subscriptions = new SubscriptionStore(subscriptionRecords, subscriptionEvents);
  const refundDeps = { stripe, payments, relay: paymentEvents, metrics };
  const conflicts = await consumeConflicts(bus, createInbox(mongo, { collection: 'conflict_events' }), refundDeps);
  const cancellations = await consumeCancellations(
    bus,
    createInbox(mongo, { collection: 'cancellation_events' }),
    refundDeps,
  );

  const intentDeps = {
    stripe,
    payments,
    booking: new BookingLookup(bus, config.BOOKING_TIMEOUT_MS),
    metrics,
    dbTimeoutMs: config.DB_TIMEOUT_MS,
  };
  const subscriptionDeps = {
    stripe,
    customers,
    subscriptions,
    claims: new SubscribeClaims(mongo.connection),
    price: new SubscriptionPrice(stripe),
    metrics,
    dbTimeoutMs: config.DB_TIMEOUT_MS,
    supportEmail: config.SUPPORT_EMAIL,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  };
  const signIn = await signInParts(context, { stripe, customers, subscriptions, metrics });
  return {
    routers: [
      intentsRouter(intentDeps, config.STRIPE_PUBLISHABLE_KEY!),
      subscriptionsRouter(subscriptionDeps, config.SUBSCRIBER_COOKIE_SECRET),
      signIn.router,
      webhooksRouter({
        webhooks: stripe.webhooks,
        secret: config.STRIPE_WEBHOOK_SECRET,
        inbox: createInbox(mongo, { collection: 'stripe_events' }),
        handlers: {
          payments: new PaymentEvents(payments, paymentEvents),
          invoices: new InvoiceEvents(invoices, invoiceEvents),
          subscriptions,
        },
        metrics,
        timeoutMs: config.DB_TIMEOUT_MS * 3,
      }),
    ],
    every: signIn.every,
    bodies: [{ method: 'POST', path: WEBHOOK_PATH, parsers: [rawBody({ limitBytes: WEBHOOK_BODY_LIMIT_BYTES })] }],
    stop: [
      ['conflict consumer', () => conflicts.stop()],
      ['cancellation consumer', () => cancellations.stop()],
      ...signIn.stop,
      ['outbox relays', () => Promise.all(relays.map((relay) => relay.stop())).then(() => undefined)],
    ],
  };
}

export const SIGN_IN_OFF = 'Signing in by e-mail is not available on this portal.';

/**
 * The sign-in link, the customer portal and the welcome e-mail: the e-mail's links and the cookie they lead
 * to are signed with SUBSCRIBER_COOKIE_SECRET, so without it their routes answer 503 and nothing is sent.
 */
async function signInParts(
  { config, mongo, bus, logger }: ServiceContext<PaymentsConfig>,
  shared: Pick<SignInDeps, 'stripe' | 'customers' | 'subscriptions' | 'metrics'>,
): Promise<{ router: Router; every: NonNullable<ServiceParts['every']>; stop: NonNullable<ServiceParts['stop']> }> {
  const cookieSecret = config.SUBSCRIBER_COOKIE_SECRET;
  if (!cookieSecret) {
    const off = Router();
    off.post(['/api/subscription/sign-in', '/api/subscription/sign-in/complete', '/api/subscription/portal'], () => {
      throw new HttpError(503, SIGN_IN_OFF);
    });
    return { router: off, every: [], stop: [] };
  }
  const links = new SignInLinks(mongo.connection, config.SIGN_IN_LINK_TTL_SECONDS * 1000);
  const limits = new SignInLimits(mongo.connection, {
    windowSeconds: config.SIGN_IN_LIMIT_WINDOW_SECONDS,
    perAddress: config.SIGN_IN_REQUESTS_PER_ADDRESS,
    perEmail: config.SIGN_IN_LINKS_PER_EMAIL,
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
    publicBaseUrl: config.PUBLIC_BASE_URL,
    linkTtlSeconds: config.SIGN_IN_LINK_TTL_SECONDS,
    dbTimeoutMs: config.DB_TIMEOUT_MS,
    logger,
  };
  const welcomes = await consumeWelcomes(deps, bus, createInbox(mongo, { collection: 'welcome_mails' }));
  const pending = new PendingSends();
  return {
    router: signInRouter(deps, pending),
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
