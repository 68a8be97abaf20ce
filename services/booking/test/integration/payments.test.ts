// What payments' events do to bookings, through the real stream: payment.v1.succeeded, payment.v1.refunded,
// subscription.v1.changed; and the lookup payments asks before it charges.
import { randomUUID } from 'node:crypto';
import { BookingLookupResponse, RpcSubjects, Subjects } from '@hhp/proto';
import {
  availabilityOf,
  book,
  collection,
  eventsFor,
  eventually,
  openDays,
  publishEvent,
  sessionOf,
  sleep,
  startBookingSuite,
  superuser,
  type BookingService,
  type BookingSuite,
} from './harness.js';

let suite: BookingSuite;
let service: BookingService;
const days = openDays('ai-session', 60);
const tuesdays = openDays('dr-helen', 60);

beforeAll(async () => {
  // Holds of 1.8 s, swept every 200 ms: long enough to pay in, short enough to watch one lapse.
  suite = await startBookingSuite('payments', { BOOKING_HOLD_MINUTES: '0.03', HOLD_SWEEP_INTERVAL_MS: '200' });
  service = suite.service;
});

afterAll(() => suite?.stop());

const pi = () => `pi_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
const paid = (bookingId: string, paymentIntentId: string, amountCents = 900) =>
  ({ paymentIntentId, bookingId, amountCents, currency: 'usd' }) as const;
const stored = (id: string) => collection(service, 'bookings').findOne({ _id: id as never });
const statusOf = async (id: string) => (await stored(id))?.status;
/** Waits until the stored booking has `status`. */
const reaches = (id: string, status: string) =>
  eventually(
    `booking ${id} ${status}`,
    () => statusOf(id),
    (s) => s === status,
  );
/** Waits until the booking is confirmed and booking.v1.confirmed about it is on the stream; those events. */
async function confirmedAndPublished(id: string) {
  await reaches(id, 'confirmed');
  return eventually(
    'the event',
    () => eventsFor(Subjects.bookingConfirmed, id),
    (e) => e.length > 0,
  );
}

/** booking_confirmed_total{by="payment"} of the running service. */
async function confirmedCount(): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  return Number(/^booking_confirmed_total\{[^}]*by="payment"[^}]*\} (\d+)/m.exec(text)?.[1] ?? 0);
}

/** Long enough for a second event, had one been published, to be on the stream. */
const settle = () => sleep(1200);

describe('payment.v1.succeeded', () => {
  test('when a held booking is paid, then it is confirmed and booking.v1.confirmed is published once, even when the payment is delivered twice', async () => {
    const { date, slots } = days();
    const id = await book(service, 'ai-session', slots[0]!.startsAt);
    const confirmedBefore = await confirmedCount();
    const payment = pi();
    const event = await publishEvent(Subjects.paymentSucceeded, paid(id, payment));
    // The same event again under another msgID: JetStream's de-duplication does not drop it, the service must.
    await publishEvent(Subjects.paymentSucceeded, paid(id, payment), { id: event.id, msgId: randomUUID() });

    await confirmedAndPublished(id);
    await settle();

    const events = await eventsFor(Subjects.bookingConfirmed, id);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      id: `booking-confirmed:${id}`,
      type: Subjects.bookingConfirmed,
      occurredAt: expect.any(String),
      data: {
        bookingId: id,
        type: 'ai-session',
        scheduledAt: slots[0]!.startsAt.toISOString(),
        durationMinutes: 60,
        timeZone: 'America/New_York',
        paymentIntentId: payment,
        amountCents: 900,
      },
    });
    expect((await sessionOf(service, id)).body).toMatchObject({ status: 'confirmed' });
    expect((await sessionOf(service, id)).body).not.toHaveProperty('holdExpiresAt');
    // Kept for good: past the hold's 1.8 s the slot is still taken.
    expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(false);
    expect(await eventsFor(Subjects.bookingConflict, id)).toEqual([]);
    expect((await confirmedCount()) - confirmedBefore).toBe(1);
  }, 20_000);

  test('when the payment arrives after the hold expired and the slot is still free, then the booking is confirmed', async () => {
    const { date, slots } = days();
    const id = await book(service, 'ai-session', slots[1]!.startsAt);
    await reaches(id, 'expired');
    await eventually(
      'expiry published',
      () => eventsFor(Subjects.bookingExpired, id),
      (e) => e.length === 1,
    );

    await publishEvent(Subjects.paymentSucceeded, paid(id, pi()));

    expect(await confirmedAndPublished(id)).toHaveLength(1);
    await sleep(2500); // past the new claim's own hold: it was kept, so the slot stays taken
    expect((await availabilityOf(service, 'ai-session', date)).slots[1]!.available).toBe(false);
  }, 20_000);

  test('when the payment arrives after the hold expired and someone else took the slot, then booking.v1.conflict asks for a refund, and the refund is recorded', async () => {
    const { slots } = days();
    const id = await book(service, 'ai-session', slots[2]!.startsAt);
    await reaches(id, 'expired');
    // Someone else books the slot and pays: kept for good, however long the rest of the test takes.
    const other = await book(service, 'ai-session', slots[2]!.startsAt);
    await publishEvent(Subjects.paymentSucceeded, paid(other, pi()));
    await reaches(other, 'confirmed');
    const payment = pi();

    await publishEvent(Subjects.paymentSucceeded, paid(id, payment));

    const [conflict] = await eventually(
      'the conflict',
      () => eventsFor(Subjects.bookingConflict, id),
      (e) => e.length > 0,
    );
    expect(conflict).toMatchObject({
      id: `booking-conflict:${id}:${payment}`,
      data: { bookingId: id, paymentIntentId: payment, amountCents: 900, reason: 'slot-taken' },
    });
    expect(await statusOf(id)).toBe('expired');

    await publishEvent(Subjects.paymentRefunded, {
      paymentIntentId: payment,
      bookingId: id,
      refundId: `re_${randomUUID().slice(0, 8)}`,
      amountCents: 900,
      reason: 'slot-taken',
    });
    await reaches(id, 'refunded');
    await settle();
    expect(await eventsFor(Subjects.bookingConflict, id)).toHaveLength(1);
    expect(await eventsFor(Subjects.bookingConfirmed, id)).toEqual([]);
    expect(await statusOf(other)).toBe('confirmed');
  }, 20_000);

  test('when the amount is not the booking’s price, then it is not confirmed and booking.v1.conflict says amount-mismatch', async () => {
    const id = await book(service, 'dr-helen', tuesdays().slots[0]!.startsAt);
    const payment = pi();

    await publishEvent(Subjects.paymentSucceeded, paid(id, payment, 900));

    const [conflict] = await eventually(
      'the conflict',
      () => eventsFor(Subjects.bookingConflict, id),
      (e) => e.length > 0,
    );
    expect(conflict!.data).toEqual({
      bookingId: id,
      paymentIntentId: payment,
      amountCents: 900,
      reason: 'amount-mismatch',
    });
    expect(await statusOf(id)).not.toBe('confirmed');
    expect(await eventsFor(Subjects.bookingConfirmed, id)).toEqual([]);
  });

  test('when nobody booked the id, then booking.v1.conflict says unknown-booking', async () => {
    const id = 'ZZZZZZZZZZZZZZZZZZZZZZZZ';
    const payment = pi();
    await publishEvent(Subjects.paymentSucceeded, paid(id, payment));

    const conflicts = await eventually(
      'the conflict',
      async () => (await eventsFor(Subjects.bookingConflict, id)).filter((e) => e.data.paymentIntentId === payment),
      (e) => e.length > 0,
    );
    expect(conflicts[0]!.data.reason).toBe('unknown-booking');
  });

  test('when the booking was cancelled, then booking.v1.conflict says cancelled and it stays cancelled', async () => {
    const id = await book(service, 'ai-session', days().slots[3]!.startsAt);
    await collection(service, 'bookings').updateOne({ _id: id as never }, { $set: { status: 'cancelled' } });
    await publishEvent(Subjects.paymentSucceeded, paid(id, pi()));

    const [conflict] = await eventually(
      'the conflict',
      () => eventsFor(Subjects.bookingConflict, id),
      (e) => e.length > 0,
    );
    expect(conflict!.data.reason).toBe('cancelled');
    expect(await statusOf(id)).toBe('cancelled');
  });
});

describe('payment.v1.refunded', () => {
  test('when an unpaid booking’s payment is refunded, then it is refunded and its slot is free', async () => {
    const { date, slots } = days();
    const id = await book(service, 'ai-session', slots[4]!.startsAt);
    await publishEvent(Subjects.paymentRefunded, {
      paymentIntentId: pi(),
      bookingId: id,
      refundId: 're_1',
      amountCents: 900,
      reason: 'requested',
    });

    await reaches(id, 'refunded');
    expect((await availabilityOf(service, 'ai-session', date)).slots[4]!.available).toBe(true);
  });
});

describe('subscription.v1.changed', () => {
  const change = (bookingId: string, status: string, subscriptionId = `sub_${randomUUID().slice(0, 8)}`) => ({
    customerId: 'cus_1',
    subscriptionId,
    status,
    bookingId,
  });

  test('when the subscription of a pending-subscription booking becomes active, then the booking is confirmed with it', async () => {
    const { slots } = days();
    const id = await book(service, 'subscription', slots[5]!.startsAt);
    await publishEvent(Subjects.subscriptionChanged, change(id, 'incomplete'));
    await settle();
    expect(await statusOf(id)).not.toBe('confirmed');

    await publishEvent(Subjects.subscriptionChanged, change(id, 'active', 'sub_active_1'));

    const events = await confirmedAndPublished(id);
    expect(events[0]!.data).toMatchObject({
      bookingId: id,
      type: 'subscription',
      subscriptionId: 'sub_active_1',
      amountCents: 1900,
    });
    expect(events[0]!.data).not.toHaveProperty('paymentIntentId');
  });
});

describe('rpc.booking.v1.session', () => {
  async function lookup(sessionId: string) {
    const nc = await superuser();
    try {
      const reply = (
        await nc.request(RpcSubjects.bookingSession, JSON.stringify({ sessionId }), { timeout: 2000 })
      ).json<{
        ok: boolean;
        data: unknown;
      }>();
      expect(reply.ok).toBe(true);
      return BookingLookupResponse.parse(reply.data);
    } finally {
      await nc.close();
    }
  }

  test('when payments asks for a booking, then it gets the authoritative price and state; for an unknown id, null', async () => {
    const at = tuesdays().slots[1]!.startsAt;
    const id = await book(service, 'dr-helen', at);

    expect(await lookup(id)).toEqual({
      session: {
        id,
        type: 'dr-helen',
        priceCents: 40000,
        status: 'pending-payment',
        scheduledAt: at.toISOString(),
        durationMinutes: 90,
        timeZone: 'America/New_York',
        name: 'Ada Visitor',
        email: 'ada@example.com',
        holdExpiresAt: expect.any(String),
      },
    });
    expect(await lookup('AAAAAAAAAAAAAAAAAAAAAAAA')).toEqual({ session: null });
    expect(await lookup('{"$gt":""}')).toEqual({ session: null });
  });
});

describe('a restart', () => {
  test('when a payment is published while the service is stopped, then after a restart on the same database the booking is confirmed, once', async () => {
    const id = await book(service, 'dr-helen', tuesdays().slots[2]!.startsAt);
    service = await suite.restart(async () => {
      await publishEvent(Subjects.paymentSucceeded, paid(id, pi(), 40000));
      await sleep(500);
    });

    await confirmedAndPublished(id);
    await settle();
    expect(await eventsFor(Subjects.bookingConfirmed, id)).toHaveLength(1);
    expect((await sessionOf(service, id)).body.status).toBe('confirmed');
  }, 20_000);
});
