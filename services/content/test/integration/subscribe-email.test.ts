import { randomUUID } from 'node:crypto';
import { MAX_JSON_BODY_BYTES, Subjects } from '@hhp/proto';
import { eventsOn, eventually, postJson, sleep, startContent, uniqueDb, type ContentService } from './harness.js';

let service: ContentService;
let url: string;

const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const subscribers = () => service.mongo.connection.db!.collection('subscribers');
const eventsFor = async (email: string) =>
  (await eventsOn(Subjects.emailSubscribed)).filter((event) => event.data.email === email);

beforeAll(async () => {
  service = await startContent(uniqueDb('subscribe'));
  url = `${service.url}/api/subscribe-email`;
});

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await service.close();
});

describe('POST /api/subscribe-email', () => {
  test('when a new address subscribes, then it is stored normalised and one email.v1.subscribed event says exactly who and where', async () => {
    const email = address('New.Visitor');
    const res = await postJson(url, { email: `  ${email.toUpperCase()} `, source: 'footer' });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Subscribed' });
    const stored = await subscribers().findOne({ email: email.toLowerCase() });
    expect(stored).toMatchObject({ email: email.toLowerCase(), source: 'footer' });
    const events = await eventually(
      'the event',
      () => eventsFor(email.toLowerCase()),
      (e) => e.length > 0,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({
      id: expect.any(String),
      type: Subjects.emailSubscribed,
      occurredAt: expect.any(String),
      data: { email: email.toLowerCase(), source: 'footer' },
    });
    // Published, so no longer pending on the document.
    await eventually(
      'the outbox emptied',
      () => subscribers().findOne({ email: email.toLowerCase() }),
      (d) => d?.outbox?.length === 0,
    );
  }, 20_000);

  test('when the source is left out, then it is "hero"', async () => {
    const email = address('hero');
    expect((await postJson(url, { email })).status).toBe(200);
    expect(await subscribers().findOne({ email })).toMatchObject({ source: 'hero' });
  });

  test('when an address subscribes again, then the answer is identical and nothing changes', async () => {
    const email = address('again');
    const first = await postJson(url, { email, source: 'hero' });
    const second = await postJson(url, { email: email.toUpperCase(), source: 'booking' });

    expect(second.status).toBe(first.status);
    expect(await second.json()).toEqual(await first.json());
    expect(await subscribers().countDocuments({ email })).toBe(1);
    expect(await subscribers().findOne({ email })).toMatchObject({ source: 'hero' });
  });

  test('when the same address is sent 20 times at once, then one record is stored and exactly one event is published', async () => {
    const email = address('burst');
    const responses = await Promise.all(Array.from({ length: 20 }, () => postJson(url, { email, source: 'hero' })));

    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(await subscribers().countDocuments({ email })).toBe(1);
    await eventually(
      'the event',
      () => eventsFor(email),
      (e) => e.length > 0,
    );
    // Longer than the relay's interval: a second publish would have arrived by now.
    await sleep(1500);
    expect(await eventsFor(email)).toHaveLength(1);
  }, 20_000);

  const marker = 'bad-input@example.com';
  test.each([
    [
      'malformed JSON',
      '{"email": "bad-input@example.com",',
      {},
      400,
      /^The request was not understood: its body is not valid JSON\. Please reload the page and try again\.$/,
    ],
    [
      'a form-encoded body',
      `email=${marker}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
      /application\/json/,
    ],
    [
      'an oversized body',
      JSON.stringify({ email: marker, source: 'hero', pad: 'x'.repeat(MAX_JSON_BODY_BYTES) }),
      {},
      413,
      /too large/,
    ],
    ['an operator instead of an address', JSON.stringify({ email: { $gt: '' } }), {}, 400, /^email: must be a string/],
    ['no email', JSON.stringify({ source: 'hero' }), {}, 400, /^email: is required$/],
    [
      'an invalid address',
      JSON.stringify({ email: 'not-an-address' }),
      {},
      400,
      /email: must be a valid e-mail address/,
    ],
    [
      'an unknown source',
      JSON.stringify({ email: marker, source: 'popup' }),
      {},
      400,
      /^source: must be one of hero, footer, condition, booking$/,
    ],
    ['an unknown field', JSON.stringify({ email: marker, admin: true }), {}, 400, /^admin: is not allowed$/],
    [
      'an array',
      JSON.stringify([{ email: marker }]),
      {},
      400,
      /^The request was not understood: its body must be a JSON object\. Please reload the page and try again\.$/,
    ],
  ])(
    'when the request has %s, then it is refused with a clear message and nothing is stored',
    async (_what, body, headers, status, message) => {
      const before = await subscribers().countDocuments();
      const res = await postJson(url, body, headers);

      expect(res.status).toBe(status);
      const answer = (await res.json()) as { message: string };
      expect(answer.message).toMatch(message);
      expect(await subscribers().countDocuments()).toBe(before);
      expect(await subscribers().countDocuments({ email: marker })).toBe(0);
    },
  );
});
