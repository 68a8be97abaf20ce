// The calendar feed end to end against real FerretDB, NATS, Mailpit and the booking service (its bookings, its
// rpc.booking.v1.practice-feed): a staff member makes her feed in the console, a calendar application fetches it
// without a session and reads it (ical.js); a new feed or a revocation stops the old address at once; any secret
// that opens no live feed is one 404; nothing in it is a visitor's e-mail address, surname or notes; fetches are
// limited per address.
import { randomBytes } from 'node:crypto';
import { CalendarFeedCreated, CalendarFeedStatus } from '@hhp/proto';
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { collection, type BookingService } from '../../../booking/test/integration/harness.js';
import { parseCalendar } from '../../../booking/test/integration/ical.js';
import {
  address,
  firstAdmin,
  startConsoleWithBooking,
  startPractice,
  uniqueDb,
  type ConsoleClient,
  type ConsoleWithBooking,
  type PracticeService,
} from './harness.js';

const DAY = 86_400_000;
const NO_FEED = { message: 'There is no calendar feed at this address.' };

let stack: ConsoleWithBooking;
let mailpit: Mailpit;
let booking: BookingService;
let service: PracticeService;
let admin: ConsoleClient;
let practitioner: ConsoleClient;
let practitionerId: string;
/** Services a test starts beside the stack's. */
const running: PracticeService[] = [];

/** A booking as booking stores it, `days` from now (whole hours, UTC). */
async function stored(days: number, fields: Record<string, unknown> = {}) {
  const id = randomBytes(18).toString('base64url');
  const at = new Date(Math.floor((Date.now() + days * DAY) / 3_600_000) * 3_600_000);
  await collection(booking, 'bookings').insertOne({
    _id: id as never,
    type: 'dr-helen',
    priceCents: 40000,
    price: '400.00',
    durationMinutes: 90,
    scheduledAt: at,
    timeZone: 'America/New_York',
    name: 'Ada Lovelace',
    email: 'ada.lovelace@example.com',
    notes: 'Migraines since the accident.',
    status: 'confirmed',
    holdExpiresAt: new Date(at.getTime() - DAY),
    createdAt: new Date(at.getTime() - 2 * DAY),
    ...fields,
  });
  return { id, at };
}

/** A calendar application: no cookie, no Origin. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { 'user-agent': 'Google-Calendar-Importer', ...headers } });

/** The feed's address on the service under test (the address it gave names the portal's PUBLIC_URL). */
const onService = (url: string, on = service) => `${on.url}${new URL(url).pathname}`;

async function makeFeed(client: ConsoleClient): Promise<CalendarFeedCreated> {
  const res = await client.post('/api/practice/feed');
  expect(res.status).toBe(200);
  return CalendarFeedCreated.parse(await res.json());
}

let consultation: { id: string; at: Date };
let earlier: { id: string; at: Date };

beforeAll(async () => {
  stack = await startConsoleWithBooking('feed');
  ({ mailpit, booking, practice: service, admin, practitioner, practitionerId } = stack);

  consultation = await stored(9, { name: 'Grace Brewster Hopper', sequence: 1 });
  earlier = await stored(-3);
  await stored(12, { status: 'cancelled' });
  await stored(13, { status: 'pending-payment' });
  await stored(14, { type: 'ai-session', durationMinutes: 60, priceCents: 900, price: '9.00' });
  await stored(-40);
  await stored(200);
});

afterAll(async () => {
  for (const one of running) {
    await one.mongo.connection.dropDatabase();
    await one.close();
  }
  await stack?.stop();
});

test('when a practitioner makes her feed, then a calendar reads her confirmed consultations from it without a session, and nothing else of the visitors', async () => {
  expect(await (await practitioner.get('/api/practice/feed')).json()).toEqual({ feed: null });

  const created = await makeFeed(practitioner);
  expect(created.url).toMatch(/^http:\/\/localhost:8080\/api\/practice\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(created.webcalUrl).toBe(created.url.replace(/^http:/, 'webcal:'));
  // The status says when, never the secret.
  const status = await practitioner.get('/api/practice/feed');
  const shown = CalendarFeedStatus.parse(await status.json());
  expect(shown.feed).toEqual({ createdAt: created.createdAt });
  expect(JSON.stringify(shown)).not.toContain(new URL(created.url).pathname.split('/').pop()!.replace('.ics', ''));

  const res = await fetchFeed(onService(created.url));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('private, max-age=300');
  expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  const body = await res.text();
  const calendar = parseCalendar(body);
  expect(calendar.method).toBe('PUBLISH');
  expect(calendar.property('X-WR-TIMEZONE')).toBe('America/New_York');
  expect(calendar.property('X-WR-CALNAME')).toBe('Holistic Health Portal: consultations');
  // The window: 30 days back to 180 ahead; only confirmed consultations; in order; the invites' UID and SEQUENCE.
  expect(calendar.events).toEqual([
    expect.objectContaining({
      uid: `${earlier.id}@holistichealth.example`,
      sequence: 0,
      summary: 'Dr. Helen Consultation: Ada',
      status: 'CONFIRMED',
      start: earlier.at,
      end: new Date(earlier.at.getTime() + 90 * 60_000),
      startZone: 'UTC',
    }),
    expect.objectContaining({
      uid: `${consultation.id}@holistichealth.example`,
      sequence: 1,
      summary: 'Dr. Helen Consultation: Grace',
      start: consultation.at,
      startZone: 'UTC',
    }),
  ]);
  for (const secret of ['@example.com', 'Lovelace', 'Hopper', 'Brewster', 'Migraines'])
    expect([secret, body.includes(secret)]).toEqual([secret, false]);

  const fetched = CalendarFeedStatus.parse(await (await practitioner.get('/api/practice/feed')).json());
  expect(fetched.feed?.lastFetchedAt).toEqual(expect.any(String));
});

test('when she makes a new feed, then the old address answers 404 at once; when she revokes it, so does the new one', async () => {
  const first = await makeFeed(practitioner);
  expect((await fetchFeed(onService(first.url))).status).toBe(200);
  const second = await makeFeed(practitioner);
  const replaced = await fetchFeed(onService(first.url));
  expect([replaced.status, await replaced.json()]).toEqual([404, NO_FEED]);
  expect((await fetchFeed(onService(second.url))).status).toBe(200);

  const revoked = await practitioner.call('DELETE', '/api/practice/feed', {});
  expect([revoked.status, await revoked.json()]).toEqual([200, { message: 'Revoked' }]);
  const gone = await fetchFeed(onService(second.url));
  expect([gone.status, await gone.json()]).toEqual([404, NO_FEED]);
  expect(await (await practitioner.get('/api/practice/feed')).json()).toEqual({ feed: null });

  // The audit log has both actions, with who; the admin reads it.
  const { entries } = (await (await admin.get('/api/practice/audit?limit=20')).json()) as {
    entries: { action: string; staffId?: string }[];
  };
  const hers = entries.filter((e) => e.staffId === practitionerId).map((e) => e.action);
  expect(hers).toEqual(expect.arrayContaining(['calendar-feed-created', 'calendar-feed-revoked']));
  // A fetch is no staff action: none is logged.
  expect(entries.some((e) => /fetch/.test(e.action))).toBe(false);
});

test('when a secret opens no live feed (unknown, malformed, revoked, its owner revoked), then the answer is the same 404', async () => {
  const mine = await makeFeed(admin);
  const theirs = await makeFeed(practitioner);
  expect((await fetchFeed(onService(theirs.url))).status).toBe(200);
  // Each staff member's feed is her own: making hers did not touch the admin's.
  expect((await fetchFeed(onService(mine.url))).status).toBe(200);

  const revokedStaff = await admin.post(`/api/practice/staff/${practitionerId}/revoke`);
  expect(revokedStaff.status).toBe(200);
  const addresses = [
    onService(theirs.url),
    `${service.url}/api/practice/feed/${randomBytes(32).toString('base64url')}.ics`,
    `${service.url}/api/practice/feed/not-a-secret.ics`,
    `${service.url}/api/practice/feed/${'A'.repeat(500)}.ics`,
  ];
  for (const url of addresses) {
    const res = await fetchFeed(url);
    expect([url, res.status, await res.json()]).toEqual([url, 404, NO_FEED]);
  }
  expect((await fetchFeed(onService(mine.url))).status).toBe(200);
});

test('when one address fetches feeds too often, known secrets or not, then 429 with Retry-After until the next window', async () => {
  const email = address('feed-limit-admin');
  const limited = await startPractice(uniqueDb('feed-limit'), {
    SMTP_URL: mailpit.smtpUrl,
    PRACTICE_FIRST_ADMIN_EMAIL: email,
    PRACTICE_FEED_FETCHES_PER_ADDRESS: '3',
  });
  running.push(limited);
  const client = (await firstAdmin(limited, mailpit, email)).client;
  const feed = await makeFeed(client);
  const from = { 'x-forwarded-for': '203.0.113.9' };
  const unknown = `${limited.url}/api/practice/feed/${randomBytes(32).toString('base64url')}.ics`;
  const statuses = [];
  for (const url of [unknown, unknown, onService(feed.url, limited), onService(feed.url, limited)])
    statuses.push((await fetchFeed(url, from)).status);
  expect(statuses).toEqual([404, 404, 200, 429]);
  const refused = await fetchFeed(onService(feed.url, limited), from);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await refused.json()).message).toBe('Too many calendar feed requests from here. Please try again later.');
  // Another address is not held back; the next window lets this one in again.
  expect((await fetchFeed(onService(feed.url, limited), { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
  limited.clock.advance(60 * 60_000);
  expect((await fetchFeed(onService(feed.url, limited), from)).status).toBe(200);
});

test('when booking does not answer, then the feed is 503 with Retry-After, and nothing is cached', async () => {
  const feed = await makeFeed(admin);
  await booking.mongo.connection.dropDatabase();
  await booking.close();
  const res = await fetchFeed(onService(feed.url));
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('60');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(await res.json()).toEqual({ message: 'The calendar feed cannot be read right now. Please try again later.' });
});
