// Starts the content service in-process (port 0, its own database) and reads what it published.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { natsConnectOptions, parseConfig, startService, type RunningService } from '@hhp/kit';
import { EVENTS_STREAM } from '@hhp/proto';
import { ContentConfig } from '../../src/config.js';
import { contentService } from '../../src/service.js';
import { signIngest } from '../../src/ingest/signature.js';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';

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

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function postSigned(
  url: string,
  body: unknown,
  { secret = SECRET, timestamp = Math.floor(Date.now() / 1000) }: { secret?: string; timestamp?: number } = {},
): Promise<Response> {
  const raw = JSON.stringify(body);
  return postJson(url, raw, { 'x-timestamp': String(timestamp), 'x-signature': signIngest(secret, timestamp, raw) });
}

export interface StoredEvent {
  id: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

/**
 * Every event on `subject` in the stream (an ordered consumer reads from the start). Read as the harness's
 * superuser (NATS_URL): the content service's own user may not read the stream.
 */
export async function eventsOn(subject: string, natsUrl = process.env.NATS_URL!): Promise<StoredEvent[]> {
  const nc = await connect(natsConnectOptions(natsUrl));
  try {
    const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, { filter_subjects: [subject] });
    const events: StoredEvent[] = [];
    const messages = await consumer.fetch({ max_messages: 100_000, expires: 1000 });
    for await (const msg of messages) {
      events.push(msg.json<StoredEvent>());
      if (msg.info.pending === 0) break;
    }
    return events;
  } finally {
    await nc.close();
  }
}

export async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached in ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
