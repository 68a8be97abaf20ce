// Starts the content service in-process (port 0, its own database) and reads what it published.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { natsConnectOptions, parseConfig, startService, type RunningService } from '@hhp/kit';
import { ContentConfig } from '../../src/config.js';
import { contentService } from '../../src/service.js';
import { signIngest } from '../../src/ingest/signature.js';
import { startMailpit, type MailDetail, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';
import { startOwnNats } from '../../../../infra/src/testing/own-nats.js';
import { eventsOn as streamEvents, postJson, type StoredEvent } from '../../../../infra/src/testing/harness.js';

export { eventually, postJson, sleep, type StoredEvent } from '../../../../infra/src/testing/harness.js';

export const SECRET = 'test-ingest-secret-0123456789abcdef0123456789';

export type ContentService = RunningService<ContentConfig>;

/** A database name no other suite (or earlier run) uses. */
export const uniqueDb = (suite: string): string => `it-content-${suite}-${randomUUID().slice(0, 8)}`;

/**
 * The service as production runs it: connected to NATS as its own user (`content`, allowed only its own
 * subjects and bucket), where the harness started nats-server. Signups are not limited unless a test says so.
 */
export async function startContent(db: string, env: Record<string, string> = {}): Promise<ContentService> {
  const config = parseConfig(ContentConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    ...natsEnvFor('content'),
    PORT: '0',
    MONGODB_DB: db,
    CONTENT_INGEST_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    SIGNUPS_PER_ADDRESS: '0',
    SIGNUPS_PER_EMAIL: '0',
    ...env,
  });
  return startService({ name: 'content', config, setup: contentService });
}

export const LIST_SECRET = 'test-list-token-secret-0123456789abcdef01234567';
export const PUBLIC_URL = 'https://portal.example';

export interface ListSuite {
  mailpit: Mailpit;
  /** The running service (after `restart`, the new one). */
  service: ContentService;
  /** Stops the service and starts it again on the same database, with `env` over the list's settings. */
  restart(env?: Record<string, string>): Promise<ContentService>;
  /** Drops the suite's database, stops the service and Mailpit. */
  stop(): Promise<void>;
}

/**
 * What an e-mail list suite runs against: the service with the list's settings, sending through a Mailpit of its
 * own, on a nats-server of its own: every content service consumes the sign-ups as \`content-optin\`, and one on
 * the shared server (another suite's, with another database) would take this suite's sign-ups and find nobody.
 */
export async function startListSuite(suite: string): Promise<ListSuite> {
  const [mailpit, nats] = await Promise.all([startMailpit(), startOwnNats(`content-${suite}`, { users: true })]);
  const stopServers = () => Promise.all([mailpit.stop(), nats.remove()]);
  try {
    const db = uniqueDb(suite);
    const start = (env: Record<string, string> = {}) =>
      startContent(db, {
        ...nats.envFor('content'),
        SMTP_URL: mailpit.smtpUrl,
        LIST_TOKEN_SECRET: LIST_SECRET,
        PUBLIC_URL,
        ...env,
      });
    const running: ListSuite = {
      mailpit,
      service: await start(),
      async restart(env) {
        await running.service.close();
        running.service = await start(env);
        return running.service;
      },
      async stop() {
        try {
          await running.service.mongo.connection.dropDatabase();
          await running.service.close();
        } finally {
          await stopServers();
        }
      },
    };
    return running;
  } catch (err) {
    await stopServers();
    throw err;
  }
}

/** The list's routes as a visitor's browser and mail client call them, on the suite's `service()`. */
export function listRoutes(service: () => ContentService, source: string) {
  const unsubscribeUrl = (token: string) =>
    `${service().url}/api/subscribe-email/unsubscribe?token=${encodeURIComponent(token)}`;
  return {
    signUp: (email: string) => postJson(`${service().url}/api/subscribe-email`, { email, source }),
    confirm: (token: unknown) => postJson(`${service().url}/api/subscribe-email/confirm`, { token }),
    /** What a mail client sends to the List-Unsubscribe header's address (RFC 8058). */
    unsubscribeOneClick: (token: string) =>
      fetch(unsubscribeUrl(token), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    /** What the unsubscribe page sends. */
    unsubscribePage: (token: string) => postJson(unsubscribeUrl(token), {}),
  };
}

/** An address of its own per call. */
export const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;
/** The token of a confirmation e-mail's link. */
export const confirmTokenIn = (mail: MailDetail) =>
  tokenIn(/https:\/\/portal\.example\/email-confirmed\?token=\S+/.exec(mail.Text)![0]);
/** The token of an e-mail's List-Unsubscribe header. */
export const unsubscribeTokenIn = (mail: MailDetail) => tokenIn(mail.headers['List-Unsubscribe']![0]!.slice(1, -1));

export function postSigned(
  url: string,
  body: unknown,
  { secret = SECRET, timestamp = Math.floor(Date.now() / 1000) }: { secret?: string; timestamp?: number } = {},
): Promise<Response> {
  const raw = JSON.stringify(body);
  return postJson(url, raw, { 'x-timestamp': String(timestamp), 'x-signature': signIngest(secret, timestamp, raw) });
}

/**
 * Every event on `subject` in the stream, read as the harness's superuser (NATS_URL): the content service's own
 * user may not read the stream.
 */
export const eventsOn = (subject: string, natsUrl = process.env.NATS_URL!): Promise<StoredEvent[]> =>
  streamEvents(() => connect(natsConnectOptions(natsUrl)), subject);

type Held = (...args: unknown[]) => unknown;

/**
 * The database stops answering (a frozen server, a full disk, a partition) for one collection's methods:
 * their calls wait until `release()`, then run for real. `find` hands back its real cursor, whose
 * `toArray` waits. (The same idea as ai-query's database-stall test.)
 */
export function stallDatabase(service: ContentService, collection: string, methods: string[]) {
  let open!: () => void;
  const held = new Promise<void>((resolve) => (open = resolve));
  const target = service.mongo.connection.collection(collection) as unknown as Record<string, Held>;
  const calls: Promise<unknown>[] = [];
  const hold = (run: () => unknown) => {
    const call = held.then(run);
    calls.push(call.catch(() => undefined));
    return call;
  };
  const spies = methods.map((method) => {
    const real = target[method]!.bind(target);
    return jest.spyOn(target, method).mockImplementation((...args: unknown[]) => {
      if (method !== 'find') return hold(() => real(...args));
      const cursor = real(...args) as { toArray: () => Promise<unknown> };
      const toArray = cursor.toArray.bind(cursor);
      cursor.toArray = () => hold(toArray) as Promise<unknown>;
      return cursor;
    });
  });
  return {
    /** How many calls are being held. */
    get held() {
      return calls.length;
    },
    /** Lets the held calls through and waits for them. */
    async release() {
      open();
      for (const spy of spies) spy.mockRestore();
      await Promise.all(calls);
    },
  };
}
