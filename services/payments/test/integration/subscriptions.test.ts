import { randomUUID } from 'node:crypto';
import { Subjects } from '@hhp/proto';
import { SUBSCRIBER_COOKIE_MAX_AGE_SECONDS, signSubscriberCookie, verifySubscriberCookie } from '@hhp/kit';
import { stripeError } from '../../../../infra/src/testing/stripe-mock.js';
import { SUBSCRIPTION_LOOKUP_KEY } from '../../src/stripe/plan-price.js';
import { CHECKOUT_COOKIE, checkoutCookieValue } from '../../src/subscriptions/checkout-cookie.js';
import { ATTEMPT_METADATA_KEY, completionToken as signCompletion } from '../../src/subscriptions/completion-token.js';
import {
  COOKIE_SECRET,
  eventsOn,
  eventually,
  messageOf,
  postJson,
  rememberSubscriptions,
  startPayments,
  startPaymentsSuite,
  type Payments,
  type PaymentsSuite,
  type Servers,
} from './harness.js';

let suite: PaymentsSuite;
let servers: Servers;
let service: Payments;

const NEXT_MONTH = Math.floor(Date.now() / 1000) + 30 * 86_400;
const newEmail = () => `visitor-${randomUUID().slice(0, 8)}@example.org`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${service.url}${path}`, body, headers);
const subscriptionCreates = () => servers.stripe.callsTo('POST', '/v1/subscriptions');
const records = () => service.mongo.connection.db!.collection('subscriptions');
/** The hhp_sub cookie's value and attributes from a response, if it set one. */
const subscriberCookie = (res: Response) => {
  const header = res.headers.getSetCookie().find((line) => line.startsWith('hhp_sub='));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { value: pair!.slice('hhp_sub='.length), attributes };
};
/** Stripe's subscription as a live one would be: paid up for the next month (stripe-mock's fixture ends in 2000). */
const paidUp = (body: Record<string, unknown>) => {
  const items = body.items as { data: Record<string, unknown>[] };
  return {
    ...body,
    items: { ...items, data: items.data.map((item) => ({ ...item, current_period_end: NEXT_MONTH })) },
  };
};
async function startSubscription(email = newEmail(), sessionId?: string) {
  const res = await post('/api/create-subscription', { email, ...(sessionId && { sessionId }) });
  expect(res.status).toBe(200);
  return (await res.json()) as { clientSecret: string; customerId: string; completionToken: string };
}

beforeAll(async () => {
  suite = await startPaymentsSuite();
  ({ servers, service } = suite);
});

afterAll(() => suite?.stop());

beforeEach(() => servers.stripe.reset());

describe('POST /api/create-subscription', () => {
  test('when an e-mail subscribes, then a customer for it and an off-session card SetupIntent carrying the booking are made', async () => {
    const email = newEmail();

    const { clientSecret, customerId } = await startSubscription(email, 'bk-plan-1');

    expect(clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(customerId).toMatch(/^cus_/);
    const [customer] = servers.stripe.callsTo('POST', '/v1/customers');
    expect(customer!.params.get('email')).toBe(email);
    const [setup] = servers.stripe.callsTo('POST', '/v1/setup_intents');
    expect(Object.fromEntries(setup!.params)).toMatchObject({
      customer: customerId,
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
      'metadata[bookingId]': 'bk-plan-1',
    });
  });

  test('when the same e-mail comes back (in other letter case), then its customer is reused', async () => {
    const email = newEmail();
    const first = await startSubscription(email);
    const second = await startSubscription(email.toUpperCase());

    expect(second.customerId).toBe(first.customerId);
    expect(servers.stripe.callsTo('POST', '/v1/customers')).toHaveLength(1);
  });

  test('when the e-mail is not one, then it is 400 naming the field and Stripe is not called', async () => {
    const res = await post('/api/create-subscription', { email: 'not-an-email' });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('email: must be a valid e-mail address');
    expect(servers.stripe.calls).toHaveLength(0);
  });
});

describe('POST /api/complete-subscription', () => {
  test('when the card was set up, then it becomes the default and the $19/month subscription is created, announced and cookied', async () => {
    const { customerId, completionToken } = await startSubscription(newEmail(), 'bk-plan-2');
    servers.stripe.intercept({ method: 'POST', path: /^\/v1\/subscriptions$/, transform: paidUp });

    const res = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_visa',
    });

    expect(res.status).toBe(200);
    const body = (await res.json()) as { subscriptionId: string; status: string; clientSecret?: string };
    expect(body).toEqual({ subscriptionId: expect.stringMatching(/^sub_/), status: 'active' });
    expect(servers.stripe.callsTo('POST', '/v1/payment_methods/pm_card_visa/attach')[0]!.params.get('customer')).toBe(
      customerId,
    );
    const [update] = servers.stripe.callsTo('POST', `/v1/customers/${customerId}`);
    expect(update!.params.get('invoice_settings[default_payment_method]')).toBe('pm_card_visa');
    const [price] = servers.stripe.callsTo('POST', '/v1/prices');
    expect(Object.fromEntries(price!.params)).toMatchObject({
      unit_amount: '1900',
      currency: 'usd',
      'recurring[interval]': 'month',
      lookup_key: SUBSCRIPTION_LOOKUP_KEY,
    });
    const [created] = subscriptionCreates();
    expect(Object.fromEntries(created!.params)).toMatchObject({
      customer: customerId,
      default_payment_method: 'pm_card_visa',
      'metadata[bookingId]': 'bk-plan-2',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
    expect(created!.params.get('items[0][price]')).toMatch(/^price_/);
    expect(created!.idempotencyKey).toBe(`subscription-${customerId}-pm_card_visa`);

    const cookie = subscriberCookie(res)!;
    expect(verifySubscriberCookie(cookie.value, COOKIE_SECRET)).toBe(customerId);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SUBSCRIBER_COOKIE_MAX_AGE_SECONDS}`]),
    );
    expect(cookie.attributes).not.toContain('Secure');
    const status = await fetch(`${service.url}/api/subscription`, { headers: { cookie: `hhp_sub=${cookie.value}` } });
    expect(await status.json()).toEqual({
      status: 'active',
      active: true,
      currentPeriodEnd: new Date(NEXT_MONTH * 1000).toISOString(),
    });
    const [announced] = await eventually(
      'subscription.v1.changed',
      async () =>
        (await eventsOn(servers, Subjects.subscriptionChanged)).filter(
          (e) => e.data.subscriptionId === body.subscriptionId,
        ),
      (found) => found.length > 0,
    );
    expect(announced!.data).toMatchObject({ customerId, status: 'active', bookingId: 'bk-plan-2' });
  });

  test('when the request came over https through the trusted proxy, then the cookie is Secure', async () => {
    const { customerId, completionToken } = await startSubscription();
    const res = await post(
      '/api/complete-subscription',
      { customerId, completionToken, paymentMethodId: 'pm_card_visa' },
      { 'x-forwarded-proto': 'https' },
    );

    expect(res.status).toBe(200);
    expect(subscriberCookie(res)!.attributes).toContain('Secure');
  });

  test('when the first invoice needs 3-D Secure, then its confirmation secret is answered and no cookie is set until it is active', async () => {
    const { customerId, completionToken } = await startSubscription();
    servers.stripe.intercept({
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      transform: (body) => ({
        ...body,
        status: 'incomplete',
        latest_invoice: {
          ...(body.latest_invoice as object),
          confirmation_secret: { client_secret: 'pi_3ds_secret_confirmme', type: 'payment_intent' },
        },
      }),
    });

    const res = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_threeDSecure2Required',
    });

    expect(res.status).toBe(200);
    const body = (await res.json()) as { subscriptionId: string };
    expect(body).toMatchObject({ status: 'incomplete', clientSecret: 'pi_3ds_secret_confirmme' });
    expect(subscriberCookie(res)).toBeUndefined();

    // The subscription carries the attempt that created it (the token's second part).
    const [created] = subscriptionCreates();
    const attempt = completionToken.split('.')[1];
    expect(created!.params.get(`metadata[${ATTEMPT_METADATA_KEY}]`)).toBe(attempt);
    // The browser confirmed the invoice; asked again, the service reads the subscription from Stripe.
    servers.stripe.intercept({
      method: 'GET',
      path: /^\/v1\/subscriptions\/sub_/,
      transform: (sub) => paidUp({ ...sub, status: 'active', metadata: { [ATTEMPT_METADATA_KEY]: attempt } }),
    });
    const again = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_threeDSecure2Required',
    });

    expect(await again.json()).toEqual({ subscriptionId: body.subscriptionId, status: 'active' });
    expect(verifySubscriberCookie(subscriberCookie(again)!.value, COOKIE_SECRET)).toBe(customerId);
    expect(subscriptionCreates()).toHaveLength(1);
    expect(await records().findOne({ _id: body.subscriptionId as never })).toMatchObject({
      customerId,
      status: 'active',
    });
  });

  test("when the card is declined, then it is 402 with Stripe's message, nothing is recorded, and the visitor can try again", async () => {
    const { customerId, completionToken } = await startSubscription();
    servers.stripe.intercept({
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      times: 1,
      respond: () =>
        stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        }),
    });

    const res = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_chargeDeclined',
    });

    expect(res.status).toBe(402);
    expect(await messageOf(res)).toBe('Your card was declined.');
    expect(subscriberCookie(res)).toBeUndefined();
    expect(await records().countDocuments({ customerId })).toBe(0);
    const retry = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_visa',
    });
    expect(retry.status).toBe(200);
    expect(subscriptionCreates()).toHaveLength(2);
  });

  test('when Stripe fails otherwise, then it is 502 with a message that reveals nothing', async () => {
    const { customerId, completionToken } = await startSubscription();
    servers.stripe.intercept({
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      respond: () =>
        stripeError(400, { type: 'invalid_request_error', message: 'No such price: price_secret_internal_123' }),
    });

    const res = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_visa',
    });

    expect(res.status).toBe(502);
    expect(await messageOf(res)).not.toMatch(/price_/);
    expect(await records().countDocuments({ customerId })).toBe(0);
  });

  test('when the same customer completes twice, at once and again later, then one subscription is created', async () => {
    rememberSubscriptions(servers.stripe);
    const { customerId, completionToken } = await startSubscription();

    const answers = await Promise.all(
      ['pm_card_visa', 'pm_card_mastercard'].map((paymentMethodId) =>
        post('/api/complete-subscription', { customerId, completionToken, paymentMethodId }),
      ),
    );
    const later = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_amex',
    });

    expect(answers.map((res) => res.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const res of answers) expect([200, 409]).toContain(res.status);
    expect(later.status).toBe(200);
    expect(subscriptionCreates()).toHaveLength(1);
  });

  test('when the customer was not made here, then it is 404 and Stripe is not called', async () => {
    const res = await post('/api/complete-subscription', {
      customerId: 'cus_someone',
      completionToken: signCompletion('cus_someone', COOKIE_SECRET),
      paymentMethodId: 'pm_card_visa',
    });

    expect(res.status).toBe(404);
    expect(servers.stripe.calls).toHaveLength(0);
  });

  test('when the card belongs to another customer, then it is 400 and nothing is created', async () => {
    const { customerId, completionToken } = await startSubscription();
    servers.stripe.intercept({
      method: 'GET',
      path: /^\/v1\/payment_methods\//,
      transform: (card) => ({ ...card, customer: 'cus_somebody_else' }),
    });

    const res = await post('/api/complete-subscription', { customerId, completionToken, paymentMethodId: 'pm_stolen' });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^paymentMethodId: /);
    expect(subscriptionCreates()).toHaveLength(0);
  });
});

describe('hosted Checkout', () => {
  /** checkout-complete from a browser whose hhp_checkout cookie says it started `started`. */
  const returnFrom = (sessionId: string, started: string | null = sessionId) =>
    post(
      '/api/subscription/checkout-complete',
      { sessionId },
      started ? { cookie: `${CHECKOUT_COOKIE}=${checkoutCookieValue(started, COOKIE_SECRET)}` } : {},
    );
  /** Stripe says the checkout `id` is complete and paid, for a new customer (answered). */
  const stripeSaysPaid = (id: string) => {
    const customer = `cus_chk_${randomUUID().slice(0, 6)}`;
    servers.stripe.intercept({
      method: 'GET',
      path: new RegExp(`^/v1/checkout/sessions/${id}$`),
      transform: (checkout) => ({
        ...checkout,
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        customer,
        metadata: { bookingId: 'bk-plan-4' },
        subscription: paidUp({
          ...(checkout.subscription as object),
          id: `sub_chk_${randomUUID().slice(0, 6)}`,
          status: 'active',
          customer,
        }),
      }),
    });
    return customer;
  };

  test('when a checkout is started, then the browser gets an HttpOnly cookie naming it, sent only back to checkout-complete, which then takes it', async () => {
    const id = `cs_test_started${randomUUID().slice(0, 6)}`;
    servers.stripe.intercept({ method: 'POST', path: /^\/v1\/checkout\/sessions$/, transform: (b) => ({ ...b, id }) });
    const customer = stripeSaysPaid(id);

    const res = await post('/api/create-checkout-session', {});

    const header = res.headers.getSetCookie().find((line) => line.startsWith(`${CHECKOUT_COOKIE}=`))!;
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    expect(pair).toBe(`${CHECKOUT_COOKIE}=${checkoutCookieValue(id, COOKIE_SECRET)}`);
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/api/subscription/checkout-complete', 'HttpOnly', 'SameSite=Lax']),
    );
    const back = await post('/api/subscription/checkout-complete', { sessionId: id }, { cookie: pair! });
    expect(back.status).toBe(200);
    expect(verifySubscriberCookie(subscriberCookie(back)!.value, COOKIE_SECRET)).toBe(customer);
  });

  test.each([
    ['no checkout cookie', null],
    ['the cookie of another checkout', 'cs_test_another'],
  ])(
    "when a browser with %s sends a paid checkout's id, then it is 403: Stripe is not asked, no cookie, nothing recorded",
    async (_what, started) => {
      const customer = stripeSaysPaid('cs_test_someone_elses');

      const res = await returnFrom('cs_test_someone_elses', started);

      expect(res.status).toBe(403);
      expect(await messageOf(res)).toMatch(/another browser/);
      expect(subscriberCookie(res)).toBeUndefined();
      expect(servers.stripe.calls).toHaveLength(0);
      expect(await records().countDocuments({ customerId: customer })).toBe(0);
    },
  );

  test('when a checkout session is asked for, then it is a subscription Checkout returning to the portal', async () => {
    const res = await post('/api/create-checkout-session', { email: 'Ada@Example.org', sessionId: 'bk-plan-3' });

    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [call] = servers.stripe.callsTo('POST', '/v1/checkout/sessions');
    expect(Object.fromEntries(call!.params)).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      success_url: 'http://portal.test/subscription-confirmed?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://portal.test/subscribe?sessionId=bk-plan-3',
      customer_email: 'ada@example.org',
      'subscription_data[metadata][bookingId]': 'bk-plan-3',
    });
    expect(call!.params.get('line_items[0][price]')).toMatch(/^price_/);
  });

  test('when the request has no body, then it is 400 naming the body and no checkout is made', async () => {
    const res = await fetch(`${service.url}/api/create-checkout-session`, { method: 'POST' });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^body: is required/);
    expect(servers.stripe.calls).toHaveLength(0);
  });

  test('when the request sends zero bytes as JSON, then it is 400 naming the body and no checkout is made', async () => {
    const res = await fetch(`${service.url}/api/create-checkout-session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '',
    });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^body: is required/);
    expect(servers.stripe.calls).toHaveLength(0);
  });

  test('when the body is an empty JSON object (the home page, no e-mail known), then a checkout is made', async () => {
    const res = await post('/api/create-checkout-session', {});

    expect(res.status).toBe(200);
    expect(servers.stripe.callsTo('POST', '/v1/checkout/sessions')).toHaveLength(1);
  });

  test('when the visitor is back from a checkout Stripe says is still open, then it is 409 and no cookie is set', async () => {
    const res = await returnFrom('cs_test_open');

    expect(res.status).toBe(409);
    expect(subscriberCookie(res)).toBeUndefined();
  });

  test('when Stripe says the checkout is complete and paid, then its customer gets the cookie and the subscription is recorded', async () => {
    const customer = stripeSaysPaid('cs_test_paid');

    const res = await returnFrom('cs_test_paid');

    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'active', active: true });
    expect(verifySubscriberCookie(subscriberCookie(res)!.value, COOKIE_SECRET)).toBe(customer);
    expect(servers.stripe.calls[0]!.params.get('expand[0]')).toBe('subscription');
    expect(await records().findOne({ customerId: customer })).toMatchObject({
      status: 'active',
      bookingId: 'bk-plan-4',
    });
  });

  test('when Stripe does not know the checkout session, then it is 404 "Checkout session not found"', async () => {
    servers.stripe.intercept({
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\//,
      respond: () =>
        stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such checkout.session',
        }),
    });

    const res = await returnFrom('cs_test_nope');

    expect(res.status).toBe(404);
    expect(await messageOf(res)).toBe('Checkout session not found');
  });

  test('when the checkout is complete but unpaid, then it is 409 and no cookie is set', async () => {
    servers.stripe.intercept({
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\//,
      transform: (checkout) => ({
        ...checkout,
        mode: 'subscription',
        status: 'complete',
        payment_status: 'unpaid',
        customer: 'cus_x',
      }),
    });

    const res = await returnFrom('cs_test_unpaid');

    expect(res.status).toBe(409);
    expect(subscriberCookie(res)).toBeUndefined();
  });
});

describe('GET /api/subscription', () => {
  test.each([
    ['no cookie', undefined],
    [
      'a cookie signed with another secret',
      `hhp_sub=${signSubscriberCookie('cus_forged', 'another-secret-that-is-long-enough-000000')}`,
    ],
    ['a malformed cookie', 'hhp_sub=%E0%A4%A'],
  ])('when the browser has %s, then it is none', async (_what, cookie) => {
    const res = await fetch(`${service.url}/api/subscription`, { headers: cookie ? { cookie } : {} });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'none', active: false });
  });
});

describe('when the subscriber cookie secret is rotated (SUBSCRIBER_COOKIE_PREVIOUS_SECRET)', () => {
  const NEW_SECRET = 'the-new-cookie-secret-that-is-long-enough-01';
  const running: Payments[] = [];
  // The same database as the service before the rotation; closed, not dropped (stopPayments drops it).
  const restartedWith = async (env: Record<string, string>) => {
    const instance = await startPayments(servers, { MONGODB_DB: service.config.MONGODB_DB, ...env });
    running.push(instance);
    return instance;
  };
  afterAll(async () => {
    for (const instance of running) await instance.close();
  });

  /** A subscriber of the service as it was (signed with COOKIE_SECRET): their customer id and cookie. */
  async function subscriberWithOldCookie() {
    const { customerId, completionToken } = await startSubscription(newEmail());
    servers.stripe.intercept({ method: 'POST', path: /^\/v1\/subscriptions$/, transform: paidUp });
    const res = await post('/api/complete-subscription', {
      customerId,
      completionToken,
      paymentMethodId: 'pm_card_visa',
    });
    expect(res.status).toBe(200);
    return { customerId, cookie: subscriberCookie(res)!.value };
  }
  const statusAt = (url: string, cookie: string) =>
    fetch(`${url}/api/subscription`, { headers: { cookie: `hhp_sub=${cookie}` } });

  test('then a subscriber with the old cookie still is one, and their cookie is signed anew with the new secret, once', async () => {
    const { customerId, cookie } = await subscriberWithOldCookie();
    const rotated = await restartedWith({
      SUBSCRIBER_COOKIE_SECRET: NEW_SECRET,
      SUBSCRIBER_COOKIE_PREVIOUS_SECRET: COOKIE_SECRET,
    });

    const res = await statusAt(rotated.url, cookie);

    expect(await res.json()).toMatchObject({ status: 'active', active: true });
    const renewed = subscriberCookie(res)!;
    expect(verifySubscriberCookie(renewed.value, NEW_SECRET)).toBe(customerId);
    expect(verifySubscriberCookie(renewed.value, COOKIE_SECRET)).toBeUndefined();
    const again = await statusAt(rotated.url, renewed.value);
    expect(await again.json()).toMatchObject({ status: 'active', active: true });
    expect(subscriberCookie(again)).toBeUndefined();
  });

  test('then, once the previous secret is dropped, the old cookie is nobody', async () => {
    const { cookie } = await subscriberWithOldCookie();
    const rotated = await restartedWith({ SUBSCRIBER_COOKIE_SECRET: NEW_SECRET });

    const res = await statusAt(rotated.url, cookie);

    expect(await res.json()).toEqual({ status: 'none', active: false });
    expect(subscriberCookie(res)).toBeUndefined();
  });
});
