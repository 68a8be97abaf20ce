// The database stops answering (a frozen server, a full disk, a network partition): the operations are held
// until the test lets them through. Every answer below arrives while they are still held, so none of them
// waited for the database.
import { jest } from '@jest/globals';
import { signSubscriberCookie } from '@hhp/kit';
import { SUBSCRIBER_COOKIE } from '@hhp/proto';
import { COOKIE_SECRET, ask, newGuestId, startAiQuery, storedCount, type AiQuery } from './harness.js';

type Method = 'insertMany' | 'insertOne' | 'countDocuments' | 'findOne' | 'deleteMany';

describe('ai-query when the database does not answer', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ DB_TIMEOUT_MS: '200', IP_DAILY_LIMIT: '1000' });
  });
  afterAll(() => service.close());

  const collection = (name: string) => service.mongo.connection.collection(name);

  /** Holds the methods' calls on a collection until release(); then they run for real. */
  function stall(name: string, methods: Method[]) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const target = collection(name) as unknown as Record<Method, (...args: unknown[]) => Promise<unknown>>;
    const calls: Promise<unknown>[] = [];
    const spies = methods.map((method) => {
      const real = target[method].bind(target);
      return jest.spyOn(target, method).mockImplementation((...args: unknown[]) => {
        const call = held.then(() => real(...args));
        calls.push(call.catch(() => undefined));
        return call;
      });
    });
    return {
      /** Lets the held calls through and waits for them. */
      async release() {
        release();
        for (const spy of spies) spy.mockRestore();
        await Promise.all(calls);
      },
    };
  }

  async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  test('when a question comes, then it is refused with 503, and what was taken goes back once the database answers', async () => {
    const guestId = newGuestId();
    const slots = stall('quota_slots', ['insertMany', 'insertOne']);
    const res = await ask(service, { query: 'Ginger for nausea?', guestId });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: 'The AI assistant is busy right now. Your question was not counted; please try again in a moment.',
    });
    await slots.release(); // the held insert is stored now, then given back
    await waitFor(async () => (await storedCount(service, `guest:${guestId}`)) === 0);
    // And the guest still has all three questions.
    const next = await (await ask(service, { query: 'Ginger for nausea?', guestId })).json();
    expect(next).toMatchObject({ queriesUsed: 1 });
  });

  test.each([
    ['a crisis message', 'I want to die', { isCrisis: true, queriesUsed: 0 }, /988/],
    [
      'a medical emergency',
      "My mom's face is drooping",
      { isEmergency: true, isCrisis: false },
      /^If this is happening now, please call 911/,
    ],
  ])('when %s comes, then its answer comes at once', async (_name, query, flags, text) => {
    const slots = stall('quota_slots', ['insertMany', 'insertOne', 'countDocuments', 'deleteMany']);
    try {
      const res = await ask(service, { query, guestId: newGuestId() });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject(flags);
      expect(body.response).toMatch(text);
    } finally {
      await slots.release();
    }
  });

  test('when the subscriber check does not answer, then a question is refused with 503 and a crisis is still answered', async () => {
    const headers = { cookie: `${SUBSCRIBER_COOKIE}=${signSubscriberCookie('cus_stalled', COOKIE_SECRET)}` };
    const subscribers = stall('subscribers', ['findOne']);
    try {
      const guestId = newGuestId();
      expect((await ask(service, { query: 'Turmeric for joints?', guestId }, headers)).status).toBe(503);
      const crisis = await ask(service, { query: 'I want to kill myself', guestId }, headers);
      expect(crisis.status).toBe(200);
      expect(await crisis.json()).toMatchObject({ isCrisis: true });
      expect((await fetch(`${service.url}/api/quota?guestId=${guestId}`, { headers })).status).toBe(503);
    } finally {
      await subscribers.release();
    }
  });
});
