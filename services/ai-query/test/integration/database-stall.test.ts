// A store stops answering (a frozen server, a full disk, a network partition): the database's or the quota
// bucket's operations are held until the test lets them through. Every answer below arrives while they are
// still held, so none of them waited for the store.
import { jest } from '@jest/globals';
import { signSubscriberCookie } from '@hhp/kit';
import { SUBSCRIBER_COOKIE } from '@hhp/proto';
import { Kvm } from '@nats-io/kv';
import { COOKIE_SECRET, ask, newGuestId, startAiQuery, storedCount, type AiQuery } from './harness.js';

type Method = 'findOne';
type BucketMethod = 'create' | 'get' | 'delete';

describe('ai-query when the database does not answer', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ DB_TIMEOUT_MS: '200', IP_NEW_GUESTS_PER_HOUR: '100000' });
  });
  afterAll(() => service.close());

  const collection = (name: string) => service.mongo.connection.collection(name);

  /** Holds the methods' calls on a collection until release(); then they run for real. */
  function stall(name: string, methods: Method[]) {
    return hold(collection(name) as unknown as Record<Method, (...args: unknown[]) => Promise<unknown>>, methods);
  }

  /** Holds the quota bucket's calls (every bucket object's: they share their methods) until release(). */
  async function stallBucket(methods: BucketMethod[]) {
    const kv = await new Kvm(service.bus.nc).open(service.config.QUOTA_BUCKET);
    return hold(Object.getPrototypeOf(kv) as Record<BucketMethod, (...args: unknown[]) => Promise<unknown>>, methods);
  }

  function hold<M extends string>(target: Record<M, (...args: unknown[]) => Promise<unknown>>, methods: M[]) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls: Promise<unknown>[] = [];
    const spies = methods.map((method) => {
      const real = target[method];
      return jest.spyOn(target, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
        const call = held.then(() => real.apply(this, args));
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
    const slots = await stallBucket(['create']);
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
    const slots = await stallBucket(['create', 'get', 'delete']);
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
