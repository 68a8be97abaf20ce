import { createEnvelope, signSubscriberCookie } from '@hhp/kit';
import { SUBSCRIBER_COOKIE, Subjects } from '@hhp/proto';
import { jest } from '@jest/globals';
import { Kvm } from '@nats-io/kv';
import { COOKIE_SECRET, ask, newGuestId, startAiQuery, storedCount, type AiQuery } from './harness.js';

describe('ai-query: free questions (offline engine)', () => {
  let service: AiQuery;
  beforeAll(async () => {
    // What is answered and counted, not how fast: on a busy CI machine three questions of one guest at once
    // outlasted the default 2 s wait for the quota store (the 503 they then get is the next blocks' subject).
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000', DB_TIMEOUT_MS: '10000' });
  });
  afterAll(() => service.close());

  test('when a guest asks, then the answer comes from the library with its sources and the counters move', async () => {
    const guestId = newGuestId();
    const res = await ask(service, { query: 'I cannot sleep at night', userId: null, sessionId: null, guestId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      isCrisis: false,
      isEmergency: false,
      queriesUsed: 1,
      queriesAllowed: 3,
      isSubscriber: false,
    });
    expect(body.response).toContain("portal's own library");
    expect(body.response).toContain('Please consult your medical doctor');
    expect(body.sources[0]).toEqual({ title: expect.stringContaining('Insomnia'), path: '/conditions/insomnia' });
    const quota = await fetch(`${service.url}/api/quota?guestId=${guestId}`);
    expect(await quota.json()).toEqual({ queriesUsed: 1, queriesAllowed: 3, isSubscriber: false });
  });

  test('when questions are answered, then ai.v1.answered events go out in a batch, with a hashed visitor and no text', async () => {
    const guestId = newGuestId();
    const received: string[] = [];
    const sub = service.bus.nc.subscribe(Subjects.aiAnswered, { callback: (_err, msg) => received.push(msg.string()) });
    try {
      const statuses = await Promise.all(
        ['Ginger for nausea?', 'Turmeric for joints?', 'Sleep and magnesium?'].map(
          async (query) => (await ask(service, { query, guestId })).status,
        ),
      );
      expect(statuses).toEqual([200, 200, 200]);
      await waitFor(async () => received.length >= 3);
    } finally {
      sub.unsubscribe();
    }
    const events = received.map((raw) => JSON.parse(raw));
    for (const event of events) {
      expect(event).toMatchObject({ type: Subjects.aiAnswered, data: { mode: 'offline', streamed: false } });
      expect(event.data.visitor).toMatch(/^[0-9a-f]{16,}$/);
    }
    const all = received.join('\n');
    expect(all).not.toContain(guestId);
    expect(all).not.toMatch(/Ginger|Turmeric|magnesium/);
  });

  test('when a question describes a medical emergency, then the offline answer is where to get emergency care, uncounted', async () => {
    const guestId = newGuestId();
    const res = await ask(service, { query: "I'm having chest pain and can't breathe", guestId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ isCrisis: false, isEmergency: true, queriesUsed: 0, sources: [] });
    expect(body.response).toMatch(/^If this is happening now, please call 911/);
    expect(body.response).toContain("can't assess an emergency");
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test('when a guest with no questions left describes a medical emergency, then it is answered, not refused, and costs nothing', async () => {
    const guestId = newGuestId();
    for (let i = 0; i < 3; i++) expect((await ask(service, { query: `Turmeric? (${i})`, guestId })).status).toBe(200);
    expect((await ask(service, { query: 'Ginger?', guestId })).status).toBe(429);

    const res = await ask(service, { query: 'My face is drooping and my speech is slurred', guestId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ isCrisis: false, isEmergency: true, queriesUsed: 3, queriesAllowed: 3, sources: [] });
    expect(body.response).toMatch(/^If this is happening now, please call 911/);
    expect(body.response).toContain("can't assess an emergency");
    expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
    // Only the emergency is answered: the next ordinary question is still refused.
    expect((await ask(service, { query: 'Ginger?', guestId })).status).toBe(429);
  });

  test('when one guest asks 50 questions at once, then exactly 3 are answered and 47 refused; the count is 3', async () => {
    const guestId = newGuestId();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ask(service, { query: `Ginger for digestion? (${i})`, guestId })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(47);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
    const refused = await responses.find((r) => r.status === 429)!.json();
    expect(refused).toEqual({
      message: 'You have used your 3 free questions for today. Subscribe for unlimited access.',
      queriesUsed: 3,
      queriesAllowed: 3,
      isSubscriber: false,
    });
  });

  test('when a guest with no questions left writes a crisis message, then the crisis answer comes, not 429', async () => {
    const guestId = newGuestId();
    for (let i = 0; i < 3; i++)
      expect((await ask(service, { query: 'Tips for acid reflux?', guestId })).status).toBe(200);
    expect((await ask(service, { query: 'Tips for acid reflux?', guestId })).status).toBe(429);
    const res = await ask(service, { query: 'I want to end it all', guestId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ isCrisis: true, queriesUsed: 3, queriesAllowed: 3 });
    expect(body.response).toContain('988');
    expect(body.response).toContain('741741');
    expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
  });

  test('when a crisis message comes first, then it costs nothing', async () => {
    const guestId = newGuestId();
    const body = await (await ask(service, { query: "I don't want to live anymore", guestId })).json();
    expect(body).toMatchObject({ isCrisis: true, queriesUsed: 0 });
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test.each([
    ['blank', { query: '   ' }, 'query: must not be blank'],
    ['only invisible characters', { query: '\u200B\u200D\u2060\uFEFF \u0000\u00AD' }, 'query: must not be blank'],
    ['oversized', { query: 'x'.repeat(4001) }, 'query: must be at most 4000 characters'],
    ['missing', {}, 'query: is required'],
    ['a bad guestId', { query: 'hello', guestId: 'short' }, 'guestId: must be 21 characters of A-Z, a-z, 0-9, _ or -'],
    ['an operator', { query: { $gt: '' } }, 'query: must be a string'],
  ])('when the query is %s, then 400 and it costs nothing', async (_name, body, message) => {
    const guestId = newGuestId();
    const res = await ask(service, { guestId, ...body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test('when questions are answered, then /metrics counts them by mode, with the stages and the quota store queue', async () => {
    expect((await ask(service, { query: 'Ginger for nausea?', guestId: newGuestId() })).status).toBe(200);
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(/^ai_answers_total\{[^}]*mode="offline"[^}]*\} [1-9]/m);
    expect(metrics).toMatch(/^ai_query_stage_seconds_count\{[^}]*stage="quota"[^}]*\} [1-9]/m);
    expect(metrics).toMatch(/^ai_quota_waiting\{[^}]*\} 0$/m);
  });

  test('when the crisis is violence at home, then the Domestic Violence Hotline comes with the crisis lines, and only then', async () => {
    const guestId = newGuestId();
    const violence = await (await ask(service, { query: 'my husband choked me last night', guestId })).json();
    expect(violence).toMatchObject({ isCrisis: true, queriesUsed: 0 });
    expect(violence.response).toContain('988');
    expect(violence.response).toContain('National Domestic Violence Hotline');
    expect(violence.response).toContain('1-800-799-7233');
    expect(violence.response).toContain('text START to 88788');
    const other = await (await ask(service, { query: 'I want to end my life', guestId })).json();
    expect(other.isCrisis).toBe(true);
    expect(other.response).not.toContain('Domestic Violence');
  });

  test('when a crisis word is split by an invisible character, then it is still a crisis, uncounted', async () => {
    const guestId = newGuestId();
    for (const query of ['I want to d\u0000ie', 'I want to k\u200Bill my\u00ADself']) {
      const body = await (await ask(service, { query, guestId })).json();
      expect(body).toMatchObject({ isCrisis: true, queriesUsed: 0 });
    }
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test('when a request has no guestId, then it is counted by address', async () => {
    const ip = '203.0.113.7';
    const headers = { 'x-forwarded-for': ip };
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await ask(service, { query: 'Is turmeric good?' }, headers)).status);
    expect(results).toEqual([200, 200, 200, 429]);
    expect(await storedCount(service, `ip-guest:${ip}`)).toBe(3);
  });

  test('when a forged or expired subscriber cookie comes, then the visitor is a guest', async () => {
    await service.bus.publish(
      createEnvelope(Subjects.subscriptionChanged, {
        customerId: 'cus_forged',
        subscriptionId: 'sub_1',
        status: 'active',
      }),
    );
    const forged = signSubscriberCookie('cus_forged', 'another-secret-that-is-long-enough-000000');
    const expired = signSubscriberCookie('cus_forged', COOKIE_SECRET, { now: Date.now() - 2 * 400 * 86_400_000 });
    for (const cookie of [forged, expired, 'garbage', `${forged.split('.').slice(0, 2).join('.')}.x`]) {
      const res = await ask(
        service,
        { query: 'Hello', guestId: newGuestId() },
        { cookie: `${SUBSCRIBER_COOKIE}=${cookie}` },
      );
      expect(await res.json()).toMatchObject({ isSubscriber: false, queriesUsed: 1 });
    }
  });

  test('when a genuine cookie names an active subscription, then questions are unlimited and uncounted', async () => {
    const customerId = `cus_${newGuestId()}`;
    const cookie = `${SUBSCRIBER_COOKIE}=${signSubscriberCookie(customerId, COOKIE_SECRET)}`;
    const guestId = newGuestId();
    // Not yet in the projection: a guest.
    expect(await (await ask(service, { query: 'Hi', guestId }, { cookie })).json()).toMatchObject({
      isSubscriber: false,
    });
    await service.bus.publish(
      createEnvelope(Subjects.subscriptionChanged, { customerId, subscriptionId: 'sub_2', status: 'active' }),
    );
    await waitFor(
      async () => (await (await fetch(`${service.url}/api/quota`, { headers: { cookie } })).json()).isSubscriber,
    );
    for (let i = 0; i < 5; i++) {
      const res = await ask(service, { query: 'Ayurveda for sleep?', guestId }, { cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ isSubscriber: true, queriesUsed: 0 });
    }
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
    // Cancelled: a guest again; a late, older "active" event does not undo it.
    const cancelled = createEnvelope(Subjects.subscriptionChanged, {
      customerId,
      subscriptionId: 'sub_2',
      status: 'canceled',
    });
    await service.bus.publish(cancelled);
    await waitFor(
      async () => !(await (await fetch(`${service.url}/api/quota`, { headers: { cookie } })).json()).isSubscriber,
    );
    await service.bus.publish(
      createEnvelope(
        Subjects.subscriptionChanged,
        { customerId, subscriptionId: 'sub_2', status: 'active' },
        { occurredAt: new Date(Date.now() - 60_000) },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await (await fetch(`${service.url}/api/quota`, { headers: { cookie } })).json()).isSubscriber).toBe(false);
  });
});

describe('ai-query: the subscriber cookie secret rotated (SUBSCRIBER_COOKIE_PREVIOUS_SECRET)', () => {
  const NEW_SECRET = 'the-new-cookie-secret-that-is-long-enough-01';
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({
      SUBSCRIBER_COOKIE_SECRET: NEW_SECRET,
      SUBSCRIBER_COOKIE_PREVIOUS_SECRET: COOKIE_SECRET,
    });
  });
  afterAll(() => service.close());

  test('when a subscriber comes with a cookie of the previous secret or of the new one, then both are subscribers, and a third secret is not', async () => {
    const customerId = `cus_${newGuestId()}`;
    await service.bus.publish(
      createEnvelope(Subjects.subscriptionChanged, { customerId, subscriptionId: 'sub_rot', status: 'active' }),
    );
    const isSubscriber = async (secret: string) => {
      const cookie = `${SUBSCRIBER_COOKIE}=${signSubscriberCookie(customerId, secret)}`;
      return (await (await fetch(`${service.url}/api/quota`, { headers: { cookie } })).json()).isSubscriber;
    };
    await waitFor(() => isSubscriber(NEW_SECRET));

    expect(await isSubscriber(COOKIE_SECRET)).toBe(true);
    expect(await isSubscriber('a-third-secret-that-is-long-enough-0000000')).toBe(false);
  });
});

describe('ai-query: the guard against guestId rotation', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '4' });
  });
  afterAll(() => service.close());

  test('when one address rotates guestIds, then the guard stops it and the refused guest keeps its questions', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.9' };
    const guests = Array.from({ length: 6 }, () => newGuestId());
    const statuses = [];
    for (const guestId of guests) statuses.push((await ask(service, { query: 'Hello', guestId }, headers)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await ask(service, { query: 'Hello', guestId: newGuestId() }, headers);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('Too many new visitors') });
    expect(await storedCount(service, `guest:${guests[4]!}`)).toBe(0);
    // Another address is not affected.
    const elsewhere = await ask(
      service,
      { query: 'Hello', guestId: newGuestId() },
      { 'x-forwarded-for': '198.51.100.10' },
    );
    expect(elsewhere.status).toBe(200);
  });

  test('when many visitors share one address, then each has their own 3 questions: the guard counts new guestIds, not questions', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const guests = Array.from({ length: 4 }, () => newGuestId());
    const statuses = await Promise.all(
      guests.flatMap((guestId) =>
        [1, 2, 3, 4].map(async (i) => (await ask(service, { query: `Ginger? (${i})`, guestId }, headers)).status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });
});

describe('ai-query: a crisis never touches the counters', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000' });
  });
  afterAll(() => service.close());

  test('when a guest with one question left sends crisis messages and an ordinary question together, then the question is answered', async () => {
    const guestId = newGuestId();
    for (let i = 0; i < 2; i++) expect((await ask(service, { query: `Turmeric? (${i})`, guestId })).status).toBe(200);
    const kv = await new Kvm(service.bus.nc).open(service.config.QUOTA_BUCKET);
    const create = jest.spyOn(Object.getPrototypeOf(kv) as { create: () => unknown }, 'create');
    let responses: Response[];
    try {
      const crises = Array.from({ length: 5 }, () => ask(service, { query: 'I want to kill myself', guestId }));
      responses = await Promise.all([...crises, ask(service, { query: 'Ginger for nausea?', guestId })]);
      // One create: the ordinary question's slot. The crisis messages took none, not even for a moment.
      expect(create).toHaveBeenCalledTimes(1);
    } finally {
      create.mockRestore();
    }
    const bodies = await Promise.all(responses.map((res) => res.json()));
    expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(bodies.slice(0, 5).every((body) => body.isCrisis === true)).toBe(true);
    expect(bodies[5]).toMatchObject({ isCrisis: false, queriesUsed: 3 });
  });
});

describe('ai-query: load beyond what the quota store can take', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000', MAX_WAITING_QUESTIONS: '5' });
  });
  afterAll(() => service.close());

  test('when more questions wait for the store than allowed, then the rest get 503 with Retry-After at once, uncounted, and crises are still answered', async () => {
    const kv = await new Kvm(service.bus.nc).open(service.config.QUOTA_BUCKET);
    const methods = Object.getPrototypeOf(kv) as { create: (...a: unknown[]) => Promise<number> };
    const real = methods.create;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const create = jest.spyOn(methods, 'create').mockImplementation(async function (this: unknown, ...args) {
      await held;
      return real.apply(this, args);
    });
    const guests = Array.from({ length: 8 }, () => newGuestId());
    try {
      const waiting = guests.slice(0, 5).map((guestId) => ask(service, { query: 'Ginger?', guestId }));
      await waitFor(async () => create.mock.calls.length === 5);
      const started = Date.now();
      const shed = await Promise.all(guests.slice(5).map((guestId) => ask(service, { query: 'Ginger?', guestId })));
      expect(Date.now() - started).toBeLessThan(1000);
      expect(shed.map((res) => res.status)).toEqual([503, 503, 503]);
      expect(shed.map((res) => res.headers.get('retry-after'))).toEqual(['1', '1', '1']);
      expect(await shed[0]!.json()).toEqual({
        message: 'The AI assistant is busy right now. Your question was not counted; please try again in a moment.',
      });
      const quota = await fetch(`${service.url}/api/quota?guestId=${guests[6]!}`);
      expect(quota.status).toBe(503);
      expect(quota.headers.get('retry-after')).toBe('1');
      const crisis = await ask(service, { query: 'I want to end my life', guestId: guests[7]! });
      expect(crisis.status).toBe(200);
      expect((await crisis.json()).isCrisis).toBe(true);
      release();
      expect((await Promise.all(waiting)).map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
      // Each admitted guest's slot and its address's new-guest slot; the shed questions touched nothing.
      expect(create).toHaveBeenCalledTimes(10);
    } finally {
      release();
      create.mockRestore();
    }
    for (const guestId of guests.slice(5)) expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
    expect((await ask(service, { query: 'Ginger?', guestId: newGuestId() })).status).toBe(200);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
