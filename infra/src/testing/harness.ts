// What the services' integration harnesses share: posting JSON as a browser would, waiting for what a service
// does after it has answered, and reading what it published on the events stream. Each harness re-exports these
// with its own way of connecting to NATS (the suite's superuser or a server of the suite's own).
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@hhp/proto';

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Probes until `done` holds, every 100 ms; fails naming `what` and the last value after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached in ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(100);
  }
}

export interface StoredEvent {
  id: string;
  type: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

/** Every event on `subject` in the stream, read from the start by an ordered consumer of `js`. */
export async function readStream<E = StoredEvent>(js: JetStreamClient, subject: string): Promise<E[]> {
  const consumer = await js.consumers.get(EVENTS_STREAM, { filter_subjects: [subject] });
  const events: E[] = [];
  const messages = await consumer.fetch({ max_messages: 100_000, expires: 1000 });
  for await (const msg of messages) {
    events.push(msg.json<E>());
    if (msg.info.pending === 0) break;
  }
  return events;
}

/**
 * Every event on `subject` in the stream, read on a connection of its own (`connectAs`: a user that may read
 * the stream, which a service's own user may not).
 */
export async function eventsOn(connectAs: () => Promise<NatsConnection>, subject: string): Promise<StoredEvent[]> {
  const nc = await connectAs();
  try {
    return await readStream(jetstream(nc), subject);
  } finally {
    await nc.close();
  }
}
