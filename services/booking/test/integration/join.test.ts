// The join link of an AI Avatar Session: the token, the window (bookings placed around the real clock), the
// pass cookie and its one browser. Bookings are written straight into the collection, confirmed, at the times
// a test needs (the booking screens only offer future slots on the hour).
import { randomBytes } from 'node:crypto';
import { SESSION_PASS_COOKIE } from '@hhp/proto';
import { readSessionPass, sessionJoinToken, verifySessionPass } from '@hhp/kit';
import { sessionJoinLink } from '../../src/join/join-link.js';
import {
  collection,
  postJson,
  sessionOf,
  startBooking,
  startBookingSuite,
  stopBooking,
  uniqueDb,
  type BookingService,
  type BookingSuite,
} from './harness.js';

const SECRET = 'the-session-pass-secret-of-the-join-tests-000';
const MINUTE = 60_000;

let suite: BookingSuite;
let service: BookingService;

beforeAll(async () => {
  suite = await startBookingSuite('join', { SESSION_PASS_SECRET: SECRET });
  service = suite.service;
});

afterAll(() => suite?.stop());

/** A booking that starts `startsInMinutes` from now (negative: began that long ago). */
async function placeBooking(startsInMinutes: number, extra: Record<string, unknown> = {}): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const now = new Date();
  await collection(service, 'bookings').insertOne({
    _id: id as never,
    type: 'ai-session',
    priceCents: 900,
    price: '9.00',
    durationMinutes: 60,
    scheduledAt: new Date(Date.now() + startsInMinutes * MINUTE),
    timeZone: 'America/New_York',
    name: 'Ada Visitor',
    email: 'ada@example.com',
    notes: '',
    status: 'confirmed',
    holdExpiresAt: now,
    createdAt: now,
    confirmedAt: now,
    ...extra,
  });
  return id;
}

const join = (id: string, token = sessionJoinToken(id, SECRET), headers: Record<string, string> = {}) =>
  postJson(`${service.url}/api/session/${id}/join`, { token }, headers);

/** The pass cookie a response set: its value and attributes. */
function passOf(res: Response) {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_PASS_COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';').map((s) => s.trim());
  return { value: pair!.slice(SESSION_PASS_COOKIE.length + 1), attributes };
}
const withPass = (value: string) => ({ cookie: `${SESSION_PASS_COOKIE}=${value}` });

describe('POST /api/session/:id/join', () => {
  test('when the session starts in 5 minutes, then it is active and this browser gets a pass until its end', async () => {
    const id = await placeBooking(5);
    const before = Date.now();
    const res = await join(id);

    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; endsAt: string };
    expect(body.status).toBe('active');
    const endsAt = Date.parse(body.endsAt);
    expect(endsAt).toBeGreaterThanOrEqual(before + 65 * MINUTE - 1000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 65 * MINUTE);
    const pass = passOf(res)!;
    expect(pass.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(pass.attributes).not.toContain('Secure');
    const maxAge = Number(pass.attributes.find((a) => a.startsWith('Max-Age='))!.slice('Max-Age='.length));
    expect(maxAge).toBeGreaterThan(64 * 60);
    expect(maxAge).toBeLessThanOrEqual(65 * 60);
    const verified = verifySessionPass(pass.value, SECRET);
    expect(verified).toMatchObject({ bookingId: id, notAfter: Math.ceil(endsAt / 1000) * 1000 });
    expect(verified!.notBefore).toBeLessThanOrEqual(Date.now());
  });

  test('when the request came over https through the proxy, then the pass is Secure', async () => {
    const res = await join(await placeBooking(0), undefined, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(passOf(res)!.attributes).toContain('Secure');
  });

  test('when it is more than 10 minutes before the start, then it says when to come back, and gives no pass', async () => {
    const id = await placeBooking(30);
    const { body: session } = await sessionOf(service, id);
    const res = await join(id);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'early',
      startsAt: new Date(Date.parse(session.scheduledAt as string) - 10 * MINUTE).toISOString(),
      timeZone: 'America/New_York',
    });
    expect(passOf(res)).toBeUndefined();
  });

  test('when the session has ended, then it says so, and gives no pass', async () => {
    const res = await join(await placeBooking(-61));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ended' });
    expect(passOf(res)).toBeUndefined();
  });

  test('when the session is in its last minute, then it is still active', async () => {
    const res = await join(await placeBooking(-59));
    expect(await res.json()).toMatchObject({ status: 'active' });
  });

  test.each([
    ['another booking’s token', (id: string) => sessionJoinToken(`${id.slice(1)}x`, SECRET)],
    ['a token of another secret', (id: string) => sessionJoinToken(id, 'another-secret-that-is-long-enough-0000000')],
    ['a changed character', (id: string) => sessionJoinToken(id, SECRET).replace(/^./, (c) => (c === 'x' ? 'y' : 'x'))],
  ])('when the token is %s, then 403 and no pass', async (_name, tokenOf) => {
    const id = await placeBooking(5);
    const res = await join(id, tokenOf(id));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: expect.stringContaining('not valid') });
    expect(passOf(res)).toBeUndefined();
  });

  test('when the body has no token, then 400 naming it', async () => {
    const res = await postJson(`${service.url}/api/session/${await placeBooking(5)}/join`, {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/token/);
  });

  test('when the booking is unknown, or not an AI Avatar Session, then 404', async () => {
    const unknown = randomBytes(18).toString('base64url');
    expect((await join(unknown)).status).toBe(404);
    expect((await join(await placeBooking(5, { type: 'dr-helen', durationMinutes: 90 }))).status).toBe(404);
  });

  test('when the booking is not confirmed, then 409', async () => {
    const res = await join(
      await placeBooking(5, { status: 'pending-payment', holdExpiresAt: new Date(Date.now() + 600_000) }),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'This session is not confirmed.' });
  });

  test('when a second browser follows the same link, then it is refused, while the first rejoins with its pass', async () => {
    const id = await placeBooking(5);
    const first = passOf(await join(id))!;

    const second = await join(id);
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ message: 'This session is already open in another browser.' });
    expect(passOf(second)).toBeUndefined();

    const again = await join(id, undefined, withPass(first.value));
    expect(again.status).toBe(200);
    expect(readSessionPass(passOf(again)!.value, SECRET)!.browserId).toBe(
      readSessionPass(first.value, SECRET)!.browserId,
    );
  });

  test('when a browser brings the pass of another booking, then it is another browser for this one', async () => {
    const [a, b] = [await placeBooking(5), await placeBooking(5)];
    const passA = passOf(await join(a))!;
    expect((await join(b)).status).toBe(200); // b is claimed by a browser without a's pass
    expect((await join(b, undefined, withPass(passA.value))).status).toBe(409);
  });

  test('when many browsers follow the link at once, then exactly one gets the pass', async () => {
    const id = await placeBooking(5);
    const responses = await Promise.all(Array.from({ length: 8 }, () => join(id)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  });

  test('when the session is read by its id, then no join token is in it', async () => {
    const id = await placeBooking(5);
    const { body } = await sessionOf(service, id);
    expect(JSON.stringify(body)).not.toContain(sessionJoinToken(id, SECRET));
  });
});

describe('the join link', () => {
  test('when the booking is a confirmed AI Avatar Session, then its link carries the id and the token', () => {
    const link = sessionJoinLink(
      { _id: 'A'.repeat(24), type: 'ai-session', status: 'confirmed' },
      { publicUrl: 'https://portal.example/', secret: SECRET },
    );
    expect(link).toBe(
      `https://portal.example/join?booking=${'A'.repeat(24)}&token=${sessionJoinToken('A'.repeat(24), SECRET)}`,
    );
  });

  test.each([
    ['another plan', { type: 'dr-helen', status: 'confirmed' }, SECRET],
    ['an unpaid booking', { type: 'ai-session', status: 'pending-payment' }, SECRET],
    ['no secret', { type: 'ai-session', status: 'confirmed' }, undefined],
  ] as const)('when it is %s, then there is no link', (_name, booking, secret) => {
    expect(
      sessionJoinLink({ _id: 'A'.repeat(24), ...booking }, { publicUrl: 'https://portal.example', secret }),
    ).toBeUndefined();
  });
});

describe('without SESSION_PASS_SECRET', () => {
  test('when a link is followed, then 503 and no pass', async () => {
    const bare = await startBooking(uniqueDb('join-bare'));
    try {
      const res = await postJson(`${bare.url}/api/session/${'A'.repeat(24)}/join`, { token: 'x' });
      expect(res.status).toBe(503);
      expect(passOf(res)).toBeUndefined();
    } finally {
      await stopBooking(bare);
    }
  });
});
