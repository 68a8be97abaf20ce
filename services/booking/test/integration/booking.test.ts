import { PLANS } from '@hhp/proto';
import {
  SLOT_TAKEN,
  availabilityOf,
  book,
  bookingBody,
  collection,
  fromAddress,
  horizonLastDay,
  openDays,
  plusDays,
  postJson,
  sessionOf,
  slotOn,
  startBooking,
  startBookingSuite,
  type BookingService,
  type BookingSuite,
} from './harness.js';

let suite: BookingSuite;
let service: BookingService;
let bookUrl: string;
const aiDays = openDays('ai-session', 9);
const tuesdays = openDays('dr-helen', 9);

beforeAll(async () => {
  suite = await startBookingSuite('http');
  service = suite.service;
  bookUrl = `${service.url}/api/book-session`;
});

afterAll(() => suite?.stop());

const statuses = (responses: Response[]) =>
  responses.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});

describe('GET /api/availability', () => {
  test('when a day is open and nothing is booked, then every slot is available with its wall-clock times and UTC start', async () => {
    const { date, slots } = tuesdays();
    const res = await fetch(`${service.url}/api/availability?type=dr-helen&date=${date}`);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      date,
      type: 'dr-helen',
      timeZone: 'America/New_York',
      open: true,
      slots: slots.map((s) => ({
        time: s.time,
        endTime: s.endTime,
        startsAt: s.startsAt.toISOString(),
        available: true,
      })),
    });
  });

  test('when a slot is held by an unpaid booking, then it is shown unavailable on both plans of its calendar', async () => {
    const { date, slots } = aiDays();
    await book(service, 'ai-session', slots[2]!.startsAt);

    for (const type of ['ai-session', 'subscription'] as const) {
      const day = await availabilityOf(service, type, date);
      expect(day.slots.map((s) => s.available)).toEqual([true, true, false, true, true, true]);
    }
    // The practitioner's calendar is another one.
    expect((await availabilityOf(service, 'dr-helen', tuesdays().date)).slots.every((s) => s.available)).toBe(true);
  });

  test('when the day has passed, is a Sunday for the AI sessions, or is not a Tuesday for the practitioner, then it is closed', async () => {
    const tuesday = tuesdays().date;
    const plus = (days: number) =>
      new Date(Date.parse(`${tuesday}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const cases = [
      ['ai-session', twoDaysAgo],
      ['dr-helen', plus(-1)],
      ['dr-helen', plus(1)],
      ['ai-session', plus(-2)],
      ['subscription', plus(5)],
    ] as const;
    for (const [type, date] of cases) {
      expect([type, date, await availabilityOf(service, type, date)]).toEqual([
        type,
        date,
        { date, type, timeZone: 'America/New_York', open: false, slots: [] },
      ]);
    }
  });

  test.each([
    ['type=massage&date=2030-01-01', /^type: must be one of ai-session, subscription, dr-helen$/],
    ['type=ai-session&date=2030-02-30', /^date: must be YYYY-MM-DD$/],
    ['type=ai-session', /^date: must be YYYY-MM-DD$/],
    ['type=ai-session&date=2030-01-01&extra=1', /extra: is not allowed/],
  ])('when the query is %s, then the answer is 400 naming the field', async (query, message) => {
    const res = await fetch(`${service.url}/api/availability?${query}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  });
});

describe('POST /api/book-session', () => {
  test('when a visitor books a free slot, then the booking holds it, unpaid, and reads back with the catalogue’s price', async () => {
    const { slots } = aiDays();
    const res = await postJson(
      bookUrl,
      bookingBody('ai-session', slots[0]!.startsAt, { notes: 'first visit' }),
      fromAddress(),
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const { status, body } = await sessionOf(service, id);
    expect(status).toBe(200);
    expect(body).toEqual({
      id,
      price: '9.00',
      type: 'ai-session',
      duration: '60',
      scheduledAt: slots[0]!.startsAt.toISOString(),
      status: 'pending-payment',
      timeZone: 'America/New_York',
      holdExpiresAt: expect.any(String),
    });
    const holdMs = Date.parse(body.holdExpiresAt as string) - Date.now();
    expect(holdMs).toBeGreaterThan(14 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(15 * 60_000);
    expect(await collection(service, 'bookings').findOne({ _id: id as never })).toMatchObject({
      name: 'Ada Visitor',
      email: 'ada@example.com',
      notes: 'first visit',
    });
  });

  test('when the subscription plan is booked, then the booking waits for the subscription', async () => {
    const id = await book(service, 'subscription', aiDays().slots[1]!.startsAt);
    expect((await sessionOf(service, id)).body).toMatchObject({ status: 'pending-subscription', price: '19.00' });
  });

  test('when 100 visitors book the same slot at once, then exactly one gets it and 99 are told it was just booked', async () => {
    const at = tuesdays().slots[1]!.startsAt;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postJson(
          bookUrl,
          bookingBody('dr-helen', at, { email: `racer${i}@example.com` }),
          fromAddress(`203.0.113.${i + 1}`),
        ),
      ),
    );

    expect(statuses(responses)).toEqual({ 200: 1, 409: 99 });
    const messages = await Promise.all(responses.filter((r) => r.status === 409).map((r) => r.json()));
    expect(new Set(messages.map((m) => JSON.stringify(m)))).toEqual(new Set([JSON.stringify({ message: SLOT_TAKEN })]));
    const key = `practitioner|${at.toISOString()}`;
    expect(await collection(service, 'seat_claims').countDocuments({ kind: 'claim', key })).toBe(1);
    expect(await collection(service, 'bookings').countDocuments({ scheduledAt: at })).toBe(1);
    expect(await collection(service, 'bookings').countDocuments({ scheduledAt: at, status: 'pending-payment' })).toBe(
      1,
    );
  }, 30_000);

  test('when AI-session and subscription visitors race for the last free slot of a day, then exactly one of them gets it', async () => {
    const { date, slots } = aiDays();
    for (const slot of slots.slice(0, -1)) await book(service, 'ai-session', slot.startsAt);
    const last = slots.at(-1)!.startsAt;

    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postJson(bookUrl, bookingBody(i % 2 ? 'subscription' : 'ai-session', last), fromAddress(`192.0.2.${i + 1}`)),
      ),
    );

    expect(statuses(responses)).toEqual({ 200: 1, 409: 99 });
    expect(
      await collection(service, 'seat_claims').countDocuments({ kind: 'claim', key: `ai|${last.toISOString()}` }),
    ).toBe(1);
    expect(await collection(service, 'bookings').countDocuments({ scheduledAt: last })).toBe(1);
    const day = await availabilityOf(service, 'subscription', date);
    expect(day.slots.every((s) => !s.available)).toBe(true);
  }, 30_000);

  test('when two replicas on one database take 50 requests each for the same slot at once, then the database lets exactly one win', async () => {
    const replica = await startBooking(service.config.MONGODB_DB);
    try {
      const at = tuesdays().slots[2]!.startsAt;
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          postJson(
            `${(i % 2 ? replica : service).url}/api/book-session`,
            bookingBody('dr-helen', at),
            fromAddress(`203.0.113.${i + 101}`),
          ),
        ),
      );

      expect(statuses(responses)).toEqual({ 200: 1, 409: 99 });
      const key = `practitioner|${at.toISOString()}`;
      expect(await collection(service, 'seat_claims').countDocuments({ kind: 'claim', key })).toBe(1);
      expect(await collection(service, 'bookings').countDocuments({ scheduledAt: at })).toBe(1);
    } finally {
      await replica.close();
    }
  }, 30_000);

  test('when the body’s price and duration are tampered with, then the catalogue’s are stored and charged', async () => {
    const at = tuesdays().slots[0]!.startsAt;
    const res = await postJson(bookUrl, bookingBody('dr-helen', at, { price: '1.00', duration: '5' }), fromAddress());
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };

    expect(await collection(service, 'bookings').findOne({ _id: id as never })).toMatchObject({
      priceCents: PLANS['dr-helen'].priceCents,
      price: '400.00',
      durationMinutes: 90,
    });
    expect((await sessionOf(service, id)).body).toMatchObject({ price: '400.00', duration: '90' });
  });

  test.each([
    [
      'a time between slots',
      () => new Date(aiDays().slots[0]!.startsAt.getTime() + 30 * 60_000),
      'ai-session',
      /^scheduledAt: must be the start of one of the slots/,
    ],
    ['a Sunday', () => sundayAt9(), 'ai-session', /^scheduledAt: sessions are not held on Sundays$/],
    [
      'a Wednesday for the practitioner',
      () => new Date(tuesdays().slots[0]!.startsAt.getTime() + 86_400_000),
      'dr-helen',
      /^scheduledAt: consultations with the practitioner are held on Tuesdays only$/,
    ],
    [
      'a day that has passed',
      () => new Date(Date.now() - 3 * 86_400_000),
      'ai-session',
      /^scheduledAt: that day has passed$/,
    ],
  ] as const)('when the slot is %s, then the answer is 400 and nothing is stored', async (_what, at, type, message) => {
    const before = await collection(service, 'seat_claims').countDocuments();
    const res = await postJson(bookUrl, bookingBody(type, at()), fromAddress());

    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(await collection(service, 'seat_claims').countDocuments()).toBe(before);
  });

  test.each([
    ['malformed JSON', '{"type": "ai-session",', /^The request was not understood: its body is not valid JSON\./],
    ['no name', JSON.stringify({ ...bookingBody('ai-session', new Date()), name: undefined }), /^name: is required$/],
    [
      'a bad e-mail',
      JSON.stringify({ ...bookingBody('ai-session', new Date()), email: 'nope' }),
      /^email: must be a valid e-mail address$/,
    ],
    [
      'an unknown plan',
      JSON.stringify({ ...bookingBody('ai-session', new Date()), type: 'massage' }),
      /^type: must be one of/,
    ],
    [
      'a date without a time',
      JSON.stringify({ ...bookingBody('ai-session', new Date()), scheduledAt: '2030-01-01' }),
      /^scheduledAt: must be an ISO date-time$/,
    ],
    [
      'an extra field',
      JSON.stringify({ ...bookingBody('ai-session', new Date()), admin: true }),
      /^admin: is not allowed$/,
    ],
    ['an array', '[]', /JSON object/],
  ])('when the body has %s, then the answer is 400 naming it', async (_what, body, message) => {
    const res = await postJson(bookUrl, body, fromAddress());
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  });

  test('when one address already holds 5 unpaid bookings, then a 6th is refused with 429 and Retry-After, and another address may still book', async () => {
    const { slots } = aiDays();
    const address = fromAddress('203.0.113.250');
    for (const slot of slots.slice(0, 5)) await book(service, 'ai-session', slot.startsAt, address);

    const refused = await postJson(bookUrl, bookingBody('ai-session', slots[5]!.startsAt), address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many unpaid bookings from here/);
    // The refused booking gave its seat back.
    expect((await postJson(bookUrl, bookingBody('ai-session', slots[5]!.startsAt), fromAddress())).status).toBe(200);
  });
});

describe('the booking horizon (6 months ahead on the practice’s calendar)', () => {
  const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
  /** The first day on or after `from` (or before it, stepping back) that is a given weekday, or any but Sunday. */
  const find = (from: string, step: 1 | -1, fits: (weekday: number) => boolean) => {
    let date = from;
    while (!fits(weekdayOf(date))) date = plusDays(date, step);
    return date;
  };
  const notSunday = (weekday: number) => weekday !== 0;
  const tuesday = (weekday: number) => weekday === 2;
  const horizon = () => {
    const last = horizonLastDay();
    return {
      last,
      lastAi: find(last, -1, notSunday),
      beyondAi: find(plusDays(last, 1), 1, notSunday),
      beyondTuesday: find(plusDays(last, 1), 1, tuesday),
    };
  };
  const farAway = { ai: '2999-03-02', tuesday: '2999-03-05' }; // a Saturday and a Tuesday

  test('when a day is past the horizon (the day after it, or in the year 2999), then availability shows it closed; the horizon’s last day is open', async () => {
    const { lastAi, beyondAi, beyondTuesday } = horizon();
    const closed = [
      ['ai-session', beyondAi],
      ['subscription', beyondAi],
      ['dr-helen', beyondTuesday],
      ['ai-session', farAway.ai],
      ['dr-helen', farAway.tuesday],
    ] as const;
    for (const [type, date] of closed) {
      expect([type, date, await availabilityOf(service, type, date)]).toEqual([
        type,
        date,
        { date, type, timeZone: 'America/New_York', open: false, slots: [] },
      ]);
    }
    const last = await availabilityOf(service, 'ai-session', lastAi);
    expect(last.open).toBe(true);
    expect(last.slots.map((s) => s.available)).toEqual([true, true, true, true, true, true]);
  });

  test.each([
    ['the first open day past the horizon', 'ai-session', () => slotOn(horizon().beyondAi)],
    ['a Tuesday past the horizon', 'dr-helen', () => slotOn(horizon().beyondTuesday)],
    ['a slot in the year 2999', 'ai-session', () => slotOn(farAway.ai)],
    ['a consultation in the year 2999', 'dr-helen', () => slotOn(farAway.tuesday)],
  ] as const)(
    'when the slot is %s, then the answer is 400 naming scheduledAt and nothing is stored',
    async (_what, type, at) => {
      const before = await collection(service, 'seat_claims').countDocuments();
      const res = await postJson(bookUrl, bookingBody(type, at()), fromAddress());

      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: `scheduledAt: sessions can be booked at most 6 months ahead, until ${horizon().last}`,
      });
      expect(await collection(service, 'seat_claims').countDocuments()).toBe(before);
    },
  );

  test('when the slot is the last of the horizon’s last open day, then it is booked', async () => {
    const id = await book(service, 'ai-session', slotOn(horizon().lastAi, '16:00'));
    expect((await sessionOf(service, id)).body).toMatchObject({ status: 'pending-payment' });
  });
});

describe('GET /api/session/:id', () => {
  test.each([
    ['an unknown id', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a malformed id', 'not-an-id'],
    ['an operator-looking id', '%7B%22%24gt%22%3A%22%22%7D'],
  ])('when it is %s, then the answer is 404 "Session not found"', async (_what, id) => {
    const res = await fetch(`${service.url}/api/session/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Session not found' });
  });
});

/** 09:00 on a Sunday ahead: five days after a Tuesday's first slot. */
function sundayAt9(): Date {
  return new Date(tuesdays().slots[0]!.startsAt.getTime() + 5 * 86_400_000);
}
