import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { createEnvelope, natsConnectOptions } from '@hhp/kit';
import { BookingCancelledEvent, BookingConflictEvent, Subjects } from '@hhp/proto';
import { stripeError } from '../../../../infra/src/testing/stripe-mock.js';
import {
  eventsOn,
  eventually,
  sleep,
  startPaymentsSuite,
  type Payments,
  type PaymentsSuite,
  type Servers,
} from './harness.js';

let suite: PaymentsSuite;
let servers: Servers;
let service: Payments;
let nc: NatsConnection;

const conflict = (bookingId = `bk-${randomUUID().slice(0, 8)}`) =>
  BookingConflictEvent.parse(
    createEnvelope(Subjects.bookingConflict, {
      bookingId,
      paymentIntentId: `pi_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
      amountCents: 900,
      reason: 'slot-taken',
    }),
  );
/** Booking's publish, as JetStream hands it to the consumer; `msgID` apart from the event id, so a test can deliver one event twice. */
const deliver = (event: BookingConflictEvent, msgID = randomUUID()) =>
  jetstream(nc).publish(Subjects.bookingConflict, JSON.stringify(event), { msgID });
const refundsOf = (paymentIntentId: string) =>
  servers.stripe.callsTo('POST', '/v1/refunds').filter((call) => call.params.get('payment_intent') === paymentIntentId);
const refundedEvents = async (bookingId: string) =>
  (await eventsOn(servers, Subjects.paymentRefunded)).filter((e) => e.data.bookingId === bookingId);

beforeAll(async () => {
  suite = await startPaymentsSuite();
  ({ servers, service } = suite);
  nc = await connect(natsConnectOptions(servers.natsUrl));
});

afterAll(async () => {
  await nc?.close();
  await suite?.stop();
});

describe('the payments-conflicts consumer', () => {
  test('when booking reports a conflict, then the intent is refunded with the booking as idempotency key, and payment.v1.refunded follows', async () => {
    const event = conflict();

    await deliver(event);

    const [published] = await eventually(
      'the refund event',
      () => refundedEvents(event.data.bookingId),
      (e) => e.length > 0,
    );
    const [call] = refundsOf(event.data.paymentIntentId);
    expect(call!.idempotencyKey).toBe(`refund-${event.data.bookingId}-${event.data.paymentIntentId}`);
    expect(call!.params.get('metadata[conflict]')).toBe('slot-taken');
    expect(published!.data).toMatchObject({
      paymentIntentId: event.data.paymentIntentId,
      bookingId: event.data.bookingId,
      refundId: expect.stringMatching(/^re_/),
      reason: 'slot-taken',
    });
    const record = await service.mongo.connection
      .db!.collection('payments')
      .findOne({ _id: event.data.bookingId as never });
    expect(record).toMatchObject({ status: 'refunded', refundId: published!.data.refundId });
    const status = await fetch(`${service.url}/api/payments/status?sessionId=${event.data.bookingId}`);
    expect(await status.json()).toEqual({ payment: 'refunded' });
  });

  test('when the same conflict is delivered twice, and a second conflict for the booking follows, then it is refunded once', async () => {
    const event = conflict();
    await deliver(event);
    await deliver(event);
    await eventually(
      'the refund event',
      () => refundedEvents(event.data.bookingId),
      (e) => e.length > 0,
    );

    const another = { ...conflict(event.data.bookingId), data: event.data };
    await deliver(another);
    await sleep(1500);

    expect(refundsOf(event.data.paymentIntentId)).toHaveLength(1);
    expect(await refundedEvents(event.data.bookingId)).toHaveLength(1);
  });

  test('when a booking paid already is paid again, then the second intent is refunded and the first stays paid', async () => {
    const bookingId = `bk-${randomUUID().slice(0, 8)}`;
    const now = new Date();
    await service.mongo.connection.db!.collection('payments').insertOne({
      _id: bookingId as never,
      paymentIntentId: 'pi_first',
      amountCents: 900,
      currency: 'usd',
      status: 'succeeded',
      createdAt: now,
      updatedAt: now,
    });
    const second = conflict(bookingId);

    await deliver(second);

    const [published] = await eventually(
      'the refund event',
      () => refundedEvents(bookingId),
      (e) => e.length > 0,
    );
    expect(published!.data.paymentIntentId).toBe(second.data.paymentIntentId);
    expect(refundsOf('pi_first')).toHaveLength(0);
    const record = await service.mongo.connection.db!.collection('payments').findOne({ _id: bookingId as never });
    expect(record).toMatchObject({ status: 'succeeded', paymentIntentId: 'pi_first' });
  });

  test('when Stripe fails at first, then the conflict is retried and refunded', async () => {
    const event = conflict();
    servers.stripe.intercept({
      method: 'POST',
      path: /^\/v1\/refunds$/,
      times: 2, // the SDK retries once itself
      respond: () => stripeError(500, { type: 'api_error', message: 'try later' }),
    });

    await deliver(event);

    await eventually(
      'the refund event',
      () => refundedEvents(event.data.bookingId),
      (e) => e.length > 0,
      15_000,
    );
    expect(refundsOf(event.data.paymentIntentId).length).toBeGreaterThanOrEqual(2);
  }, 20_000);
});

describe('the payments-cancellations consumer', () => {
  const cancellation = (
    paymentIntentId: string | undefined,
    amountCents = 900,
    bookingId = `bk-${randomUUID().slice(0, 8)}`,
  ) =>
    BookingCancelledEvent.parse(
      createEnvelope(
        Subjects.bookingCancelled,
        {
          bookingId,
          type: paymentIntentId ? 'ai-session' : 'subscription',
          scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          sequence: 1,
          ...(paymentIntentId ? { paymentIntentId } : {}),
          amountCents,
        },
        { id: `booking-cancelled:${bookingId}` },
      ),
    );
  const deliverCancellation = (event: BookingCancelledEvent, msgID = randomUUID()) =>
    jetstream(nc).publish(Subjects.bookingCancelled, JSON.stringify(event), { msgID });

  test('when a paid session is cancelled (the event delivered twice, and a conflict for the same payment besides), then its payment is refunded once in full', async () => {
    const paymentIntentId = `pi_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
    const event = cancellation(paymentIntentId);
    await Promise.all([deliverCancellation(event), deliverCancellation(event)]);

    const [published] = await eventually(
      'the refund event',
      () => refundedEvents(event.data.bookingId),
      (e) => e.length > 0,
    );
    expect(published!.data).toMatchObject({ paymentIntentId, bookingId: event.data.bookingId, reason: 'cancelled' });
    const [call] = refundsOf(paymentIntentId);
    expect(call!.idempotencyKey).toBe(`refund-${event.data.bookingId}-${paymentIntentId}`);
    expect(call!.params.get('metadata[conflict]')).toBe('cancelled');

    // A conflict about the same payment (a late redelivery of its success) finds it refunded.
    const late = conflict(event.data.bookingId);
    await deliver({ ...late, data: { ...late.data, paymentIntentId, reason: 'cancelled' } });
    await sleep(1500);
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
    expect(await refundedEvents(event.data.bookingId)).toHaveLength(1);
    const status = await fetch(`${service.url}/api/payments/status?sessionId=${event.data.bookingId}`);
    expect(await status.json()).toEqual({ payment: 'refunded' });
  });

  test('when a session of the subscription plan is cancelled, then nothing is refunded', async () => {
    const event = cancellation(undefined, 0);
    await deliverCancellation(event);
    await sleep(1500);
    expect(
      servers.stripe
        .callsTo('POST', '/v1/refunds')
        .filter((c) => c.params.get('metadata[bookingId]') === event.data.bookingId),
    ).toHaveLength(0);
    expect(await refundedEvents(event.data.bookingId)).toHaveLength(0);
  });
});
