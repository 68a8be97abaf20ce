// Subscribers on another device: the one-time sign-in link (single use, 15 minutes, the same answer for every
// address, rate limits exact under concurrency), the welcome e-mail with its "Manage subscription" link, and
// Stripe's customer portal; against real FerretDB, NATS, Mailpit and stripe-mock.
import { randomUUID } from 'node:crypto';
import { SIGN_IN_LINK_ANSWER, SIGN_IN_LINK_INVALID, SUBSCRIBER_COOKIE, Subjects } from '@hhp/proto';
import { verifySubscriberCookie } from '@hhp/kit';
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import {
  COOKIE_SECRET,
  eventsOn,
  eventually,
  messageOf,
  postJson,
  sendWebhook,
  sleep,
  startPayments,
  startPaymentsSuite,
  stopPayments,
  stripeEvent,
  type Payments,
  type PaymentsSuiteWithMail,
  type Servers,
} from './harness.js';

let suite: PaymentsSuiteWithMail;
let servers: Servers;
let mailpit: Mailpit;
let service: Payments;

const ids = () => randomUUID().replace(/-/g, '').slice(0, 14);

beforeAll(async () => {
  suite = await startPaymentsSuite({}, { mail: true });
  ({ servers, mailpit, service } = suite);
});

afterAll(() => suite?.stop());

const subscriptionObject = (id: string, customer: string, status: string) => ({
  id,
  object: 'subscription',
  customer,
  status,
  metadata: {},
  items: {
    object: 'list',
    data: [{ id: `si_${ids()}`, current_period_end: Math.floor(Date.now() / 1000) + 30 * 86_400 }],
  },
});

interface Subscriber {
  email: string;
  customerId: string;
  subscriptionId: string;
}

/** A customer made here (as create-subscription makes one) whose subscription Stripe says is `status`. */
async function subscriber(on: Payments, status = 'active'): Promise<Subscriber> {
  const tag = ids();
  const found = { email: `sub-${tag}@example.org`, customerId: `cus_${tag}`, subscriptionId: `sub_${tag}` };
  const now = new Date();
  await on.mongo.connection
    .collection('customers')
    .insertOne({ _id: found.customerId as never, email: found.email, createdAt: now, updatedAt: now });
  await changeSubscription(on, found, status, 'customer.subscription.created');
  return found;
}

async function changeSubscription(on: Payments, who: Subscriber, status: string, type: string, ageSeconds = 0) {
  const event = stripeEvent(
    type,
    subscriptionObject(who.subscriptionId, who.customerId, status),
    Math.floor(Date.now() / 1000) - ageSeconds,
  );
  expect((await sendWebhook(on, event)).status).toBe(200);
}

const askLink = (on: Payments, email: string, headers: Record<string, string> = {}) =>
  postJson(`${on.url}/api/subscription/sign-in`, { email }, headers);

const complete = (on: Payments, token: string) => postJson(`${on.url}/api/subscription/sign-in/complete`, { token });

const mailsTo = async (email: string, subject?: string) =>
  (await mailpit.client.messages()).filter(
    (m) => m.To.some((a) => a.Address === email) && (subject === undefined || m.Subject === subject),
  );

/** The token of the sign-in link in the latest e-mail to `email`. */
async function linkToken(email: string): Promise<string> {
  const mail = await mailpit.client.waitForMessage({ to: email, subject: 'Your sign-in link' });
  const url = /Sign in on this device: (\S+)/.exec(mail.Text)?.[1];
  expect(url).toMatch(/^http:\/\/portal\.test\/subscription\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
  expect(mail.HTML).toContain('Sign in on this device</a>');
  return new URL(url!).searchParams.get('token')!;
}

/** payments_sign_in_links_total by outcome, as /metrics shows it. */
async function linkCounts(on: Payments): Promise<Record<string, number>> {
  const text = await (await fetch(`${on.url}/metrics`)).text();
  const counts: Record<string, number> = { sent: 0, 'email-limit': 0 };
  for (const [, outcome, value] of text.matchAll(/^payments_sign_in_links_total\{outcome="([\w-]+)"[^}]*\} (\d+)$/gm)) {
    counts[outcome!] = Number(value);
  }
  return counts;
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SUBSCRIBER_COOKIE}=`))
    ?.split(';')[0]!
    .slice(SUBSCRIBER_COOKIE.length + 1);

describe('POST /api/subscription/sign-in', () => {
  test('when a subscriber and an unknown address ask, then both get the same 202 and only the subscriber gets a link', async () => {
    const known = await subscriber(service);
    const unknown = `nobody-${ids()}@example.org`;

    const [a, b] = await Promise.all([askLink(service, known.email.toUpperCase()), askLink(service, unknown)]);

    expect([a.status, b.status]).toEqual([202, 202]);
    const [bodyA, bodyB] = await Promise.all([a.json(), b.json()]);
    expect(bodyA).toEqual({ message: SIGN_IN_LINK_ANSWER });
    expect(bodyB).toEqual(bodyA);
    expect(a.headers.get('cache-control')).toBe('no-store');
    const mail = await mailpit.client.waitForMessage({ to: known.email, subject: 'Your sign-in link' });
    expect(mail.Text).toContain('The link works once, within 15 minutes.');
    expect(mail.From.Name).toBe('Holistic Health Portal');
    await sleep(500);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  test('when the address is not an e-mail address, then it is 400 naming the field', async () => {
    const res = await askLink(service, 'not-an-address');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/^email: /);
  });

  test('when an address has no active subscription (past due, cancelled), then no link is sent, with the same answer', async () => {
    const pastDue = await subscriber(service, 'past_due');
    const res = await askLink(service, pastDue.email);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ message: SIGN_IN_LINK_ANSWER });
    await sleep(800);
    expect(await mailsTo(pastDue.email)).toHaveLength(0);
  });
});

describe('POST /api/subscription/sign-in/complete', () => {
  test('when the link is followed, then this browser gets the subscriber cookie once; a second use is refused', async () => {
    const who = await subscriber(service);
    await askLink(service, who.email);
    const token = await linkToken(who.email);

    const first = await complete(service, token);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'active', active: true });
    const cookie = cookieOf(first);
    expect(verifySubscriberCookie(cookie, COOKIE_SECRET)).toBe(who.customerId);
    expect(first.headers.getSetCookie().join(';')).toMatch(/HttpOnly/i);
    const status = await fetch(`${service.url}/api/subscription`, {
      headers: { cookie: `${SUBSCRIBER_COOKIE}=${cookie}` },
    });
    expect(await status.json()).toMatchObject({ status: 'active', active: true });

    const again = await complete(service, token);
    expect(again.status).toBe(410);
    expect(await messageOf(again)).toBe(SIGN_IN_LINK_INVALID);
    expect(cookieOf(again)).toBeUndefined();
  });

  test('when one link is followed from several tabs at once, then exactly one of them is signed in', async () => {
    const who = await subscriber(service);
    await askLink(service, who.email);
    const token = await linkToken(who.email);

    const answers = await Promise.all(Array.from({ length: 8 }, () => complete(service, token)));

    expect(answers.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
    expect(answers.filter((r) => cookieOf(r) !== undefined)).toHaveLength(1);
  });

  test('when a token was never issued or is malformed, then it is refused without a cookie', async () => {
    const unknown = await complete(service, 'A'.repeat(43));
    expect(unknown.status).toBe(410);
    expect(cookieOf(unknown)).toBeUndefined();
    const malformed = await complete(service, 'short');
    expect(malformed.status).toBe(400);
    expect(await messageOf(malformed)).toMatch(/^token: /);
  });

  test('when the subscription was cancelled after the link was sent, then the link signs nobody in', async () => {
    const who = await subscriber(service);
    await askLink(service, who.email);
    const token = await linkToken(who.email);
    await changeSubscription(service, who, 'canceled', 'customer.subscription.deleted');

    const res = await complete(service, token);

    expect(res.status).toBe(409);
    expect(await messageOf(res)).toMatch(/no longer active/);
    expect(cookieOf(res)).toBeUndefined();
    // ai-query learns it from the same event: the cookie the subscriber already holds stops counting there.
    const changes = await eventually(
      'the cancellation published',
      async () =>
        (await eventsOn(servers, Subjects.subscriptionChanged)).filter(
          (e) => e.data.subscriptionId === who.subscriptionId,
        ),
      (found) => found.some((e) => e.data.status === 'canceled'),
    );
    expect(changes.at(-1)!.data).toMatchObject({ customerId: who.customerId, status: 'canceled' });
  });
});

describe('the sign-in link expires', () => {
  let shortLived: Payments;
  beforeAll(async () => {
    shortLived = await startPayments(servers, { SMTP_URL: mailpit.smtpUrl, SIGN_IN_LINK_TTL_SECONDS: '1' });
  });
  afterAll(() => stopPayments(shortLived));

  test('when the link is followed after its time, then it is refused as expired', async () => {
    const who = await subscriber(shortLived);
    await askLink(shortLived, who.email);
    const token = await linkToken(who.email);
    await sleep(1200);

    const res = await complete(shortLived, token);

    expect(res.status).toBe(410);
    expect(await messageOf(res)).toBe(SIGN_IN_LINK_INVALID);
    expect(cookieOf(res)).toBeUndefined();
  });
});

describe('the sign-in limits', () => {
  let limited: Payments;
  /** A second replica on the same database: within one process the takes are in turn, across them only the database decides. */
  let twin: Payments;
  const limits = {
    SMTP_URL: '',
    SIGN_IN_REQUESTS_PER_ADDRESS: '4',
    SIGN_IN_LINKS_PER_EMAIL: '3',
    TRUSTED_PROXIES: 'loopback',
    LOAD_TEST_ALLOWLIST: '203.0.113.128/25',
  };
  beforeAll(async () => {
    limited = await startPayments(servers, { ...limits, SMTP_URL: mailpit.smtpUrl });
    twin = await startPayments(servers, {
      ...limits,
      SMTP_URL: mailpit.smtpUrl,
      MONGODB_DB: limited.config.MONGODB_DB,
    });
  });
  afterAll(async () => {
    await twin?.close();
    await stopPayments(limited);
  });

  test('when two replicas are asked at once by one address, then exactly its limit gets through across both', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => askLink(i % 2 ? twin : limited, `someone-${ids()}@example.org`, headers)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([202, 202, 202, 202, ...Array<number>(8).fill(429)]);
  });

  test('when one link is followed through two replicas at once, then exactly one browser is signed in', async () => {
    const who = await subscriber(limited);
    await askLink(limited, who.email, { 'x-forwarded-for': '198.51.100.78' });
    const token = await linkToken(who.email);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => complete(i % 2 ? twin : limited, token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 410, 410, 410, 410, 410]);
  });

  test('when an allowlisted load generator asks many times, then every request gets through; just outside its range the limit counts', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.200' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => askLink(i % 2 ? twin : limited, `load-${ids()}@example.org`, headers)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array<number>(8).fill(202));
    // Just outside the range, the per-address limit counts as for anyone.
    const outside = { 'x-forwarded-for': '203.0.113.127' };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await askLink(limited, `out-${ids()}@example.org`, outside)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
  });

  test('when one address asks many times at once, then exactly its limit gets through and the rest get 429 with Retry-After', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.23' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => askLink(limited, `someone-${ids()}@example.org`, headers)),
    );

    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([202, 202, 202, 202, ...Array<number>(8).fill(429)]);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await messageOf(refused)).toMatch(/Too many sign-in requests/);
    // Another client address is not affected.
    expect((await askLink(limited, `else-${ids()}@example.org`, { 'x-forwarded-for': '198.51.100.24' })).status).toBe(
      202,
    );
  });

  test("when one subscriber's address is asked for many times at once, then exactly its limit of links is sent, with the same answer every time", async () => {
    const who = await subscriber(limited);
    const before = await linkCounts(limited);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => askLink(limited, who.email, { 'x-forwarded-for': `203.0.113.${i + 1}` })),
    );

    expect(answers.map((r) => r.status)).toEqual(Array<number>(10).fill(202));
    for (const body of await Promise.all(answers.map((r) => r.json()))) {
      expect(body).toEqual({ message: SIGN_IN_LINK_ANSWER });
    }
    await eventually(
      'three links',
      () => mailsTo(who.email, 'Your sign-in link'),
      (m) => m.length >= 3,
    );
    await sleep(1000);
    expect(await mailsTo(who.email, 'Your sign-in link')).toHaveLength(3);
    expect((await linkCounts(limited)).sent - before.sent).toBe(3);
    expect((await linkCounts(limited))['email-limit'] - before['email-limit']).toBe(7);
  });
});

describe('the welcome e-mail and the customer portal', () => {
  const welcomeOf = (email: string) =>
    mailpit.client.waitForMessage({ to: email, subject: 'Welcome: your unlimited subscription is active' });

  test('when a subscription becomes active, then one welcome e-mail is sent, however often Stripe says active again', async () => {
    const who = await subscriber(service, 'incomplete');
    await changeSubscription(service, who, 'active', 'customer.subscription.updated');
    const welcome = await welcomeOf(who.email);
    expect(welcome.Text).toMatch(/Manage subscription: http:\/\/portal\.test\/subscription\/manage\?token=\S+/);
    expect(welcome.HTML).toContain('Manage subscription</a>');

    await changeSubscription(service, who, 'trialing', 'customer.subscription.updated');
    await changeSubscription(service, who, 'active', 'customer.subscription.updated');
    await sleep(1000);

    expect(await mailsTo(who.email, welcome.Subject)).toHaveLength(1);
  });

  test("when the welcome e-mail's link is used, then Stripe's customer portal of that customer is opened", async () => {
    const who = await subscriber(service);
    const welcome = await welcomeOf(who.email);
    const manage = new URL(/Manage subscription: (\S+)/.exec(welcome.Text)![1]!);
    const token = manage.searchParams.get('token')!;
    servers.stripe.reset();

    const res = await postJson(`${service.url}/api/subscription/portal`, { token });

    expect(res.status).toBe(200);
    expect((await res.json()) as { url: string }).toEqual({ url: expect.stringMatching(/^https:\/\//) });
    const calls = servers.stripe.callsTo('POST', '/v1/billing_portal/sessions');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params.get('customer')).toBe(who.customerId);
    expect(calls[0]!.params.get('return_url')).toBe('http://portal.test/');
  });

  test('when the portal is asked with the subscriber cookie, then it opens; without it or with a forged token, 403', async () => {
    const who = await subscriber(service);
    await askLink(service, who.email);
    const cookie = cookieOf(await complete(service, await linkToken(who.email)))!;

    const withCookie = await postJson(
      `${service.url}/api/subscription/portal`,
      {},
      { cookie: `${SUBSCRIBER_COOKIE}=${cookie}` },
    );
    expect(withCookie.status).toBe(200);

    const without = await postJson(`${service.url}/api/subscription/portal`, {});
    expect(without.status).toBe(403);
    const forgedToken = `${Buffer.from(who.customerId).toString('base64url')}.${'x'.repeat(43)}`;
    const forged = await postJson(`${service.url}/api/subscription/portal`, { token: forgedToken });
    expect(forged.status).toBe(403);
    expect(await messageOf(forged)).toMatch(/not valid/);
  });
});
