// Knowing a customer id is not enough (issue 25, points 1 and 6): completing a subscription needs the proof
// create-subscription gave the browser that started it; a running subscription is answered (with the
// subscriber cookie) only to the attempt that created it, or to a browser already holding its cookie; and
// whether an address subscribes is never told by create-subscription: a subscriber is e-mailed instead.
// Against real FerretDB, NATS, Mailpit and stripe-mock.
import { randomUUID } from 'node:crypto';
import { SUBSCRIBER_COOKIE } from '@hhp/proto';
import { signSubscriberCookie, verifySubscriberCookie } from '@hhp/kit';
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { completionToken } from '../../src/subscriptions/completion-token.js';
import {
  COOKIE_SECRET,
  messageOf,
  postJson,
  rememberSubscriptions,
  sleep,
  startPaymentsSuite,
  type Payments,
  type PaymentsSuiteWithMail,
  type Servers,
} from './harness.js';

let suite: PaymentsSuiteWithMail;
let servers: Servers;
let mailpit: Mailpit;
let service: Payments;

const newEmail = () => `visitor-${randomUUID().slice(0, 8)}@example.org`;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  postJson(`${service.url}${path}`, body, headers);
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SUBSCRIBER_COOKIE}=`))
    ?.split(';')[0]!
    .slice(SUBSCRIBER_COOKIE.length + 1);
const subscriptionCreates = () => servers.stripe.callsTo('POST', '/v1/subscriptions');
const statusWith = async (cookie: string | undefined) =>
  (await fetch(`${service.url}/api/subscription`, { headers: cookie ? { cookie: `hhp_sub=${cookie}` } : {} })).json();

interface Started {
  clientSecret: string;
  customerId: string;
  completionToken: string;
}

async function start(email: string, sessionId?: string): Promise<Started> {
  const res = await post('/api/create-subscription', { email, ...(sessionId && { sessionId }) });
  expect(res.status).toBe(200);
  return (await res.json()) as Started;
}

/** A visitor who subscribed through /subscribe: their address, customer, subscription and cookie. */
async function subscriber() {
  const email = newEmail();
  const started = await start(email);
  const res = await post('/api/complete-subscription', {
    customerId: started.customerId,
    paymentMethodId: 'pm_card_visa',
    completionToken: started.completionToken,
  });
  expect(res.status).toBe(200);
  const { subscriptionId } = (await res.json()) as { subscriptionId: string };
  return { email, ...started, subscriptionId, cookie: cookieOf(res)! };
}

const mailsTo = async (email: string) =>
  (await mailpit.client.messages()).filter((m) => m.To.some((a) => a.Address === email));

beforeAll(async () => {
  suite = await startPaymentsSuite({}, { mail: true });
  ({ servers, mailpit, service } = suite);
});

afterAll(() => suite?.stop());

beforeEach(() => {
  servers.stripe.reset();
  rememberSubscriptions(servers.stripe);
});

describe('POST /api/complete-subscription: knowing a customer id is not enough', () => {
  test("when someone sends a subscriber's customer id with their own card and no proof, then nothing of the subscription is given", async () => {
    const victim = await subscriber();
    servers.stripe.reset();
    rememberSubscriptions(servers.stripe);

    const res = await post('/api/complete-subscription', {
      customerId: victim.customerId,
      paymentMethodId: 'pm_card_mastercard',
    });

    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe('completionToken: is required');
    expect(cookieOf(res)).toBeUndefined();
    expect(servers.stripe.calls).toHaveLength(0);
  });

  test("when someone starts their own attempt with a subscriber's e-mail and completes it with their own card, then it is 409: no cookie, no subscription id, no charge", async () => {
    const victim = await subscriber();
    servers.stripe.reset();
    rememberSubscriptions(servers.stripe);
    const attacker = await start(victim.email.toUpperCase());
    expect(attacker.customerId).toBe(victim.customerId);

    const res = await post('/api/complete-subscription', {
      customerId: attacker.customerId,
      paymentMethodId: 'pm_card_mastercard',
      completionToken: attacker.completionToken,
    });

    expect(res.status).toBe(409);
    const body = JSON.stringify(await res.json());
    expect(body).not.toContain(victim.subscriptionId);
    expect(body).toMatch(/already has a subscription/);
    expect(cookieOf(res)).toBeUndefined();
    expect(subscriptionCreates()).toHaveLength(0);
    expect(servers.stripe.callsTo('POST', `/v1/customers/${victim.customerId}`)).toHaveLength(0);
    expect(servers.stripe.callsTo('POST', /\/attach$/)).toHaveLength(0);
  });

  test("when the proof of one customer's attempt is sent with another customer's id, then it is 403 and nothing is created", async () => {
    const someone = await start(newEmail());
    const attacker = await start(newEmail());
    servers.stripe.reset();

    const res = await post('/api/complete-subscription', {
      customerId: someone.customerId,
      paymentMethodId: 'pm_card_mastercard',
      completionToken: attacker.completionToken,
    });

    expect(res.status).toBe(403);
    expect(await messageOf(res)).toMatch(/^completionToken: /);
    expect(cookieOf(res)).toBeUndefined();
    expect(servers.stripe.calls).toHaveLength(0);
  });

  test.each([
    ['signed with another secret', (customerId: string) => completionToken(customerId, 'x'.repeat(40))],
    ['expired', (customerId: string) => completionToken(customerId, COOKIE_SECRET, { now: Date.now() - 2 * 3600_000 })],
  ])('when the proof is %s, then it is 403 and nothing is created', async (_what, forge) => {
    const someone = await start(newEmail());
    servers.stripe.reset();

    const res = await post('/api/complete-subscription', {
      customerId: someone.customerId,
      paymentMethodId: 'pm_card_visa',
      completionToken: forge(someone.customerId),
    });

    expect(res.status).toBe(403);
    expect(servers.stripe.calls).toHaveLength(0);
  });

  test('when the browser that subscribed asks again after 3-D Secure, then it is answered its subscription and the cookie', async () => {
    const created = rememberSubscriptions(servers.stripe, { status: 'incomplete', invoiceSecret: 'pi_3ds_secret_ok' });
    const started = await start(newEmail());
    const completion = {
      customerId: started.customerId,
      paymentMethodId: 'pm_card_threeDSecure2Required',
      completionToken: started.completionToken,
    };
    const first = await post('/api/complete-subscription', completion);
    const { subscriptionId, clientSecret } = (await first.json()) as { subscriptionId: string; clientSecret: string };
    expect(clientSecret).toBe('pi_3ds_secret_ok');
    expect(cookieOf(first)).toBeUndefined();
    created.set(subscriptionId, { ...created.get(subscriptionId)!, status: 'active' });

    const again = await post('/api/complete-subscription', completion);

    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ subscriptionId, status: 'active' });
    expect(verifySubscriberCookie(cookieOf(again)!, COOKIE_SECRET)).toBe(started.customerId);
    expect(subscriptionCreates()).toHaveLength(1);
  });

  test('when a second tab of the subscribed browser completes its own attempt, then it is answered the subscription; without the cookie it is 409', async () => {
    const email = newEmail();
    const [tabA, tabB] = [await start(email), await start(email)];
    const first = await post('/api/complete-subscription', {
      customerId: tabA.customerId,
      paymentMethodId: 'pm_card_visa',
      completionToken: tabA.completionToken,
    });
    const { subscriptionId } = (await first.json()) as { subscriptionId: string };
    const cookie = cookieOf(first)!;
    const tabBCompletion = {
      customerId: tabB.customerId,
      paymentMethodId: 'pm_card_mastercard',
      completionToken: tabB.completionToken,
    };

    const withCookie = await post('/api/complete-subscription', tabBCompletion, {
      cookie: `${SUBSCRIBER_COOKIE}=${cookie}`,
    });
    const withoutCookie = await post('/api/complete-subscription', tabBCompletion);

    expect(withCookie.status).toBe(200);
    expect(await withCookie.json()).toMatchObject({ subscriptionId, status: 'active' });
    expect(withoutCookie.status).toBe(409);
    expect(cookieOf(withoutCookie)).toBeUndefined();
    expect(subscriptionCreates()).toHaveLength(1);
  });

  test('when someone starts another attempt with the same address and their own booking, then the subscription confirms the booking of the attempt that created it', async () => {
    const email = newEmail();
    const visitor = await start(email, 'bk-the-visitors-own');
    await start(email, 'bk-someone-elses');

    const res = await post('/api/complete-subscription', {
      customerId: visitor.customerId,
      paymentMethodId: 'pm_card_visa',
      completionToken: visitor.completionToken,
    });

    expect(res.status).toBe(200);
    const [created] = subscriptionCreates();
    expect(created!.params.get('metadata[bookingId]')).toBe('bk-the-visitors-own');
  });

  test('when an attempt was started without a booking, then its subscription carries none, whatever another attempt named', async () => {
    const email = newEmail();
    const visitor = await start(email);
    await start(email, 'bk-someone-elses');

    const res = await post('/api/complete-subscription', {
      customerId: visitor.customerId,
      paymentMethodId: 'pm_card_visa',
      completionToken: visitor.completionToken,
    });

    expect(res.status).toBe(200);
    expect(subscriptionCreates()[0]!.params.get('metadata[bookingId]')).toBeNull();
  });

  test("when a forged cookie names the subscriber's customer, then it is no proof either", async () => {
    const victim = await subscriber();
    const attacker = await start(victim.email);
    const forged = signSubscriberCookie(victim.customerId, 'another-secret-that-is-long-enough-000000');

    const res = await post(
      '/api/complete-subscription',
      { customerId: attacker.customerId, paymentMethodId: 'pm_card_visa', completionToken: attacker.completionToken },
      { cookie: `${SUBSCRIBER_COOKIE}=${forged}` },
    );

    expect(res.status).toBe(409);
    expect(cookieOf(res)).toBeUndefined();
    expect(await statusWith(forged)).toEqual({ status: 'none', active: false });
  });
});

describe('POST /api/create-subscription: who subscribes is not told', () => {
  test('when a subscriber and a new address start a subscription, then both get the same answer, and only the subscriber is e-mailed how to sign in', async () => {
    const known = await subscriber();
    const unknown = newEmail();
    servers.stripe.reset();

    const [a, b] = await Promise.all([
      post('/api/create-subscription', { email: known.email }),
      post('/api/create-subscription', { email: unknown }),
    ]);

    expect([a.status, b.status]).toEqual([200, 200]);
    const [bodyA, bodyB] = [(await a.json()) as Started, (await b.json()) as Started];
    expect(Object.keys(bodyA).sort()).toEqual(Object.keys(bodyB).sort());
    expect(bodyA.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(bodyB.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    const setups = servers.stripe.callsTo('POST', '/v1/setup_intents');
    expect(setups).toHaveLength(2);
    // The subscriber's card form saves no card on their customer: nobody can add cards to it this way.
    const customers = setups.map((call) => call.params.get('customer'));
    expect(customers).toEqual(expect.arrayContaining([null, bodyB.customerId]));
    expect(customers).not.toContain(known.customerId);

    const mail = await mailpit.client.waitForMessage({ to: known.email, subject: 'You already have a subscription' });
    expect(mail.Text).toContain('Nothing more will be charged');
    const signIn = /Sign in on this device: (\S+)/.exec(mail.Text)?.[1];
    expect(signIn).toMatch(/^http:\/\/portal\.test\/subscription\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.Text).toMatch(/Manage subscription: http:\/\/portal\.test\/subscription\/manage\?token=/);
    // The link signs this device in.
    const token = new URL(signIn!).searchParams.get('token');
    const signedIn = await post('/api/subscription/sign-in/complete', { token });
    expect(signedIn.status).toBe(200);
    expect(verifySubscriberCookie(cookieOf(signedIn)!, COOKIE_SECRET)).toBe(known.customerId);
    await sleep(300);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });
});
