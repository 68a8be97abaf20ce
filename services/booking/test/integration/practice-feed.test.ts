// rpc.booking.v1.practice-feed against a real FerretDB and nats-server, asked as the practice service's own NATS
// user (its permissions come from the event catalogue): the confirmed sessions of the window and types asked, in
// order, each with the invite's UID and SEQUENCE and the visitor's first name only; a request that is not right is
// refused with the field named, whoever sent it; a service the catalogue does not name cannot ask.
import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectOptions } from '@hhp/kit';
import { PracticeFeedResponse, RpcSubjects } from '@hhp/proto';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';
import { collection, startBookingSuite, type BookingService, type BookingSuite } from './harness.js';

let suite: BookingSuite;
let service: BookingService;
let practice: NatsConnection;

/** A NATS connection as `user` would make it (its password, its own inbox prefix). */
async function connectAs(user: 'practice' | 'content'): Promise<NatsConnection> {
  const env = natsEnvFor(user);
  return connect(natsConnectOptions(env.NATS_URL!, { user: env.NATS_USER, password: env.NATS_PASSWORD }));
}

beforeAll(async () => {
  // The one booking instance on the server while the suite runs (booking's suites take turns): no other suite's
  // booking, with another database, answers these requests.
  suite = await startBookingSuite('feed');
  service = suite.service;
  practice = await connectAs('practice');
});

afterAll(async () => {
  await practice?.close();
  await suite?.stop();
});

type Reply = { ok: true; data: unknown } | { ok: false; status: number; message: string };

async function ask(payload: unknown, nc = practice): Promise<Reply> {
  return (await nc.request(RpcSubjects.practiceFeed, JSON.stringify(payload), { timeout: 3000 })).json<Reply>();
}

const HOUR = 3_600_000;
const base = Date.UTC(2031, 2, 4, 14); // a Tuesday, 9:00 in New York
let seq = 0;

/** A booking as booking stores it (written straight to its collection: the rpc's subject is what it reads). */
async function stored(fields: Record<string, unknown>) {
  const id = `feed${String(++seq).padStart(4, '0')}${randomBytes(12).toString('base64url')}`.slice(0, 24);
  await collection(service, 'bookings').insertOne({
    _id: id as never,
    type: 'dr-helen',
    priceCents: 40000,
    price: '400.00',
    durationMinutes: 90,
    scheduledAt: new Date(base),
    timeZone: 'America/New_York',
    name: 'Ada Lovelace',
    email: 'ada.lovelace@example.com',
    notes: 'My knee hurts since the fall.',
    status: 'confirmed',
    holdExpiresAt: new Date(base - 24 * HOUR),
    createdAt: new Date(base - 48 * HOUR),
    ...fields,
  });
  return id;
}

test('when practice asks for a window, then it gets the confirmed sessions of the types asked in it, in order, with the first name only', async () => {
  const later = await stored({
    scheduledAt: new Date(base + 7 * 24 * HOUR),
    name: '  Grace  Brewster Hopper ',
    sequence: 2,
  });
  const first = await stored({ scheduledAt: new Date(base), email: 'first@example.com' });
  await stored({ status: 'pending-payment', scheduledAt: new Date(base + HOUR) });
  await stored({ status: 'cancelled', scheduledAt: new Date(base + 2 * HOUR) });
  await stored({ status: 'expired', scheduledAt: new Date(base + 3 * HOUR) });
  await stored({ type: 'ai-session', durationMinutes: 60, scheduledAt: new Date(base + 4 * HOUR) });
  // Just outside the window, on either side (`to` itself is outside).
  await stored({ scheduledAt: new Date(base - 1000) });
  await stored({ scheduledAt: new Date(base + 14 * 24 * HOUR) });

  const reply = await ask({
    from: new Date(base).toISOString(),
    to: new Date(base + 14 * 24 * HOUR).toISOString(),
    types: ['dr-helen'],
  });
  expect(reply).toEqual({ ok: true, data: expect.anything() });
  const answer = PracticeFeedResponse.parse((reply as { data: unknown }).data);
  expect(answer).toEqual({
    timeZone: 'America/New_York',
    sessions: [
      {
        uid: `${first}@holistichealth.example`,
        type: 'dr-helen',
        title: 'Dr. Helen Consultation',
        startsAt: new Date(base).toISOString(),
        durationMinutes: 90,
        visitor: 'Ada',
        sequence: 0,
      },
      {
        uid: `${later}@holistichealth.example`,
        type: 'dr-helen',
        title: 'Dr. Helen Consultation',
        startsAt: new Date(base + 7 * 24 * HOUR).toISOString(),
        durationMinutes: 90,
        visitor: 'Grace',
        sequence: 2,
      },
    ],
  });
  // Nothing else of the visitor's leaves booking: no address, no surname, no notes.
  const raw = JSON.stringify(reply);
  for (const secret of ['@example.com', 'Lovelace', 'Hopper', 'Brewster', 'knee'])
    expect([secret, raw.includes(secret)]).toEqual([secret, false]);

  const both = await ask({
    from: new Date(base).toISOString(),
    to: new Date(base + 14 * 24 * HOUR).toISOString(),
    types: ['dr-helen', 'ai-session'],
  });
  expect(PracticeFeedResponse.parse((both as { data: unknown }).data).sessions.map((s) => s.type)).toEqual([
    'dr-helen',
    'ai-session',
    'dr-helen',
  ]);
});

test('when the request is not right, then booking refuses it with the field named, whoever sent it', async () => {
  const from = new Date(base).toISOString();
  const cases: [unknown, RegExp][] = [
    [{ from, to: from, types: ['dr-helen'] }, /^to: must be after from$/],
    [
      { from, to: new Date(base + 367 * 24 * HOUR).toISOString(), types: ['dr-helen'] },
      /^to: must be at most 366 days after from$/,
    ],
    [{ from, to: 'tomorrow', types: ['dr-helen'] }, /^to: must be an ISO date-time/],
    [{ from, to: new Date(base + HOUR).toISOString(), types: [] }, /^types/],
    [{ from, to: new Date(base + HOUR).toISOString(), types: ['massage'] }, /^types/],
    [{ from, to: new Date(base + HOUR).toISOString(), types: ['dr-helen'], email: 'x@example.com' }, /email/],
  ];
  for (const [payload, message] of cases) {
    const reply = await ask(payload);
    expect(reply).toMatchObject({ ok: false, status: 400 });
    expect([payload, (reply as { message: string }).message]).toEqual([payload, expect.stringMatching(message)]);
  }
});

test('when a service the catalogue does not name asks, then NATS does not let the request through', async () => {
  const content = await connectAs('content');
  try {
    await expect(
      ask(
        { from: new Date(base).toISOString(), to: new Date(base + HOUR).toISOString(), types: ['dr-helen'] },
        content,
      ),
    ).rejects.toThrow();
  } finally {
    await content.close();
  }
});
