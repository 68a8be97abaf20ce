// A slot is held only for a payment that can happen (payments asked over rpc.payments.v1.status), and the
// visitor who holds one can give it back with the hold's token, and nobody else can.
import { Subjects } from '@hhp/proto';
import {
  SUPPORT_EMAIL,
  availabilityOf,
  bookingBody,
  collection,
  eventsFor,
  eventually,
  fromAddress,
  openDays,
  payAndConfirm,
  payments,
  postJson,
  sessionOf,
  startBookingSuite,
  type BookingService,
  type BookingSuite,
} from './harness.js';

let suite: BookingSuite;
let service: BookingService;
const days = openDays('ai-session', 75);

beforeAll(async () => {
  suite = await startBookingSuite('holds-payments', { PAYMENTS_TIMEOUT_MS: '300' });
  service = suite.service;
});

afterAll(() => suite?.stop());

afterEach(() => {
  payments.acceptsPayments = true;
  payments.silent = false;
});

const bookingCount = () => collection(service, 'bookings').countDocuments();
const message = async (res: Response) => ((await res.json()) as { message: string }).message;

async function bookHeld(type: 'ai-session' | 'subscription', at: Date) {
  const res = await postJson(`${service.url}/api/book-session`, bookingBody(type, at), fromAddress());
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; holdToken: string };
}

const release = (id: string, token: unknown) =>
  postJson(`${service.url}/api/session/${id}/release`, { token }, fromAddress());

describe('with payments off', () => {
  test.each(['ai-session', 'subscription'] as const)(
    'when a %s is booked, then it is 503 with a sentence naming where to write, nothing is stored and the slot stays free',
    async (type) => {
      payments.acceptsPayments = false;
      const { date, slots } = days();
      const before = await bookingCount();

      const res = await postJson(
        `${service.url}/api/book-session`,
        bookingBody(type, slots[0]!.startsAt),
        fromAddress(),
      );

      expect(res.status).toBe(503);
      expect(await message(res)).toBe(
        `Online booking is not available right now because card payments are switched off, so no time has been held for you. To book a session, please write to ${SUPPORT_EMAIL}.`,
      );
      expect(await bookingCount()).toBe(before);
      expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(true);
    },
  );

  test('when payments do not answer, then it is 503 saying so, and the slot stays free', async () => {
    payments.silent = true;
    const { date, slots } = days();
    const asked = payments.asked;

    const res = await postJson(
      `${service.url}/api/book-session`,
      bookingBody('ai-session', slots[1]!.startsAt),
      fromAddress(),
    );

    expect(res.status).toBe(503);
    expect(await message(res)).toMatch(
      /^Online booking is not available right now because the payment service does not answer/,
    );
    expect(payments.asked).toBeGreaterThan(asked);
    expect((await availabilityOf(service, 'ai-session', date)).slots[1]!.available).toBe(true);
  });
});

describe('releasing a hold', () => {
  test('when the visitor releases the hold with its token, then the slot is free at once, the session reads expired and booking.v1.expired is published', async () => {
    const { date, slots } = days();
    const { id, holdToken } = await bookHeld('ai-session', slots[0]!.startsAt);
    expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(false);

    const res = await release(id, holdToken);

    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'expired' });
    expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(true);
    expect((await sessionOf(service, id)).body).toMatchObject({ status: 'expired' });
    await eventually(
      'booking.v1.expired',
      () => eventsFor(Subjects.bookingExpired, id),
      (events) => events.length === 1,
    );
    // A second release (a double click) answers the same and changes nothing.
    const again = await release(id, holdToken);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id, status: 'expired' });
  });

  test("when someone releases a hold with a wrong token or another booking's token, then it is 403 and the slot stays held", async () => {
    const { date, slots } = days();
    const mine = await bookHeld('ai-session', slots[0]!.startsAt);
    const other = await bookHeld('ai-session', slots[1]!.startsAt);

    for (const token of [other.holdToken, 'x'.repeat(32), mine.id]) {
      const res = await release(mine.id, token);
      expect(res.status).toBe(403);
      expect(await message(res)).toBe(
        'This booking can only be released from the browser that made it. Its time is released by itself when the hold lapses.',
      );
    }

    expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(false);
    expect((await sessionOf(service, mine.id)).body).toMatchObject({ status: 'pending-payment' });
  });

  test('when a paid booking is released with its token, then it is 409 and its time stays booked', async () => {
    const { date, slots } = days();
    const { id, holdToken } = await bookHeld('ai-session', slots[2]!.startsAt);
    await payAndConfirm(service, id, 'ai-session');

    const res = await release(id, holdToken);

    expect(res.status).toBe(409);
    expect(await message(res)).toMatch(/^This session has been paid for, so its time stays booked for you\./);
    expect((await availabilityOf(service, 'ai-session', date)).slots[2]!.available).toBe(false);
  });

  test('when an unknown booking or a token of the wrong shape is sent, then it is 404 or 400 with a message', async () => {
    const unknown = await release('AAAAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(32));
    expect(unknown.status).toBe(404);
    expect(await message(unknown)).toBe('Session not found');

    const { id } = await bookHeld('ai-session', days().slots[0]!.startsAt);
    const empty = await release(id, '');
    expect(empty.status).toBe(400);
    expect(await message(empty)).toMatch(/^token/);
  });
});
