// A question nginx passes to a second replica because the first died before answering carries the same
// X-Proxy-Request-Id (nginx's own $request_id): the free question the first attempt took is the retry's,
// never a second one. Believed only from a trusted proxy.
import { ask, newGuestId, startAiQuery, storedCount, type AiQuery } from './harness.js';

const attemptId = () => `${newGuestId()}${newGuestId()}`.slice(0, 32);

describe('ai-query: a retried question is counted once', () => {
  // Two replicas on one quota bucket: nginx retries on the replica it did not try first.
  let first: AiQuery;
  let second: AiQuery;
  beforeAll(async () => {
    const QUOTA_BUCKET = `quota_test_${attemptId()
      .slice(0, 8)
      .replace(/[^A-Za-z0-9]/g, 'x')}`;
    first = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000', QUOTA_BUCKET });
    second = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000', QUOTA_BUCKET });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  test('when an attempt that took a question arrives at the other replica, then it is answered on the same slot', async () => {
    const guestId = newGuestId();
    const headers = { 'x-proxy-request-id': attemptId() };
    const answered = await ask(first, { query: 'Ginger?', guestId }, headers);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ queriesUsed: 1 });
    const again = await ask(second, { query: 'Ginger?', guestId }, headers, '/api/query-ai/stream');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('"queriesUsed":1');
    expect(await storedCount(first, `guest:${guestId}`)).toBe(1);
    // Another request of the same guest is a question of its own, on either replica.
    const next = await ask(second, { query: 'Turmeric?', guestId }, { 'x-proxy-request-id': attemptId() });
    expect(await next.json()).toMatchObject({ queriesUsed: 2 });
    expect(await storedCount(first, `guest:${guestId}`)).toBe(2);
  });

  test("when the guest's third question is retried after the first replica believed the counter full, then it is answered, and a fourth is refused", async () => {
    const guestId = newGuestId();
    for (let i = 0; i < 2; i++) {
      const res = await ask(first, { query: 'Sleep?', guestId }, { 'x-proxy-request-id': attemptId() });
      expect(res.status).toBe(200);
    }
    const third = { 'x-proxy-request-id': attemptId() };
    expect((await ask(first, { query: 'Sleep?', guestId }, third)).status).toBe(200);
    // The other replica has seen the guest refused (full, believed for a while), then the retry arrives.
    expect((await ask(second, { query: 'Sleep?', guestId }, { 'x-proxy-request-id': attemptId() })).status).toBe(429);
    const retried = await ask(second, { query: 'Sleep?', guestId }, third);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ queriesUsed: 3 });
    expect((await ask(first, { query: 'Sleep?', guestId }, { 'x-proxy-request-id': attemptId() })).status).toBe(429);
    expect(await storedCount(first, `guest:${guestId}`)).toBe(3);
  });

  test('when the header is malformed, then each request is a question of its own', async () => {
    const guestId = newGuestId();
    for (let i = 0; i < 2; i++) await ask(first, { query: 'Sleep?', guestId }, { 'x-proxy-request-id': 'short' });
    expect(await storedCount(first, `guest:${guestId}`)).toBe(2);
  });
});

describe('ai-query: X-Proxy-Request-Id from an untrusted peer', () => {
  let service: AiQuery;
  beforeAll(async () => {
    // The test's requests come from loopback, which is then not a trusted proxy.
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000', TRUSTED_PROXIES: '192.0.2.1' });
  });
  afterAll(() => service.close());

  test('when a visitor sends the same id twice, then both questions are counted', async () => {
    const guestId = newGuestId();
    const headers = { 'x-proxy-request-id': attemptId() };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await ask(service, { query: 'Sleep?', guestId }, headers)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
  });
});
