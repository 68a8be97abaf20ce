import { randomUUID } from 'node:crypto';
import { Subjects } from '@hhp/proto';
import { signSubscriberCookie } from '@hhp/kit';
import {
  COOKIE_SECRET,
  eventsOn,
  eventually,
  messageOf,
  sendWebhook,
  sleep,
  startPayments,
  startPaymentsSuite,
  stopPayments,
  stripeEvent,
  type Payments,
  type PaymentsSuite,
  type Servers,
  WEBHOOK_SECRET,
} from './harness.js';

let suite: PaymentsSuite;
let servers: Servers;
let service: Payments;

const ids = () => randomUUID().replace(/-/g, '').slice(0, 14);
const intent = (overrides: Record<string, unknown> = {}) => ({
  id: `pi_${ids()}`,
  object: 'payment_intent',
  amount: 900,
  amount_received: 900,
  currency: 'usd',
  status: 'succeeded',
  last_payment_error: null,
  metadata: { bookingId: `bk-${ids()}` },
  ...overrides,
});
const subscription = (id: string, customer: string, status: string, periodEnd = Date.now() / 1000 + 30 * 86_400) => ({
  id,
  object: 'subscription',
  customer,
  status,
  metadata: { bookingId: 'bk-sub-plan' },
  items: { object: 'list', data: [{ id: `si_${ids()}`, current_period_end: Math.floor(periodEnd) }] },
});
const withId = <T extends { id: string }>(events: T[], id: string) => events.filter((e) => e.id === id);
const subscriptionStatus = async (customerId: string) => {
  const res = await fetch(`${service.url}/api/subscription`, {
    headers: { cookie: `hhp_sub=${signSubscriberCookie(customerId, COOKIE_SECRET)}` },
  });
  return (await res.json()) as { status: string; active: boolean };
};

beforeAll(async () => {
  suite = await startPaymentsSuite();
  ({ servers, service } = suite);
});

afterAll(() => suite?.stop());

describe('POST /api/stripe/webhook: signatures', () => {
  test('when the Stripe-Signature header is missing, then it is 400 naming it, and nothing is applied', async () => {
    const event = stripeEvent('payment_intent.succeeded', intent());
    const res = await sendWebhook(service, event, { signature: null });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('Missing Stripe-Signature header');
  });

  test('when the event is signed with another secret, then it is 400 saying the signature does not verify', async () => {
    const event = stripeEvent('payment_intent.succeeded', intent());
    const res = await sendWebhook(service, event, { secret: 'whsec_someone_else' });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^Stripe-Signature does not verify: No signatures found matching/);
    await sleep(300);
    expect(withId(await eventsOn(servers, Subjects.paymentSucceeded), event.id)).toHaveLength(0);
  });

  test('when the body was changed after signing, then it is 400', async () => {
    const event = stripeEvent('payment_intent.succeeded', intent());
    const payload = JSON.stringify(event);
    const { generateTestHeaderString } = (await import('stripe')).default.webhooks;
    const header = generateTestHeaderString({ payload, secret: 'whsec_test_payments_integration_0123456789' });

    const res = await sendWebhook(service, payload.replace('"amount":900', '"amount":1'), { signature: header });

    expect(res.status).toBe(400);
  });

  test.each([
    ['an hour in the future', 3600],
    ['six minutes in the future', 360],
    ['six minutes ago', -360],
  ])(
    'when the event is signed with a timestamp %s, then it is 400 saying it is outside the tolerance, and nothing is applied',
    async (_when, offsetSeconds) => {
      const event = stripeEvent('payment_intent.succeeded', intent());
      const payload = JSON.stringify(event);
      const { generateTestHeaderString } = (await import('stripe')).default.webhooks;
      const timestamp = Math.floor(Date.now() / 1000) + offsetSeconds;
      const header = generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

      const res = await sendWebhook(service, payload, { signature: header });

      expect(res.status).toBe(400);
      expect(await messageOf(res)).toMatch(/^Stripe-Signature does not verify: Timestamp outside the tolerance zone/);
      await sleep(300);
      expect(withId(await eventsOn(servers, Subjects.paymentSucceeded), event.id)).toHaveLength(0);
    },
  );

  test('when the event is signed a few seconds in the future (clocks a little apart), then it is applied', async () => {
    const event = stripeEvent('payment_intent.succeeded', intent());
    const payload = JSON.stringify(event);
    const { generateTestHeaderString } = (await import('stripe')).default.webhooks;
    const timestamp = Math.floor(Date.now() / 1000) + 30;
    const header = generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });

    const res = await sendWebhook(service, payload, { signature: header });

    expect(res.status).toBe(200);
  });

  test('when the signature is garbage, then it is 400', async () => {
    const res = await sendWebhook(service, stripeEvent('invoice.paid', {}), { signature: 'nonsense' });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^Stripe-Signature does not verify/);
  });
});

describe('POST /api/stripe/webhook: payments', () => {
  test('when a session payment succeeds, then payment.v1.succeeded carries the Stripe event id as its id, and the status says succeeded', async () => {
    const paid = intent();
    const event = stripeEvent('payment_intent.succeeded', paid);

    const res = await sendWebhook(service, event);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true });
    const [published] = await eventually(
      'the event',
      async () => withId(await eventsOn(servers, Subjects.paymentSucceeded), event.id),
      (found) => found.length > 0,
    );
    expect(published).toMatchObject({
      id: event.id,
      type: Subjects.paymentSucceeded,
      occurredAt: new Date(event.created * 1000).toISOString(),
      data: { paymentIntentId: paid.id, bookingId: paid.metadata.bookingId, amountCents: 900, currency: 'usd' },
    });
    servers.stripe.reset();
    const status = await fetch(`${service.url}/api/payments/status?sessionId=${paid.metadata.bookingId}`);
    expect(await status.json()).toEqual({ payment: 'succeeded' });
    expect(servers.stripe.calls).toHaveLength(0); // settled: Stripe is not asked
  });

  test('when Stripe delivers the same event again, and twice at once, then it is applied once: one event published', async () => {
    const event = stripeEvent('payment_intent.succeeded', intent());

    const first = await sendWebhook(service, event);
    const again = await Promise.all([sendWebhook(service, event), sendWebhook(service, event)]);

    expect(first.status).toBe(200);
    // A delivery racing one that is still being applied is told to retry (409); a later one is acknowledged.
    for (const res of again) expect([200, 409]).toContain(res.status);
    expect((await sendWebhook(service, event)).status).toBe(200);
    await sleep(1500);
    expect(withId(await eventsOn(servers, Subjects.paymentSucceeded), event.id)).toHaveLength(1);
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(
      /payments_webhooks_total\{type="payment_intent.succeeded",outcome="duplicate"[^}]*\} [1-9]/,
    );
  });

  test("when a payment fails, then payment.v1.failed carries Stripe's message; a later success still settles it", async () => {
    const attempt = intent({
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card was declined.' },
    });
    const failure = stripeEvent('payment_intent.payment_failed', attempt);
    const success = stripeEvent('payment_intent.succeeded', {
      ...attempt,
      status: 'succeeded',
      last_payment_error: null,
    });

    expect((await sendWebhook(service, failure)).status).toBe(200);
    expect((await sendWebhook(service, success)).status).toBe(200);
    const late = stripeEvent('payment_intent.payment_failed', attempt);
    expect((await sendWebhook(service, late)).status).toBe(200);

    const failed = await eventually(
      'the failure',
      async () => withId(await eventsOn(servers, Subjects.paymentFailed), failure.id),
      (found) => found.length > 0,
    );
    expect(failed[0]!.data).toEqual({
      paymentIntentId: attempt.id,
      bookingId: attempt.metadata.bookingId,
      message: 'Your card was declined.',
    });
    const record = await service.mongo.connection
      .db!.collection('payments')
      .findOne({ _id: attempt.metadata.bookingId as never });
    expect(record).toMatchObject({ status: 'succeeded', paymentIntentId: attempt.id });
  });

  test('when a second intent of the same booking succeeds, then both are announced and the record keeps the first', async () => {
    const first = intent();
    const second = intent({ metadata: first.metadata });
    const events = [stripeEvent('payment_intent.succeeded', first), stripeEvent('payment_intent.succeeded', second)];

    for (const event of events) expect((await sendWebhook(service, event)).status).toBe(200);

    await eventually(
      'both events',
      async () => (await eventsOn(servers, Subjects.paymentSucceeded)).filter((e) => events.some((x) => x.id === e.id)),
      (found) => found.length === 2,
    );
    const record = await service.mongo.connection
      .db!.collection('payments')
      .findOne({ _id: first.metadata.bookingId as never });
    expect(record).toMatchObject({ status: 'succeeded', paymentIntentId: first.id });
  });

  test('when an intent has no bookingId (a subscription invoice), then it is acknowledged and nothing is published', async () => {
    const event = stripeEvent('payment_intent.succeeded', intent({ metadata: {} }));

    expect((await sendWebhook(service, event)).status).toBe(200);
    await sleep(500);
    expect(withId(await eventsOn(servers, Subjects.paymentSucceeded), event.id)).toHaveLength(0);
  });

  test('when the event type is not one the service handles, then it is 200 and ignored', async () => {
    const res = await sendWebhook(service, stripeEvent('charge.dispute.created', { id: 'dp_1' }));
    expect(res.status).toBe(200);
  });
});

describe('POST /api/stripe/webhook: invoices', () => {
  test.each([
    ['invoice.paid', Subjects.invoicePaid, 1900],
    ['invoice.payment_failed', Subjects.invoiceFailed, 0],
  ])('when %s arrives, then %s is published with the subscription and the amount', async (type, subject, paid) => {
    const invoice = {
      id: `in_${ids()}`,
      object: 'invoice',
      customer: `cus_${ids()}`,
      amount_paid: paid,
      amount_due: 1900,
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_inv' } },
    };
    const event = stripeEvent(type, invoice);

    expect((await sendWebhook(service, event)).status).toBe(200);
    const [published] = await eventually(
      'the invoice event',
      async () => withId(await eventsOn(servers, subject), event.id),
      (found) => found.length > 0,
    );
    expect(published!.data).toEqual({
      invoiceId: invoice.id,
      customerId: invoice.customer,
      subscriptionId: 'sub_inv',
      amountCents: 1900,
    });
  });
});

describe('POST /api/stripe/webhook: subscriptions', () => {
  test('when subscription events arrive out of order, then the newest state stays and each applied change is published', async () => {
    const customer = `cus_${ids()}`;
    const sub = `sub_${ids()}`;
    const now = Math.floor(Date.now() / 1000);
    const created = stripeEvent('customer.subscription.created', subscription(sub, customer, 'incomplete'), now - 20);
    const activated = stripeEvent('customer.subscription.updated', subscription(sub, customer, 'active'), now - 10);
    const pastDue = stripeEvent('customer.subscription.updated', subscription(sub, customer, 'past_due'), now);

    for (const event of [pastDue, created, activated]) expect((await sendWebhook(service, event)).status).toBe(200);

    expect(await subscriptionStatus(customer)).toMatchObject({ status: 'past_due', active: false });
    const published = await eventually(
      'the change',
      async () => (await eventsOn(servers, Subjects.subscriptionChanged)).filter((e) => e.data.subscriptionId === sub),
      (found) => found.length > 0,
    );
    await sleep(500);
    expect(published.map((e) => e.id)).toEqual([pastDue.id]);
    expect(published[0]!.data).toMatchObject({ customerId: customer, status: 'past_due', bookingId: 'bk-sub-plan' });
  });

  test('when a subscription is deleted, then an older update arriving later does not bring it back', async () => {
    const customer = `cus_${ids()}`;
    const sub = `sub_${ids()}`;
    const now = Math.floor(Date.now() / 1000);
    const active = stripeEvent('customer.subscription.created', subscription(sub, customer, 'active'), now - 5);
    const deleted = stripeEvent('customer.subscription.deleted', subscription(sub, customer, 'canceled'), now - 5);
    const stale = stripeEvent('customer.subscription.updated', subscription(sub, customer, 'active'), now);

    for (const event of [active, deleted, stale]) expect((await sendWebhook(service, event)).status).toBe(200);

    expect(await subscriptionStatus(customer)).toMatchObject({ status: 'canceled', active: false });
  });

  test('when the subscription becomes active, then the browser holding its cookie reads it as active', async () => {
    const customer = `cus_${ids()}`;
    const event = stripeEvent('customer.subscription.created', subscription(`sub_${ids()}`, customer, 'active'));

    expect((await sendWebhook(service, event)).status).toBe(200);

    expect(await subscriptionStatus(customer)).toMatchObject({ status: 'active', active: true });
  });
});

describe('POST /api/stripe/webhook without a webhook secret', () => {
  test('then events are refused with 503 naming the variable', async () => {
    const bare = await startPayments(servers, { STRIPE_WEBHOOK_SECRET: '' });
    try {
      const res = await sendWebhook(bare, stripeEvent('invoice.paid', {}));
      expect(res.status).toBe(503);
      expect(await messageOf(res)).toMatch(/STRIPE_WEBHOOK_SECRET/);
    } finally {
      await stopPayments(bare);
    }
  });
});
