import {
  bookedSession,
  bookingResponder,
  messageOf,
  postJson,
  startPayments,
  startServers,
  stopPayments,
  PUBLISHABLE_KEY,
  type BookingResponder,
  type Payments,
  type Servers,
} from './harness.js';

let servers: Servers;
let service: Payments;
let booking: BookingResponder;

const intentCalls = () => servers.stripe.callsTo('POST', '/v1/payment_intents');
const records = () => service.mongo.connection.db!.collection('payments');
const createIntent = (body: unknown) => postJson(`${service.url}/api/create-payment-intent`, body);
/** A session booking knows, awaiting payment unless `overrides` say otherwise. */
const known = (overrides: Parameters<typeof bookedSession>[0] = {}) => {
  const session = bookedSession(overrides);
  booking.sessions.set(session.id, session);
  return session;
};

beforeAll(async () => {
  servers = await startServers();
  booking = await bookingResponder(servers);
  service = await startPayments(servers, { BOOKING_TIMEOUT_MS: '300' });
});

afterAll(async () => {
  await stopPayments(service);
  await booking?.stop();
  await servers?.stop();
});

beforeEach(() => {
  servers.stripe.reset();
  booking.silent = false;
});

describe('GET /api/payments/config', () => {
  test('when payments are configured, then the publishable key is answered', async () => {
    const res = await fetch(`${service.url}/api/payments/config`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publishableKey: PUBLISHABLE_KEY });
  });
});

describe('POST /api/create-payment-intent', () => {
  test('when the amount is the session price, then an intent is created for the price booking states, linked to the session', async () => {
    const session = known({ type: 'dr-helen', priceCents: 40_000 });

    const res = await createIntent({ amount: 400, sessionId: session.id });

    expect(res.status).toBe(200);
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    expect(clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const [call] = intentCalls();
    expect(intentCalls()).toHaveLength(1);
    expect(Object.fromEntries(call!.params)).toMatchObject({
      amount: '40000',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[bookingId]': session.id,
    });
    expect(call!.idempotencyKey).toBe(`payment-intent-${session.id}`);
    expect(call!.stripeVersion).toBe('2026-10-28.endive');
    expect(await records().findOne({ _id: session.id as never })).toMatchObject({
      status: 'created',
      amountCents: 40_000,
      clientSecret,
    });
  });

  test.each([9, 9.0000000001])(
    'when the amount is %p dollars for a $9 session, then it is accepted',
    async (amount) => {
      const session = known();
      expect((await createIntent({ amount, sessionId: session.id })).status).toBe(200);
    },
  );

  test.each([
    ['a lower amount', 1],
    ['a fraction of a cent off', 9.001],
    ['the cents as dollars', 900],
  ])('when the body carries %s, then it is 400 and nothing is created', async (_what, amount) => {
    const session = known();

    const res = await createIntent({ amount, sessionId: session.id });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^amount: .* does not match the session's price of 9\.00$/);
    expect(intentCalls()).toHaveLength(0);
    expect(await records().countDocuments({ _id: session.id as never })).toBe(0);
  });

  test('when the session is unknown, then it is 404 "Session not found" and nothing is created', async () => {
    const res = await createIntent({ amount: 9, sessionId: 'bk-nobody-booked-this' });

    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('Session not found');
    expect(intentCalls()).toHaveLength(0);
  });

  test.each([
    ['expired', { status: 'expired' as const }, /hold on this session has expired/],
    ['already confirmed', { status: 'confirmed' as const }, /already paid/],
    ['refunded', { status: 'refunded' as const }, /refunded/],
    ['cancelled', { status: 'cancelled' as const }, /cancelled/],
    [
      'the subscription plan',
      { type: 'subscription' as const, status: 'pending-subscription' as const },
      /subscribe instead/,
    ],
    ['still pending but past its hold', { holdExpiresAt: new Date(Date.now() - 1000).toISOString() }, /expired/],
  ])(
    'when the session is %s, then it is 409 with a clear message and nothing is created',
    async (_what, overrides, message) => {
      const session = known(overrides);

      const res = await createIntent({ amount: session.priceCents / 100, sessionId: session.id });

      expect(res.status).toBe(409);
      expect(await messageOf(res)).toMatch(message);
      expect(intentCalls()).toHaveLength(0);
    },
  );

  test('when the same session asks twice, then the same client secret comes back and Stripe is asked once', async () => {
    const session = known();

    const first = (await (await createIntent({ amount: 9, sessionId: session.id })).json()) as object;
    const second = (await (await createIntent({ amount: 9.0, sessionId: session.id })).json()) as object;

    expect(second).toEqual(first);
    expect(intentCalls()).toHaveLength(1);
    expect(await records().countDocuments({ _id: session.id as never })).toBe(1);
  });

  test('when two tabs ask at the same moment, then both get the one stored secret, with one idempotency key', async () => {
    const session = known();

    const answers = await Promise.all([1, 2].map(() => createIntent({ amount: 9, sessionId: session.id })));

    const secrets = await Promise.all(answers.map((res) => res.json()));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(secrets[1]).toEqual(secrets[0]);
    expect(new Set(intentCalls().map((call) => call.idempotencyKey))).toEqual(
      new Set([`payment-intent-${session.id}`]),
    );
    expect(await records().countDocuments({ _id: session.id as never })).toBe(1);
  });

  test('when the booking service does not answer, then it is 503 within the booking timeout and nothing is created', async () => {
    const session = known();
    booking.silent = true;

    const started = Date.now();
    const res = await createIntent({ amount: 9, sessionId: session.id });

    expect(res.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await messageOf(res)).toMatch(/^Payment service unavailable/);
    expect(intentCalls()).toHaveLength(0);
  });

  test.each([
    ['no body', undefined, /^body: is required/],
    ['an empty object', {}, /amount: is required; sessionId: is required/],
    ['an amount as text', { amount: '9.00', sessionId: 'x' }, /^amount: must be a number$/],
    ['an extra field', { amount: 9, sessionId: 'x', currency: 'eur' }, /^currency: is not allowed$/],
  ])(
    'when the request has %s, then it is 400 naming the field, and booking is not asked',
    async (_what, body, message) => {
      const before = booking.asked;
      const res = await createIntent(body ?? '');

      expect(res.status).toBe(400);
      expect(await messageOf(res)).toMatch(message);
      expect(booking.asked).toBe(before);
    },
  );

  test('when Stripe fails, then it is 502 with a safe message and nothing is stored', async () => {
    const session = known();
    servers.stripe.intercept({
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      respond: () => ({ status: 500, body: { error: { type: 'api_error', message: 'secret internals' } } }),
    });

    const res = await createIntent({ amount: 9, sessionId: session.id });

    expect(res.status).toBe(502);
    expect(await messageOf(res)).not.toMatch(/internals/);
    expect(await records().countDocuments({ _id: session.id as never })).toBe(0);
  });
});

describe('GET /api/payments/status', () => {
  const status = async (sessionId: string) => {
    const res = await fetch(`${service.url}/api/payments/status?sessionId=${encodeURIComponent(sessionId)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { payment: string }).payment;
  };
  const retrievals = () => servers.stripe.callsTo('GET', /^\/v1\/payment_intents\/pi_/);
  const paidFor = async () => {
    const session = known();
    expect((await createIntent({ amount: 9, sessionId: session.id })).status).toBe(200);
    return session;
  };
  const stripeSays = (fields: Record<string, unknown>) =>
    servers.stripe.intercept({
      method: 'GET',
      path: /^\/v1\/payment_intents\/pi_/,
      transform: (body) => ({ ...body, ...fields }),
    });

  test('when the session has no payment yet, then it is none, without asking Stripe', async () => {
    expect(await status('bk-never-paid')).toBe('none');
    expect(retrievals()).toHaveLength(0);
  });

  test.each([
    ['processing', { status: 'processing', last_payment_error: null }, 'processing'],
    ['succeeded', { status: 'succeeded', last_payment_error: null }, 'succeeded'],
    [
      'back to a card after a decline',
      { status: 'requires_payment_method', last_payment_error: { type: 'card_error' } },
      'failed',
    ],
    ['untouched', { status: 'requires_payment_method', last_payment_error: null }, 'none'],
    ['canceled', { status: 'canceled', last_payment_error: null }, 'failed'],
  ])('when no webhook came yet and Stripe says the intent is %s, then it is %s', async (_what, fields, expected) => {
    const session = await paidFor();
    stripeSays(fields);

    expect(await status(session.id)).toBe(expected);
    const stored = await records().findOne({ _id: session.id as never });
    expect(retrievals().map((call) => call.path)).toEqual([`/v1/payment_intents/${stored!.paymentIntentId}`]);
  });

  test('when Stripe cannot be reached, then the recorded state is the answer', async () => {
    const session = await paidFor();
    servers.stripe.intercept({
      method: 'GET',
      path: /^\/v1\/payment_intents\/pi_/,
      respond: () => ({ status: 500, body: { error: { type: 'api_error', message: 'down' } } }),
    });

    expect(await status(session.id)).toBe('none');
  });

  test('when the sessionId is missing, then it is 400 naming it', async () => {
    const res = await fetch(`${service.url}/api/payments/status`);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('sessionId: is required');
  });
});
