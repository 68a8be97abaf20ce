import { OutboxRelay, createInbox, rawBody, type ServiceContext, type ServiceParts } from '@hhp/kit';
import { paymentsConfigured, type PaymentsConfig } from './config.js';
import { paymentsMetrics } from './metrics.js';
import { paymentsOffRouter } from './payments-off.js';
import { paymentsStatusReplies } from './payments-status.js';
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
import { signInParts } from './sign-in/sign-in.parts.js';

/**
 * Without Stripe keys the service runs with payments off: every payment route answers 503. With them:
 * the indexes, the outbox relays of the three collections that carry events, the conflict consumer and
 * the routes.
 */
export async function paymentsService(context: ServiceContext<PaymentsConfig>): Promise<ServiceParts> {
  const { config, mongo, bus, logger, metrics: kitMetrics } = context;
  const acceptsPayments = paymentsConfigured(config);
  // Booking asks this before it holds a slot: with payments off it holds none.
  const status = paymentsStatusReplies(bus, { acceptsPayments, supportEmail: config.SUPPORT_EMAIL });
  if (!acceptsPayments) {
    logger.warn('payments are off: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to turn them on');
    return { routers: [paymentsOffRouter(config.SUPPORT_EMAIL)], stop: [['status replies', () => status.drain()]] };
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
    new OutboxRelay({ model, bus, logger, registry: kitMetrics.registry }).start(),
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
  const signIn = await signInParts(context, { stripe, customers, subscriptions, metrics });
  const subscriptionDeps = {
    stripe,
    customers,
    subscriptions,
    claims: new SubscribeClaims(mongo.connection),
    price: new SubscriptionPrice(stripe),
    metrics,
    dbTimeoutMs: config.DB_TIMEOUT_MS,
    alreadySubscribed: signIn.alreadySubscribed,
    publicBaseUrl: config.PUBLIC_BASE_URL,
  };
  return {
    routers: [
      intentsRouter(intentDeps, config.STRIPE_PUBLISHABLE_KEY!),
      subscriptionsRouter(subscriptionDeps, config.SUBSCRIBER_COOKIE_SECRET, config.SUBSCRIBER_COOKIE_PREVIOUS_SECRET),
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
      ['status replies', () => status.drain()],
      ['conflict consumer', () => conflicts.stop()],
      ['cancellation consumer', () => cancellations.stop()],
      ...signIn.stop,
      ['outbox relays', () => Promise.all(relays.map((relay) => relay.stop())).then(() => undefined)],
    ],
  };
}
