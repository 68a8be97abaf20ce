// What an on-call person needs to see of the events: messages given up on (dead-lettered), how far each of the
// service's durable consumers lags behind the stream, and how long the outbox's oldest unpublished event has
// waited. Named like the DurablePublisher's (`events_*`); one set per registry, so several buses or relays of
// one service share them (by label).
import { Counter, Gauge, type Registry } from 'prom-client';
import type { JetStreamManager } from '@nats-io/jetstream';
import { EVENTS_STREAM } from '@hhp/proto';

/** The metric of that name in the registry, or a new one (a second bus or relay of one service reuses it). */
function metric<T>(registry: Registry, name: string, create: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? create();
}

/** Messages a consumer gave up on and sent to the dead-letter subject. */
export function deadLetteredCounter(registry: Registry): Counter<'consumer'> {
  return metric(
    registry,
    'events_dead_lettered_total',
    () =>
      new Counter({
        name: 'events_dead_lettered_total',
        help: 'Events sent to the dead-letter subject: unreadable, or their handler failed at every delivery',
        labelNames: ['consumer'] as const,
        registers: [registry],
      }),
  );
}

/**
 * The JetStream lag of the service's durable consumers, asked of the server at each scrape (a consumer info
 * request each, answered from the server's memory): messages not yet delivered, and delivered but not yet
 * acknowledged. A consumer the server does not answer for (NATS away) is left out of that scrape.
 */
export function consumerLagGauges(registry: Registry, jsm: JetStreamManager, durables: () => Iterable<string>): void {
  const ask = (durable: string) =>
    jsm.consumers.info(EVENTS_STREAM, durable).then(
      (info) => ({ durable, pending: info.num_pending, ackPending: info.num_ack_pending }),
      () => undefined,
    );
  const answers = () => Promise.all([...durables()].map(ask));
  const gauges = [
    [
      'events_consumer_pending',
      'Messages of the stream that a durable consumer of this service has not been delivered yet',
      'pending',
    ],
    [
      'events_consumer_ack_pending',
      'Messages delivered to a durable consumer of this service and not acknowledged yet',
      'ackPending',
    ],
  ] as const;
  for (const [name, help, count] of gauges) {
    metric(
      registry,
      name,
      () =>
        new Gauge({
          name,
          help,
          labelNames: ['consumer'] as const,
          registers: [registry],
          async collect() {
            this.reset();
            for (const answer of await answers()) if (answer) this.set({ consumer: answer.durable }, answer[count]);
          },
        }),
    );
  }
}

/** The outbox relays of each registry: their collection, and how long their oldest event has waited. */
const outboxLags = new WeakMap<Registry, Map<string, () => number>>();

/**
 * The outbox relay's metrics, labelled by the collection whose documents carry the events: events published,
 * and the age of the oldest event waiting (`lagSeconds`, read at each scrape: it grows while NATS is away).
 * Returns the counter and a function that stops reporting the lag (the relay stopped).
 */
export function outboxMetrics(
  registry: Registry,
  outbox: string,
  lagSeconds: () => number,
): { published: Counter<'outbox'>; forget(): void } {
  let lags = outboxLags.get(registry);
  if (!lags) outboxLags.set(registry, (lags = new Map()));
  lags.set(outbox, lagSeconds);
  metric(
    registry,
    'events_outbox_lag_seconds',
    () =>
      new Gauge({
        name: 'events_outbox_lag_seconds',
        help: 'How long the oldest event waiting in the outbox has waited to be published (0: none waiting)',
        labelNames: ['outbox'] as const,
        registers: [registry],
        collect() {
          this.reset();
          for (const [name, lag] of outboxLags.get(registry) ?? []) this.set({ outbox: name }, lag());
        },
      }),
  );
  const published = metric(
    registry,
    'events_outbox_published_total',
    () =>
      new Counter({
        name: 'events_outbox_published_total',
        help: 'Events the outbox relay published from the documents that carried them',
        labelNames: ['outbox'] as const,
        registers: [registry],
      }),
  );
  published.inc({ outbox }, 0);
  return { published, forget: () => lags.delete(outbox) };
}
