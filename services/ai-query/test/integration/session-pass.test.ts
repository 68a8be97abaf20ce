// The AI Avatar Session's pass (booking signs it when the join link is followed inside the session's window):
// its holder asks without counting while the window holds now; a pass that is tampered, of another secret, of
// another booking or outside its window counts for nothing, and the guest's free counters apply.
import { signSessionPass } from '@hhp/kit';
import { SESSION_PASS_COOKIE } from '@hhp/proto';
import { ask, newGuestId, parseSse, startAiQuery, storedCount, type AiQuery } from './harness.js';

const PASS_SECRET = 'the-session-pass-secret-of-ai-query-tests-0';
const MINUTE = 60_000;
const BOOKING = 'A'.repeat(24);

/** A pass whose window runs from `fromMinutes` to `toMinutes` around now. */
function passCookie(fromMinutes: number, toMinutes: number, { secret = PASS_SECRET, bookingId = BOOKING } = {}) {
  const now = Date.now();
  const value = signSessionPass(
    { bookingId, browserId: 'browser-1', notBefore: now + fromMinutes * MINUTE, notAfter: now + toMinutes * MINUTE },
    secret,
  );
  return { cookie: `${SESSION_PASS_COOKIE}=${value}` };
}

describe('ai-query: the session pass', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000', SESSION_PASS_SECRET: PASS_SECRET });
  });
  afterAll(() => service.close());

  test('when a pass holder asks inside the window, then more than 3 questions are answered and none is counted', async () => {
    const guestId = newGuestId();
    const headers = passCookie(-5, 55);
    for (let i = 0; i < 5; i++) {
      const res = await ask(service, { query: `Herbs for sleep, question ${i + 1}?`, guestId }, headers);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ queriesUsed: 0, isSubscriber: false, sessionPass: { endsAt: expect.any(String) } });
      expect(
        Math.abs(Date.parse((body.sessionPass as { endsAt: string }).endsAt) - (Date.now() + 55 * MINUTE)),
      ).toBeLessThan(5000);
    }
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
    const quota = await fetch(`${service.url}/api/quota?guestId=${guestId}`, { headers });
    expect(await quota.json()).toMatchObject({
      queriesUsed: 0,
      isSubscriber: false,
      sessionPass: { endsAt: expect.any(String) },
    });
    // Without the pass, the same browser is a guest with all its free questions.
    const bare = await fetch(`${service.url}/api/quota?guestId=${guestId}`);
    expect(await bare.json()).toEqual({ queriesUsed: 0, queriesAllowed: 3, isSubscriber: false });
  });

  test('when a pass holder asks on the stream, then its meta carries the pass and nothing is counted', async () => {
    const guestId = newGuestId();
    const res = await ask(
      service,
      { query: 'Ginger for nausea?', guestId },
      passCookie(-1, 30),
      '/api/query-ai/stream',
    );
    expect(res.status).toBe(200);
    const [meta] = parseSse(await res.text());
    expect(meta).toEqual([
      'meta',
      expect.objectContaining({ queriesUsed: 0, sessionPass: { endsAt: expect.any(String) } }),
    ]);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test.each([
    ['before its window', () => passCookie(5, 65)],
    ['after its window', () => passCookie(-70, -10)],
    ['of another secret', () => passCookie(-5, 55, { secret: 'another-secret-that-is-long-enough-0000000' })],
    [
      'of another booking (the booking id changed)',
      () => ({ cookie: passCookie(-5, 55).cookie.replace(BOOKING, 'B'.repeat(24)) }),
    ],
    [
      'with a later end (tampered)',
      () => ({
        cookie: passCookie(-5, 0.1).cookie.replace(
          /\.(\d+)\.([^.]+)$/,
          (_m, end: string, sig: string) => `.${Number(end) + 3600}.${sig}`,
        ),
      }),
    ],
    ['garbage', () => ({ cookie: `${SESSION_PASS_COOKIE}=garbage` })],
  ])('when the pass is %s, then the free counters apply: the 4th question is refused', async (_name, headersOf) => {
    const guestId = newGuestId();
    const headers = headersOf();
    for (let used = 1; used <= 3; used++) {
      const res = await ask(service, { query: 'Turmeric for joints?', guestId }, headers);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ queriesUsed: used, isSubscriber: false });
      expect(body.sessionPass).toBeUndefined();
    }
    expect((await ask(service, { query: 'One more?', guestId }, headers)).status).toBe(429);
    const quota = await fetch(`${service.url}/api/quota?guestId=${guestId}`, { headers });
    expect(await quota.json()).toEqual({ queriesUsed: 3, queriesAllowed: 3, isSubscriber: false });
  });
});

describe('ai-query without SESSION_PASS_SECRET', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000' });
  });
  afterAll(() => service.close());

  test('when a genuine pass is sent, then it is not honoured', async () => {
    const res = await ask(service, { query: 'Hello', guestId: newGuestId() }, passCookie(-5, 55));
    expect(await res.json()).toMatchObject({ queriesUsed: 1, isSubscriber: false });
  });
});
