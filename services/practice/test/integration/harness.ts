// Starts the practice service in-process (port 0, its own database, its own NATS user, e-mail to Mailpit) with
// a clock the tests move (sign-ins not limited unless a test says so), and a console client that keeps its cookie and sends the portal's Origin.
import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { parseConfig, startService, type RunningService } from '@hhp/kit';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';
import { PracticeConfig } from '../../src/config.js';
import { practiceService } from '../../src/service.js';
import { startBooking, takeConsumers, uniqueDb as bookingDb } from '../../../booking/test/integration/harness.js';
import { SoftwarePasskey } from './authenticator.js';

export const PUBLIC_URL = 'http://localhost:8080';
export const ORIGIN = new URL(PUBLIC_URL).origin;
export const RP_ID = 'localhost';

export type PracticeService = RunningService<PracticeConfig> & { routers: Router[]; clock: Clock };

export const uniqueDb = (suite: string): string => `it-practice-${suite}-${randomUUID().slice(0, 8)}`;
export const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The service's clock: the real one, moved ahead by `advance`. */
export class Clock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export async function startPractice(db: string, env: Record<string, string> = {}): Promise<PracticeService> {
  const config = parseConfig(PracticeConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    ...natsEnvFor('practice'),
    PORT: '0',
    MONGODB_DB: db,
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    // Sign-ins are not limited unless a test says so.
    PRACTICE_SIGN_INS_PER_ADDRESS: '0',
    ...env,
  });
  const clock = new Clock();
  let routers: Router[] = [];
  const running = await startService({
    name: 'practice',
    config,
    setup: async (context) => {
      const parts = await practiceService(context, { now: clock.now });
      routers = parts.routers;
      return parts;
    },
  });
  return Object.assign(running, { routers, clock });
}

/** The token in an invitation e-mail's link (`…/practice/invite#<token>`). */
export async function inviteTokenFor(mailpit: Mailpit, to: string): Promise<string> {
  const mail = await mailpit.client.waitForMessage({ to, subject: 'Your invitation to the practice console' });
  return /\/practice\/invite#([A-Za-z0-9_-]{43})/.exec(mail.Text)![1]!;
}

/** A browser on the console: its cookie, its Origin, its user agent. */
export class ConsoleClient {
  cookie?: string;

  constructor(
    readonly baseUrl: string,
    readonly origin: string = ORIGIN,
  ) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    timeoutMs = 30_000,
  ): Promise<Response> {
    const all: Record<string, string> = {
      ...(this.origin ? { origin: this.origin } : {}),
      'user-agent': 'practice-test/1.0',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...headers,
    };
    // A header given as '' is not sent at all (no Origin).
    const sent = Object.fromEntries(Object.entries(all).filter(([, value]) => value !== ''));
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: sent,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const set = res.headers.get('set-cookie');
    if (set) {
      const [pair] = set.split(';');
      this.cookie = /=$/.test(pair!) || /Expires=Thu, 01 Jan 1970/.test(set) ? undefined : pair;
    }
    return res;
  }

  get = (path: string) => this.call('GET', path);
  post = (path: string, body: unknown = {}) => this.call('POST', path, body);

  /** Registers `passkey` with the invite's token; the session cookie is then this client's. */
  async register(token: string, passkey: SoftwarePasskey): Promise<Response> {
    const options = await this.post('/api/practice/register/options', { token });
    if (options.status !== 200) return options;
    const credential = passkey.register(await options.json(), { origin: this.origin });
    return this.post('/api/practice/register/verify', { token, credential });
  }

  async signIn(passkey: SoftwarePasskey): Promise<Response> {
    const options = await this.post('/api/practice/sign-in/options', {});
    if (options.status !== 200) return options;
    const credential = passkey.assert(await options.json(), { origin: this.origin });
    return this.post('/api/practice/sign-in/verify', { credential });
  }
}

/** The first admin, invited at start, registered with a passkey of her own: her client is signed in. */
export async function firstAdmin(service: PracticeService, mailpit: Mailpit, email: string) {
  const passkey = new SoftwarePasskey(RP_ID);
  const client = new ConsoleClient(service.url);
  const res = await client.register(await inviteTokenFor(mailpit, email), passkey);
  if (res.status !== 200) throw new Error(`first admin's registration: ${res.status} ${await res.text()}`);
  return { client, passkey };
}

/** A staff member invited by `admin` with `role`, registered: her client is signed in. */
export async function invitedStaff(
  admin: ConsoleClient,
  mailpit: Mailpit,
  email: string,
  role: 'admin' | 'practitioner',
) {
  const res = await admin.post('/api/practice/staff/invite', { email, role });
  if (res.status !== 200) throw new Error(`invite: ${res.status} ${await res.text()}`);
  const passkey = new SoftwarePasskey(RP_ID);
  const client = new ConsoleClient(admin.baseUrl);
  const registered = await client.register(await inviteTokenFor(mailpit, email), passkey);
  if (registered.status !== 200) throw new Error(`registration: ${registered.status} ${await registered.text()}`);
  const { id } = (await registered.json()) as { id: string };
  return { client, passkey, id };
}

/**
 * The console beside the real booking service, as the calendar, availability and feed suites use it: Mailpit,
 * booking (its own database, the NATS consumers taken from any other run, e-mail to the same Mailpit), the practice service, its first admin
 * and a practitioner, both signed in. `stop` drops both databases and stops everything, whatever a test stopped
 * already.
 */
export async function startConsoleWithBooking(suite: string, bookingEnv: Record<string, string> = {}) {
  const mailpit = await startMailpit();
  const giveBack = await takeConsumers();
  const booking = await startBooking(bookingDb(`console-${suite}`), { SMTP_URL: mailpit.smtpUrl, ...bookingEnv });
  const email = address(`${suite}-admin`);
  const practice = await startPractice(uniqueDb(suite), {
    SMTP_URL: mailpit.smtpUrl,
    PRACTICE_FIRST_ADMIN_EMAIL: email,
  });
  const admin = (await firstAdmin(practice, mailpit, email)).client;
  const invited = await invitedStaff(admin, mailpit, address(`${suite}-practitioner`), 'practitioner');
  const stop = async () => {
    for (const running of [practice, booking] as const) {
      if (running.mongo.connection.readyState !== 1) continue;
      await running.mongo.connection.dropDatabase();
      await running.close();
    }
    await giveBack();
    await mailpit.stop();
  };
  return { mailpit, booking, practice, admin, practitioner: invited.client, practitionerId: invited.id, stop };
}

export type ConsoleWithBooking = Awaited<ReturnType<typeof startConsoleWithBooking>>;
