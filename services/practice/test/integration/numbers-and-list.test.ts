// The console's e-mail list and numbers through the real boundary: the practice service and the real content
// service on a nats-server of this suite's own (the catalogue's users and permissions, as production runs them;
// its own, so that no other suite's practice service takes the events published here off the shared durable
// consumers), real FerretDB and Mailpit. Booking is played by a responder on the test's superuser connection (its
// two rpcs have their own tests in services/booking), so that it can be silent.
//
// - the list: admin only (403 for a practitioner), the confirmed addresses with their consent records, paged;
//   the CSV export quoted by RFC 4180 with formula-looking cells neutralised; both audited;
// - the numbers: revenue by plan from payments' events (a refund subtracts, a redelivered event and a payment
//   announced twice count once), answers and crises met from ai.v1.answered, bookings from booking; a booking
//   service that does not answer shows as unavailable while the rest is answered.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { createEnvelope, natsConnectOptions, parseConfig, startService, type RunningService } from '@hhp/kit';
import {
  NumbersResponse,
  RpcSubjects,
  Subjects,
  type ListResponse,
  type PracticeNumbersRpcRequest,
  type SessionType,
} from '@hhp/proto';
import { startNats, type NatsServer } from '../../../../infra/src/nats-server.js';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { testNatsUsers, TEST_SUPERUSER } from '../../../../infra/src/testing/nats-users.js';
import { ContentConfig } from '../../../content/src/config.js';
import { contentService } from '../../../content/src/service.js';
import { subscriberModel } from '../../../content/src/subscribers/subscriber.model.js';
import {
  address,
  firstAdmin,
  invitedStaff,
  startPractice,
  uniqueDb,
  type ConsoleClient,
  type PracticeService,
} from './harness.js';

let dir: string;
let nats: NatsServer;
let passwords: Record<string, string>;
let superuser: NatsConnection;
let mailpit: Mailpit;
let content: RunningService<ContentConfig>;
let practice: PracticeService;
let admin: ConsoleClient;
let practitioner: ConsoleClient;
let bookingAnswers: Subscription[] = [];

const asUser = (user: string) => ({ NATS_URL: nats.url, NATS_USER: user, NATS_PASSWORD: passwords[user]! });

/** The plans booking knows the bookings by (rpc.booking.v1.session). */
const plans = new Map<string, SessionType>();

/** Booking, played here: a booking's plan, and sessions per day (`silent`: it does not answer). */
function playBooking({ silent = false } = {}) {
  for (const sub of bookingAnswers) sub.unsubscribe();
  bookingAnswers = [
    superuser.subscribe(RpcSubjects.bookingSession, {
      callback: (_err, msg) => {
        const { sessionId } = msg.json<{ sessionId: string }>();
        const type = plans.get(sessionId);
        const session = type
          ? {
              id: sessionId,
              type,
              priceCents: 900,
              status: 'confirmed',
              scheduledAt: new Date().toISOString(),
              durationMinutes: 60,
              timeZone: 'America/New_York',
              name: 'Ada',
              email: 'ada@example.com',
            }
          : null;
        msg.respond(JSON.stringify({ ok: true, data: { session } }));
      },
    }),
    superuser.subscribe(RpcSubjects.practiceNumbers, {
      callback: (_err, msg) => {
        if (silent) return;
        const { from } = msg.json<PracticeNumbersRpcRequest>();
        const days = Array.from({ length: 7 }, (_, i) => {
          const date = new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
          return {
            date,
            total: i === 0 ? 3 : 1,
            byPlan: { 'ai-session': i === 0 ? 2 : 1, subscription: 0, 'dr-helen': i === 0 ? 1 : 0 },
          };
        });
        msg.respond(JSON.stringify({ ok: true, data: { timeZone: 'America/New_York', days } }));
      },
    }),
  ];
}

/** Publishes an event as its producer would (the envelope's id is its message id unless `msgId` says otherwise). */
async function publish(subject: string, data: unknown, { id = randomUUID(), msgId = id } = {}) {
  const envelope = createEnvelope(subject, data, { id });
  await jetstream(superuser).publish(subject, JSON.stringify(envelope), { msgID: msgId });
  return envelope;
}

async function numbers(client: ConsoleClient = practitioner): Promise<NumbersResponse> {
  const res = await client.get('/api/practice/numbers');
  expect(res.status).toBe(200);
  return NumbersResponse.parse(await res.json());
}

async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const auditActions = async () => {
  const res = await admin.get('/api/practice/audit?limit=200');
  return ((await res.json()) as { entries: { action: string; target?: string; email?: string }[] }).entries;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-practice-numbers-'));
  const users = testNatsUsers();
  passwords = users.passwords;
  nats = await startNats({ storeDir: path.join(dir, 'nats'), logFile: path.join(dir, 'nats.log'), users: users.users });
  superuser = await connect(
    natsConnectOptions(nats.url, { user: TEST_SUPERUSER, password: passwords[TEST_SUPERUSER]! }),
  );
  playBooking();
  mailpit = await startMailpit();
  content = await startService({
    name: 'content',
    config: parseConfig(ContentConfig, {
      MONGODB_URI: process.env.MONGODB_URI,
      ...asUser('content'),
      PORT: '0',
      MONGODB_DB: `it-content-list-${randomUUID().slice(0, 8)}`,
      CONTENT_INGEST_SECRET: 'test-ingest-secret-0123456789abcdef0123456789',
      LOG_LEVEL: 'silent',
      SIGNUPS_PER_ADDRESS: '0',
      SIGNUPS_PER_EMAIL: '0',
    }),
    setup: contentService,
  });
  const email = address('numbers-admin');
  practice = await startPractice(uniqueDb('numbers'), {
    ...asUser('practice'),
    SMTP_URL: mailpit.smtpUrl,
    PRACTICE_FIRST_ADMIN_EMAIL: email,
    PRACTICE_TIME_ZONE: 'America/New_York',
    PRACTICE_SOURCE_TIMEOUT_MS: '800',
  });
  admin = (await firstAdmin(practice, mailpit, email)).client;
  practitioner = (await invitedStaff(admin, mailpit, address('numbers-practitioner'), 'practitioner')).client;
}, 120_000);

afterAll(async () => {
  await practice?.mongo.connection.dropDatabase();
  await practice?.close();
  if (content) {
    await content.mongo.connection.dropDatabase();
    await content.close();
  }
  await superuser?.close();
  await nats?.stop();
  await mailpit?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the e-mail list', () => {
  const confirmedAt = new Date('2026-11-01T10:05:00Z');
  const steps = (via: string) => [
    { action: 'signup' as const, at: new Date('2026-11-01T10:00:00Z'), via },
    { action: 'confirm' as const, at: confirmedAt, via: 'confirmation link' },
  ];

  beforeAll(async () => {
    await subscriberModel(content.mongo.connection).collection.insertMany([
      {
        email: 'ada@example.com',
        source: 'hero',
        subscribedAt: new Date('2026-11-01T10:00:00Z'),
        confirmedAt,
        consent: steps('sign-up form (hero)'),
      },
      // A formula where a spreadsheet would run it, and a quote and a comma that must be quoted.
      {
        email: '=hyperlink("http://evil.example")@example.com',
        source: 'footer',
        subscribedAt: new Date('2026-11-01T10:00:00Z'),
        confirmedAt,
        consent: steps('sign-up form (footer), "quoted"'),
      },
      {
        email: '+cmd@example.com',
        source: 'footer',
        subscribedAt: new Date('2026-11-01T10:00:00Z'),
        confirmedAt,
        consent: steps('sign-up form (footer)'),
      },
      { email: 'not-yet@example.com', source: 'hero', subscribedAt: new Date('2026-11-01T10:00:00Z') },
    ]);
  });

  test('when a practitioner asks for the list or its CSV, then 403, and no address is read', async () => {
    expect((await practitioner.get('/api/practice/list')).status).toBe(403);
    expect((await practitioner.get('/api/practice/list.csv')).status).toBe(403);
  });

  test('when an admin reads a page, then it holds the confirmed addresses with their consent records, and the audit log says she read it', async () => {
    const res = await admin.get('/api/practice/list?page=1&pageSize=2');
    expect(res.status).toBe(200);
    const page = (await res.json()) as ListResponse;
    expect(page.total).toBe(3);
    expect(page.addresses.map((a) => a.email)).toEqual([
      '+cmd@example.com',
      '=hyperlink("http://evil.example")@example.com',
    ]);
    expect(page.addresses[0]!.consent).toEqual([
      { action: 'signup', at: '2026-11-01T10:00:00.000Z', via: 'sign-up form (footer)' },
      { action: 'confirm', at: '2026-11-01T10:05:00.000Z', via: 'confirmation link' },
    ]);
    const second = (await (await admin.get('/api/practice/list?page=2&pageSize=2')).json()) as ListResponse;
    expect(second.addresses.map((a) => a.email)).toEqual(['ada@example.com']);
    const read = (await auditActions()).filter((e) => e.action === 'list-read');
    expect(read.map((e) => e.target)).toEqual(['page 2 of 2', 'page 1 of 2']);
    // No address in the audit log.
    expect(JSON.stringify(await auditActions())).not.toMatch(/ada@example\.com|cmd@example/);
  });

  test('when the page or its size is not a number in range, or an unknown field is sent, then 400 naming it', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['pageSize=201', 'pageSize'],
      ['page=abc', 'page'],
      ['sort=email', 'sort'],
    ] as const) {
      const res = await admin.get(`/api/practice/list?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect((await res.json()).message).toMatch(new RegExp(field));
    }
  });

  test('when an admin exports the CSV, then every confirmed address is a record by RFC 4180, a cell that begins with = + - or @ is neutralised, and the export is audited', async () => {
    const res = await admin.get('/api/practice/list.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="email-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text.split('\r\n')).toEqual([
      'email,source,subscribed_at,confirmed_at,consent',
      "'+cmd@example.com,footer,2026-11-01T10:00:00.000Z,2026-11-01T10:05:00.000Z,signup 2026-11-01T10:00:00.000Z via sign-up form (footer); confirm 2026-11-01T10:05:00.000Z via confirmation link",
      `"'=hyperlink(""http://evil.example"")@example.com",footer,2026-11-01T10:00:00.000Z,2026-11-01T10:05:00.000Z,"signup 2026-11-01T10:00:00.000Z via sign-up form (footer), ""quoted""; confirm 2026-11-01T10:05:00.000Z via confirmation link"`,
      'ada@example.com,hero,2026-11-01T10:00:00.000Z,2026-11-01T10:05:00.000Z,signup 2026-11-01T10:00:00.000Z via sign-up form (hero); confirm 2026-11-01T10:05:00.000Z via confirmation link',
      '',
    ]);
    expect((await auditActions()).find((e) => e.action === 'list-exported')).toMatchObject({ target: 'csv' });
  });
  test('when content does not answer, then the page and the export are 503 with a sentence, and no half-written file', async () => {
    await content.mongo.connection.dropDatabase();
    await content.close();
    content = undefined!;
    for (const path of ['/api/practice/list', '/api/practice/list.csv']) {
      const res = await admin.get(path);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([
        path,
        503,
        expect.stringMatching(/^application\/json/),
      ]);
      expect((await res.json()).message).toBe(
        'The e-mail list cannot be read right now. Please try again in a moment.',
      );
    }
  });
});

describe('the numbers', () => {
  test('when a payment succeeds, is refunded, its event is redelivered and it is announced again, then revenue by plan counts each once and the refund subtracts', async () => {
    plans.set('booking-a', 'dr-helen').set('booking-b', 'ai-session');
    const paidA = await publish(Subjects.paymentSucceeded, {
      paymentIntentId: 'pi_a',
      bookingId: 'booking-a',
      amountCents: 40000,
      currency: 'usd',
    });
    await publish(Subjects.paymentSucceeded, {
      paymentIntentId: 'pi_b',
      bookingId: 'booking-b',
      amountCents: 900,
      currency: 'usd',
    });
    // The same event delivered again (a redelivery: the same envelope id) and the same payment announced under
    // another event id (payments' second outbox entry for it).
    await publish(Subjects.paymentSucceeded, paidA.data, { id: paidA.id, msgId: `${paidA.id}-again` });
    await publish(Subjects.paymentSucceeded, paidA.data);
    await publish(Subjects.paymentRefunded, {
      paymentIntentId: 'pi_b',
      bookingId: 'booking-b',
      refundId: 're_b',
      amountCents: 900,
      reason: 'cancelled',
    });
    await publish(Subjects.paymentRefunded, {
      paymentIntentId: 'pi_b',
      bookingId: 'booking-b',
      refundId: 're_b',
      amountCents: 900,
      reason: 'cancelled',
    });
    await publish(Subjects.invoicePaid, {
      invoiceId: 'in_1',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      amountCents: 1900,
    });

    const answer = await eventually(
      numbers,
      (n) => n.revenue.status === 'ok' && n.revenue.week.netCents === 41900,
      'revenue',
    );
    if (answer.revenue.status !== 'ok') throw new Error('unavailable');
    expect(answer.revenue.week.plans).toEqual([
      { plan: 'ai-session', netCents: 0, paidCents: 900, refundedCents: 900 },
      { plan: 'subscription', netCents: 1900, paidCents: 1900, refundedCents: 0 },
      { plan: 'dr-helen', netCents: 40000, paidCents: 40000, refundedCents: 0 },
    ]);
    expect(answer.revenue.month).toEqual(answer.revenue.week);
    // Later events are counted after these: nothing more arrives for the redelivered ones.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const again = await numbers();
    expect(again.revenue).toEqual(answer.revenue);
  });

  test('when the assistant answers and meets a crisis, then today counts both apart, and no text reaches practice', async () => {
    const visitor = 'a'.repeat(64);
    const answered = (mode: string) => ({
      visitor,
      mode,
      streamed: true,
      isSubscriber: false,
      latencyMs: 12,
      sources: 2,
    });
    const one = await publish(Subjects.aiAnswered, answered('offline'));
    await publish(Subjects.aiAnswered, answered('openai'));
    await publish(Subjects.aiAnswered, answered('crisis'));
    await publish(Subjects.aiAnswered, one.data, { id: one.id, msgId: `${one.id}-again` });

    const answer = await eventually(
      numbers,
      (n) => n.aiAnswers.status === 'ok' && n.aiAnswers.today === 2 && n.crises.status === 'ok' && n.crises.today === 1,
      'answers and crises',
    );
    expect(answer.aiAnswers).toMatchObject({ status: 'ok', today: 2, week: 2 });
    expect(answer.crises).toMatchObject({ status: 'ok', today: 1, week: 1 });
    expect(answer.bookings).toMatchObject({ status: 'ok', week: 9 });
  });

  test('when booking does not answer, then the bookings show as unavailable within the deadline and the rest is answered', async () => {
    playBooking({ silent: true });
    try {
      const started = Date.now();
      const answer = await numbers(admin);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(answer.bookings).toEqual({ status: 'unavailable' });
      expect(answer.revenue.status).toBe('ok');
      expect(answer.aiAnswers.status).toBe('ok');
    } finally {
      playBooking();
    }
    expect((await numbers()).bookings.status).toBe('ok');
    expect((await auditActions()).filter((e) => e.action === 'numbers-read').length).toBeGreaterThan(0);
  });
});
