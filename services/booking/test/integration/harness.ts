// Starts the booking service in-process (port 0, its own database, its own NATS user), publishes what
// payments would publish, and reads what booking published.
import { mkdir, rmdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  DEFAULT_MAX_DELIVER,
  createEnvelope,
  ensureStream,
  natsConnectOptions,
  parseConfig,
  startService,
  type RunningService,
} from '@hhp/kit';
import { EVENTS_STREAM, PLANS, PaymentsStatusResponse, RpcSubjects, Subjects, type SessionType } from '@hhp/proto';
import { BookingConfig } from '../../src/config.js';
import { bookingService } from '../../src/service.js';
import { planDay, wallClock, type Slot } from '../../src/calendar/calendar.js';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';
import {
  eventsOn as streamEvents,
  eventually,
  postJson,
  sleep,
  type StoredEvent,
} from '../../../../infra/src/testing/harness.js';

export { eventually, postJson, sleep, type StoredEvent } from '../../../../infra/src/testing/harness.js';

export type BookingService = RunningService<BookingConfig>;

export const TIME_ZONE = 'America/New_York';
export const SLOT_TAKEN = 'That time was just booked. Please choose another slot.';

/** A database name no other suite (or earlier run) uses. */
export const uniqueDb = (suite: string): string => `it-booking-${suite}-${randomUUID().slice(0, 8)}`;

/** The service as production runs it, connected to NATS as its own user `booking` (IT_LOG=info shows its log). */
export async function startBooking(db: string, env: Record<string, string> = {}): Promise<BookingService> {
  const config = parseConfig(BookingConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    ...natsEnvFor('booking'),
    PORT: '0',
    MONGODB_DB: db,
    LOG_LEVEL: process.env.IT_LOG ?? 'silent',
    PRACTICE_TIME_ZONE: TIME_ZONE,
    ...env,
  });
  return startService({ name: 'booking', config, setup: bookingService });
}

const DURABLES: [string, string][] = [
  ['booking-payments', Subjects.paymentSucceeded],
  ['booking-refunds', Subjects.paymentRefunded],
  ['booking-subscriptions', Subjects.subscriptionChanged],
  ['booking-mail', Subjects.bookingConfirmed],
  ['booking-reschedules', Subjects.bookingRescheduled],
  ['booking-cancellations', Subjects.bookingCancelled],
];

export const SUPPORT_EMAIL = 'practice@holistic.test';

/**
 * Payments' side of rpc.payments.v1.status while the suite holds the consumers (below): by default payments
 * take a payment; a test sets `acceptsPayments` false (payments off) or `silent` (payments down).
 */
export const payments = { acceptsPayments: true, silent: false, asked: 0 };

async function paymentsResponder(): Promise<() => Promise<void>> {
  const nc = await superuser();
  nc.subscribe(RpcSubjects.paymentsStatus, {
    queue: 'payments',
    callback: (err, msg) => {
      if (err) return;
      payments.asked += 1;
      if (payments.silent) return;
      const data = PaymentsStatusResponse.parse({
        acceptsPayments: payments.acceptsPayments,
        supportEmail: SUPPORT_EMAIL,
      });
      msg.respond(JSON.stringify({ ok: true, data }));
    },
  });
  await nc.flush();
  return () => nc.close();
}

/**
 * The booking service's durable consumers are shared by every suite on this nats-server. A suite holds them
 * for its whole run (a directory lock per server, so suites that jest runs in parallel take turns), and
 * starts them afresh from new messages: events other suites published before are not replayed to it. While
 * it holds them it also answers for payments (`payments` above), so it alone decides what booking hears.
 */
export async function takeConsumers(): Promise<() => Promise<void>> {
  const server = new URL(process.env.NATS_TEST_SERVER ?? process.env.NATS_URL!);
  const lock = path.join(os.tmpdir(), `hhp-booking-consumers-${server.hostname}-${server.port}.lock`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > deadline) throw err;
      // Left by a run that was killed (against servers named from outside, which outlive it): no suite holds
      // the consumers for ten minutes.
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > 600_000) await rmdir(lock).catch(() => undefined);
      await sleep(200);
    }
  }
  const nc = await superuser();
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm);
    for (const [durable, subject] of DURABLES) {
      await jsm.consumers.delete(EVENTS_STREAM, durable).catch(() => false);
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: durable,
        filter_subject: subject,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.New,
        max_deliver: DEFAULT_MAX_DELIVER,
        ack_wait: nanos(30_000),
      });
    }
  } catch (err) {
    await rmdir(lock);
    throw err;
  } finally {
    await nc.close();
  }
  const stopPayments = await paymentsResponder();
  return async () => {
    await stopPayments();
    await rmdir(lock);
  };
}

/** Drops a service's database and stops it. */
export async function stopBooking(service: BookingService): Promise<void> {
  await service.mongo.connection.dropDatabase();
  await service.close();
}

type Settings = Record<string, string>;

export interface BookingSuite {
  /** The running service (after `restart`, the new one). */
  service: BookingService;
  /** Stops the service, runs `meanwhile` while it is down, and starts it again on the same database and settings. */
  restart(meanwhile?: () => Promise<void>): Promise<BookingService>;
  /** Drops the suite's database, stops the service, gives the consumers back and stops Mailpit. */
  stop(): Promise<void>;
}

export type BookingSuiteWithMail = BookingSuite & { mailpit: Mailpit };

/**
 * What a booking suite runs against: the consumers held (`takeConsumers`), the service on a database of its own
 * with the suite's settings, and with `mail` a Mailpit of its own that the service sends through.
 */
export async function startBookingSuite(suite: string, settings?: Settings): Promise<BookingSuite>;
export async function startBookingSuite(
  suite: string,
  settings: Settings,
  options: { mail: true },
): Promise<BookingSuiteWithMail>;
export async function startBookingSuite(
  suite: string,
  settings: Settings = {},
  { mail = false } = {},
): Promise<BookingSuite & { mailpit?: Mailpit }> {
  const mailpit = mail ? await startMailpit() : undefined;
  let giveBack: (() => Promise<void>) | undefined;
  const release = async () => {
    await giveBack?.();
    await mailpit?.stop();
  };
  try {
    giveBack = await takeConsumers();
    const db = uniqueDb(suite);
    const env = { ...(mailpit && { SMTP_URL: mailpit.smtpUrl }), ...settings };
    const running = {
      mailpit,
      service: await startBooking(db, env),
      async restart(meanwhile?: () => Promise<void>) {
        await running.service.close();
        await meanwhile?.();
        running.service = await startBooking(db, env);
        return running.service;
      },
      async stop() {
        try {
          await stopBooking(running.service);
        } finally {
          await release();
        }
      },
    };
    return running;
  } catch (err) {
    await release();
    throw err;
  }
}

/** The harness's superuser (NATS_URL): it may publish what payments publishes and read every subject. */
export const superuser = (): Promise<NatsConnection> => connect(natsConnectOptions(process.env.NATS_URL!));

/**
 * Publish an event as payments would: the envelope id is JetStream's msgID unless `msgId` says otherwise
 * (a second delivery of the same event that JetStream's de-duplication would not catch).
 */
export async function publishEvent(subject: string, data: unknown, { id = randomUUID(), msgId = id } = {}) {
  const nc = await superuser();
  try {
    const envelope = createEnvelope(subject, data, { id });
    await jetstream(nc).publish(subject, JSON.stringify(envelope), { msgID: msgId });
    return envelope;
  } finally {
    await nc.close();
  }
}

/** Every event on `subject` in the stream, read as the harness's superuser. */
export const eventsOn = (subject: string): Promise<StoredEvent[]> => streamEvents(superuser, subject);

/** The events on `subject` about one booking. */
export const eventsFor = async (subject: string, bookingId: string) =>
  (await eventsOn(subject)).filter((e) => e.data.bookingId === bookingId);

/** A client address of its own per call (the service trusts loopback's X-Forwarded-For, as behind nginx). */
let lastAddress = 0;
export const fromAddress = (address = `198.51.100.${(lastAddress = (lastAddress % 250) + 1)}`) => ({
  'x-forwarded-for': address,
});

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The open days of a plan from `fromDays` ahead on, one per call in turn, so that each test has days of its
 * own in the suite's database.
 */
export function openDays(type: SessionType, fromDays: number) {
  let offset = fromDays;
  return (): { date: string; slots: Slot[] } => {
    for (const last = offset + 31; offset < last;) {
      const date = isoDate(new Date(Date.now() + offset++ * 86_400_000));
      const day = planDay(type, date, TIME_ZONE, new Date());
      if (day.state === 'open') return { date, slots: day.slots };
    }
    throw new Error(`no open ${type} day within a month of ${offset - 31} days ahead (past the booking horizon?)`);
  };
}

/** The practice's today ("2026-03-10"), worked out here on its own. */
export const practiceToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/** The calendar date `days` after `date` ("2026-03-10"). */
export const plusDays = (date: string, days: number): string =>
  isoDate(new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000));

/**
 * The last day of the booking horizon, worked out here on its own: the practice's today plus 6 calendar months
 * (the same day of the month, or that month's last day when it is shorter).
 */
export function horizonLastDay(now = new Date()): string {
  const [y, m, d] = practiceToday(now).split('-').map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(y, m - 1 + 6 + 1, 0)).getUTCDate();
  return isoDate(new Date(Date.UTC(y, m - 1 + 6, Math.min(d, daysInMonth))));
}

/** A plan's slot time on any calendar date, whatever the calendar says of that day. */
export const slotOn = (date: string, time = '09:00'): Date => wallClock(date, time, TIME_ZONE);

export function bookingBody(type: SessionType, scheduledAt: string | Date, extra: Record<string, unknown> = {}) {
  return {
    userId: null,
    type,
    scheduledAt: typeof scheduledAt === 'string' ? scheduledAt : scheduledAt.toISOString(),
    notes: '',
    name: 'Ada Visitor',
    email: 'ada@example.com',
    ...extra,
  };
}

/** Book and return the id (the test fails here when the booking is refused); `extra` changes the body's fields. */
export async function book(
  service: BookingService,
  type: SessionType,
  at: Date,
  headers = fromAddress(),
  extra: Record<string, unknown> = {},
) {
  const res = await postJson(`${service.url}/api/book-session`, bookingBody(type, at, extra), headers);
  if (res.status !== 200) throw new Error(`booking refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** The payment intent payments would name for a booking. */
export const paymentIntentOf = (bookingId: string) => `pi_${bookingId.replace(/[^A-Za-z0-9]/g, '')}`;

/** payment.v1.succeeded for a booking, as payments publishes it once the visitor has paid `amountCents`. */
export const pay = (bookingId: string, amountCents: number, paymentIntentId = paymentIntentOf(bookingId)) =>
  publishEvent(Subjects.paymentSucceeded, { paymentIntentId, bookingId, amountCents, currency: 'usd' });

/** Pays for a booking at its plan's price and waits until booking says it is confirmed. */
export async function payAndConfirm(service: BookingService, bookingId: string, type: SessionType) {
  await pay(bookingId, PLANS[type].priceCents);
  await eventually(
    'confirmed',
    async () => (await sessionOf(service, bookingId)).body.status,
    (status) => status === 'confirmed',
  );
}

/**
 * Booked by a visitor with an e-mail address of its own, paid at the plan's price, and its confirmation arrived
 * in `mailpit`: the e-mail, and the "Change or cancel" link in it when the service signs one.
 */
export async function confirmedByMail(
  service: BookingService,
  mailpit: Mailpit,
  type: SessionType,
  at: Date,
  extra: Record<string, unknown> = {},
) {
  const email = `v${randomUUID().slice(0, 8)}@example.com`;
  const id = await book(service, type, at, fromAddress(), { email, ...extra });
  await pay(id, PLANS[type].priceCents);
  const mail = await mailpit.client.waitForMessage({ to: email, subject: / is confirmed$/ });
  const link = /Change or cancel: (\S+)/.exec(mail.Text)?.[1];
  return { id, email, mail, link: link === undefined ? undefined : new URL(link) };
}

/** A reply over NATS as the kit sends it. */
export interface Reply<T = Record<string, unknown>> {
  ok: boolean;
  data?: T;
  status?: number;
  message?: string;
}

/** Asks booking over NATS as practice does (as the harness's superuser; practice's own user is its suite's). */
export async function askAsPractice<T = Record<string, unknown>>(subject: string, request: unknown): Promise<Reply<T>> {
  const nc = await superuser();
  try {
    return (await nc.request(subject, JSON.stringify(request), { timeout: 20_000 })).json<Reply<T>>();
  } finally {
    await nc.close();
  }
}

export async function sessionOf(service: BookingService, id: string) {
  const res = await fetch(`${service.url}/api/session/${id}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function availabilityOf(service: BookingService, type: SessionType, date: string) {
  const res = await fetch(`${service.url}/api/availability?type=${type}&date=${date}`);
  return (await res.json()) as { open: boolean; slots: { time: string; startsAt: string; available: boolean }[] };
}

export const collection = (service: BookingService, name: 'bookings' | 'seat_claims') =>
  service.mongo.connection.db!.collection(name);
