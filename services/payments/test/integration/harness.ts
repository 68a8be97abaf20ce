// Starts the payments service in-process (port 0, its own database) against the harness's FerretDB, a
// nats-server of the suite's own (other suites' booking services would answer the booking lookup too), and
// stripe-mock behind the recording proxy. The booking service's side of rpc.booking.v1.session is played
// by a small responder that speaks proto's schema.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { connect, type NatsConnection, type Subscription as NatsSubscription } from '@nats-io/transport-node';
import { natsConnectOptions, parseConfig, startService, type RunningService } from '@hhp/kit';
import {
  BookingLookupRequest,
  BookingLookupResponse,
  PLANS,
  RpcSubjects,
  type SessionStatus,
  type SessionType,
} from '@hhp/proto';
import { PaymentsConfig } from '../../src/config.js';
import { paymentsService } from '../../src/service.js';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { startOwnNats, type OwnNats } from '../../../../infra/src/testing/own-nats.js';
import { startStripeMock, type StripeMock } from '../../../../infra/src/testing/stripe-mock.js';
import { eventsOn as streamEvents, type StoredEvent } from '../../../../infra/src/testing/harness.js';

export { eventually, postJson, sleep, type StoredEvent } from '../../../../infra/src/testing/harness.js';

export const WEBHOOK_SECRET = 'whsec_test_payments_integration_0123456789';
export const COOKIE_SECRET = 'a-test-cookie-secret-that-is-long-enough-0123';
export const SECRET_KEY = 'sk_test_payments123';
export const PUBLISHABLE_KEY = 'pk_test_payments123';

export type Payments = RunningService<PaymentsConfig>;

/** The suite's own servers: nats-server (with every service's user) and stripe-mock behind the proxy. */
export interface Servers {
  nats: OwnNats;
  /** The test superuser's URL (nats://hhp-test:…@…), for the responder and for reading events. */
  natsUrl: string;
  /** NATS_URL, NATS_USER, NATS_PASSWORD of the payments user. */
  paymentsNats: Record<string, string>;
  stripe: StripeMock;
  stop(): Promise<void>;
}

export async function startServers(): Promise<Servers> {
  const [nats, stripe] = await Promise.all([
    startOwnNats('payments-nats', { users: true }),
    startStripeMock({ record: true }),
  ]);
  return {
    nats,
    natsUrl: nats.superuserUrl,
    paymentsNats: nats.envFor('payments'),
    stripe,
    stop: async () => {
      await Promise.all([nats.remove(), stripe.stop()]);
    },
  };
}

export async function startPayments(servers: Servers, env: Record<string, string> = {}): Promise<Payments> {
  const config = parseConfig(PaymentsConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    ...servers.paymentsNats,
    PORT: '0',
    MONGODB_DB: `it-payments-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: servers.stripe.url,
    SUBSCRIBER_COOKIE_SECRET: COOKIE_SECRET,
    PUBLIC_BASE_URL: 'http://portal.test',
    ...env,
  });
  return startService({ name: 'payments', config, setup: paymentsService });
}

export async function stopPayments(service: Payments | undefined): Promise<void> {
  if (!service) return;
  await service.mongo.connection.dropDatabase().catch(() => undefined);
  await service.close();
}

export interface PaymentsSuite {
  servers: Servers;
  service: Payments;
  /** Stops the service (its database dropped), the suite's servers and Mailpit. */
  stop(): Promise<void>;
}

export type PaymentsSuiteWithMail = PaymentsSuite & { mailpit: Mailpit };

/**
 * What a payments suite runs against: servers of its own (`startServers`), the service on them with `env`, and
 * with `mail` a Mailpit of its own that the service sends through.
 */
export async function startPaymentsSuite(env?: Record<string, string>): Promise<PaymentsSuite>;
export async function startPaymentsSuite(
  env: Record<string, string>,
  options: { mail: true },
): Promise<PaymentsSuiteWithMail>;
export async function startPaymentsSuite(
  env: Record<string, string> = {},
  { mail = false } = {},
): Promise<PaymentsSuite & { mailpit?: Mailpit }> {
  const [servers, mailpit] = await Promise.all([startServers(), mail ? startMailpit() : undefined]);
  const stopServers = () => Promise.all([servers.stop(), mailpit?.stop()]);
  try {
    const service = await startPayments(servers, { ...(mailpit && { SMTP_URL: mailpit.smtpUrl }), ...env });
    return {
      servers,
      mailpit,
      service,
      async stop() {
        try {
          await stopPayments(service);
        } finally {
          await stopServers();
        }
      },
    };
  } catch (err) {
    await stopServers();
    throw err;
  }
}

/** A session as booking would describe it. */
export function bookedSession(
  overrides: Partial<NonNullable<BookingLookupResponse['session']>> & {
    type?: SessionType;
    status?: SessionStatus;
  } = {},
): NonNullable<BookingLookupResponse['session']> {
  const type = overrides.type ?? 'ai-session';
  return {
    id: `bk-${randomUUID().slice(0, 12)}`,
    type,
    priceCents: PLANS[type].priceCents,
    status: 'pending-payment',
    scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    durationMinutes: PLANS[type].durationMinutes,
    timeZone: 'America/New_York',
    name: 'Ada Visitor',
    email: 'ada@example.org',
    holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    ...overrides,
  };
}

export interface BookingResponder {
  sessions: Map<string, NonNullable<BookingLookupResponse['session']>>;
  /** How many lookups it received. */
  readonly asked: number;
  /** While true, it receives requests and never answers (a stalled booking service). */
  silent: boolean;
  stop(): Promise<void>;
}

/**
 * Answers rpc.booking.v1.session as the booking service does (the kit's reply envelope, proto's schemas),
 * in booking's queue group, from `sessions`.
 */
export async function bookingResponder(servers: Servers): Promise<BookingResponder> {
  const nc: NatsConnection = await connect(natsConnectOptions(servers.natsUrl));
  let asked = 0;
  const responder: BookingResponder = {
    sessions: new Map(),
    get asked() {
      return asked;
    },
    silent: false,
    stop: async () => {
      sub.unsubscribe();
      await nc.close();
    },
  };
  const sub: NatsSubscription = nc.subscribe(RpcSubjects.bookingSession, {
    queue: 'booking',
    callback: (err, msg) => {
      if (err) return;
      asked += 1;
      if (responder.silent) return;
      const { sessionId } = BookingLookupRequest.parse(msg.json());
      const answer = BookingLookupResponse.parse({ session: responder.sessions.get(sessionId) ?? null });
      msg.respond(JSON.stringify({ ok: true, data: answer }));
    },
  });
  await nc.flush();
  return responder;
}

export const messageOf = async (res: Response): Promise<string> => ((await res.json()) as { message: string }).message;

/** A Stripe event as Stripe would send it, with `object` as its data. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** POST the event to the webhook, signed as Stripe signs it (the SDK's test helper). */
export function sendWebhook(
  service: Payments,
  event: unknown,
  { secret = WEBHOOK_SECRET, signature }: { secret?: string; signature?: string | null } = {},
): Promise<Response> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const header = signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret }) : signature;
  return fetch(`${service.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header !== null && { 'stripe-signature': header }) },
    body: payload,
  });
}

/**
 * Makes the proxy remember the subscriptions created through it, as Stripe does (stripe-mock keeps no state
 * and answers one fixture): each gets an id of its own, the customer and metadata it was created with,
 * `status` and a period paid up for a month; reading it back answers it as stored. Change an entry of the
 * returned map to change what Stripe says next (an invoice confirmed after 3-D Secure).
 */
export function rememberSubscriptions(
  stripe: StripeMock,
  { status = 'active', invoiceSecret }: { status?: string; invoiceSecret?: string } = {},
): Map<string, Record<string, unknown>> {
  const created = new Map<string, Record<string, unknown>>();
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
  stripe.intercept({
    method: 'POST',
    path: /^\/v1\/subscriptions$/,
    transform: (body, call) => {
      const metadata = Object.fromEntries(
        [...call.params].flatMap(([key, value]) => {
          const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
          return name ? [[name, value]] : [];
        }),
      );
      const items = body.items as { data: Record<string, unknown>[] };
      const subscription = {
        ...body,
        id: `sub_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
        customer: call.params.get('customer'),
        status,
        metadata,
        items: { ...items, data: items.data.map((item) => ({ ...item, current_period_end: periodEnd })) },
        ...(invoiceSecret && {
          latest_invoice: {
            ...(body.latest_invoice as object),
            confirmation_secret: { client_secret: invoiceSecret, type: 'payment_intent' },
          },
        }),
      };
      created.set(subscription.id, subscription);
      return subscription;
    },
  });
  stripe.intercept({
    method: 'GET',
    path: /^\/v1\/subscriptions\/sub_/,
    transform: (body, call) => created.get(call.path.split('/').pop()!) ?? body,
  });
  return created;
}

/** Every event on `subject` in the suite's stream, read as the superuser. */
export const eventsOn = (servers: Servers, subject: string): Promise<StoredEvent[]> =>
  streamEvents(() => connect(natsConnectOptions(servers.natsUrl)), subject);
