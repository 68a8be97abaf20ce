// Unpaid holds lapse: availability frees them at once, the sweeper expires them and says so once.
import { Subjects } from '@hhp/proto';
import { purgePastDays } from '../../src/holds/purge-past-days.js';
import { SeatClaims } from '../../src/slots/seat-claims.js';
import {
  availabilityOf,
  book,
  collection,
  eventsFor,
  eventually,
  openDays,
  plusDays,
  practiceToday,
  sessionOf,
  sleep,
  startBooking,
  stopBooking,
  takeConsumers,
  uniqueDb,
  type BookingService,
} from './harness.js';

/** 1.2 s */
const TINY_HOLD = { BOOKING_HOLD_MINUTES: '0.02' };
const days = openDays('ai-session', 30);
let giveBack: () => Promise<void>;
const running: BookingService[] = [];

beforeAll(async () => {
  giveBack = await takeConsumers();
});

afterEach(async () => {
  for (const service of running.splice(0)) await stopBooking(service);
});

afterAll(async () => {
  await giveBack?.();
});

async function start(db: string, env: Record<string, string>) {
  const service = await startBooking(db, env);
  running.push(service);
  return service;
}

test('when a hold lapses and the sweeper has not run yet, then its slot is free again and the session reads expired', async () => {
  const service = await start(uniqueDb('lapse'), { ...TINY_HOLD, HOLD_SWEEP_INTERVAL_MS: '3600000' });
  const { date, slots } = days();
  const id = await book(service, 'ai-session', slots[0]!.startsAt);
  expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(false);

  await sleep(1500);

  expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(true);
  const { body } = await sessionOf(service, id);
  expect(body.status).toBe('expired');
  expect(body).not.toHaveProperty('holdExpiresAt');
  // Still pending in the database (nobody swept), yet the slot can be booked by someone else.
  expect(await collection(service, 'bookings').findOne({ _id: id as never })).toMatchObject({
    status: 'pending-payment',
  });
  const next = await book(service, 'subscription', slots[0]!.startsAt);
  expect((await sessionOf(service, next)).body.status).toBe('pending-subscription');
  expect(
    await collection(service, 'seat_claims').countDocuments({
      kind: 'claim',
      key: `ai|${slots[0]!.startsAt.toISOString()}`,
    }),
  ).toBe(2);
});

test('when two replicas sweep the same lapsed holds, then each booking expires once, its slot is free and booking.v1.expired is published once', async () => {
  const db = uniqueDb('sweep');
  const env = { ...TINY_HOLD, HOLD_SWEEP_INTERVAL_MS: '100' };
  const [a, b] = [await start(db, env), await start(db, env)];
  const { date, slots } = days();
  const ids = [];
  for (const slot of slots) ids.push(await book(slot.time < '12' ? a : b, 'ai-session', slot.startsAt));

  for (const id of ids) {
    await eventually(
      `booking ${id} expired`,
      () => collection(a, 'bookings').findOne({ _id: id as never }),
      (doc) => doc?.status === 'expired',
    );
  }
  await eventually(
    'every expiry published',
    async () => (await Promise.all(ids.map((id) => eventsFor(Subjects.bookingExpired, id)))).map((e) => e.length),
    (counts) => counts.every((n) => n > 0),
  );
  // Longer than both relays' passes and several sweeps: a second publish would have arrived by now.
  await sleep(1500);

  for (const id of ids) {
    const events = await eventsFor(Subjects.bookingExpired, id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: `booking-expired:${id}`,
      type: Subjects.bookingExpired,
      data: { bookingId: id, type: 'ai-session' },
    });
  }
  expect((await availabilityOf(a, 'ai-session', date)).slots.every((s) => s.available)).toBe(true);
  const fates = await collection(a, 'seat_claims').find({ kind: 'fate', fate: 'released' }).toArray();
  expect(new Set(fates.map((f) => f.claim)).size).toBe(fates.length);
  const metrics = await Promise.all([a, b].map(async (s) => (await fetch(`${s.url}/metrics`)).text()));
  const expired = metrics.map((text) => Number(/^booking_expired_total(?:\{[^}]*\})? (\d+)/m.exec(text)?.[1] ?? 0));
  expect(expired[0]! + expired[1]!).toBeGreaterThanOrEqual(slots.length);
}, 30_000);

test("when the purge of past days runs, then the claims of days before yesterday's yesterday go and a coming day's stay taken", async () => {
  const service = await start(uniqueDb('purge'), { HOLD_SWEEP_INTERVAL_MS: '3600000' });
  const { date, slots } = days();
  await book(service, 'ai-session', slots[0]!.startsAt);
  const claims = collection(service, 'seat_claims');
  // A past week as a busy practice leaves it: claims and fates of days that can no longer be booked.
  // Counted back from the practice's today, not UTC's: in the evening in New York UTC is already tomorrow.
  const past = Array.from({ length: 7 }, (_, i) => plusDays(practiceToday(), -(i + 3)));
  await claims.insertMany(
    past.flatMap((day) => [
      {
        _id: `ai|${day}T14:00:00.000Z|0|0`,
        kind: 'claim',
        group: `ai|${day}`,
        day,
        key: `ai|${day}T14:00:00.000Z`,
        seat: 0,
        round: 0,
        holder: 'old',
        expiresAt: new Date(0),
        createdAt: new Date(0),
      },
      {
        _id: `fate|ai|${day}T14:00:00.000Z|0|0`,
        kind: 'fate',
        group: `ai|${day}`,
        day,
        claim: `ai|${day}T14:00:00.000Z|0|0`,
        fate: 'kept',
        at: new Date(0),
      },
    ]) as never[],
  );

  const purged = await purgePastDays({
    claims: new SeatClaims(service.mongo.connection),
    rules: { timeZone: service.config.PRACTICE_TIME_ZONE } as never,
    logger: service.logger,
  });

  expect(purged).toBe(14);
  expect(await claims.countDocuments({ day: { $in: past } } as never)).toBe(0);
  expect((await availabilityOf(service, 'ai-session', date)).slots[0]!.available).toBe(false);
  expect(await claims.countDocuments({})).toBeGreaterThanOrEqual(1);
});
