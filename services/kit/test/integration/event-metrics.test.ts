import { randomUUID } from 'node:crypto';
import { Schema } from 'mongoose';
import {
  OutboxRelay,
  createEnvelope,
  outboxEntry,
  outboxPath,
  startService,
  type EventBus,
  type RunningService,
} from '../../src/index.js';
import { testConfig, type Config } from './harness.js';

/** The value of one sample of the service's /metrics, by name and labels (undefined when absent). */
async function sample(service: RunningService<Config>, name: string, labels: Record<string, string>) {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && wanted.every((label) => l.slice(0, l.indexOf('}')).includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the readiness and event metrics of a service built on the kit', () => {
  let service: RunningService<Config>;
  let flaky = true;

  beforeAll(async () => {
    service = await startService({
      name: 'kit-metrics',
      config: testConfig('kit-metrics', 'kit-metrics'),
      setup: () => ({ routers: [], readiness: { flaky: () => flaky } }),
    });
  });
  afterAll(() => service.close());

  test('when readiness changes, then service_ready follows it at each scrape and each change is counted', async () => {
    const read = async () => ({
      ready: await sample(service, 'service_ready', {}),
      flaky: await sample(service, 'service_readiness_check', { check: 'flaky' }),
      changes: await sample(service, 'service_readiness_changes_total', {}),
    });
    const before = await read();
    flaky = false;
    const down = await read();
    expect((await fetch(`${service.url}/readyz`)).status).toBe(503);
    flaky = true;
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
    const back = await read();
    expect(before).toMatchObject({ ready: 1, flaky: 1 });
    expect(down).toMatchObject({ ready: 0, flaky: 0 });
    expect(back).toMatchObject({ ready: 1, flaky: 1, changes: before.changes! + 2 });
  });

  test('when a handler fails at every delivery, then events_dead_lettered_total counts it by consumer', async () => {
    const suffix = randomUUID().slice(0, 8);
    const consumer = `kit-metrics-fail-${suffix}`;
    const subscription = await service.bus.subscribe(
      `email.v1.metrics-fail-${suffix}`,
      consumer,
      async () => {
        throw new Error('handler broke');
      },
      { maxDeliver: 3, backoffMs: [20] },
    );
    expect(await sample(service, 'events_dead_lettered_total', { consumer })).toBeUndefined();
    await service.bus.publish(createEnvelope(`email.v1.metrics-fail-${suffix}`, { n: 1 }));
    const counted = await waitFor(
      () => sample(service, 'events_dead_lettered_total', { consumer }),
      (n) => n === 1,
    );
    await subscription.stop();
    expect(counted).toBe(1);
  });

  test('when a consumer holds messages unacknowledged, then events_consumer_ack_pending reports them until acked', async () => {
    const suffix = randomUUID().slice(0, 8);
    const consumer = `kit-metrics-slow-${suffix}`;
    const subject = `email.v1.metrics-slow-${suffix}`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const subscription = await service.bus.subscribe(subject, consumer, () => released);
    for (let n = 0; n < 3; n++) await service.bus.publish(createEnvelope(subject, { n }));
    const held = await waitFor(
      () => sample(service, 'events_consumer_ack_pending', { consumer }),
      (n) => n === 3,
    );
    const pending = await sample(service, 'events_consumer_pending', { consumer });
    release();
    const after = await waitFor(
      () => sample(service, 'events_consumer_ack_pending', { consumer }),
      (n) => n === 0,
    );
    await subscription.stop();
    expect({ held, pending, after }).toEqual({ held: 3, pending: 0, after: 0 });
    // A stopped consumer is no longer reported.
    expect(await sample(service, 'events_consumer_ack_pending', { consumer })).toBeUndefined();
  });

  test('when NATS refuses an outbox event, then events_outbox_lag_seconds shows its age; once published, 0', async () => {
    const collection = `outbox_metrics_${randomUUID().slice(0, 8)}`;
    const model = service.mongo.connection.model(collection, new Schema({ outbox: outboxPath }), collection);
    let natsUp = false;
    const bus = {
      isConnected: () => true,
      publish: (...args: Parameters<EventBus['publish']>) =>
        natsUp ? service.bus.publish(...args) : Promise.reject(new Error('NATS away')),
    } as unknown as EventBus;
    const relay = new OutboxRelay({ model, bus, logger: service.logger, registry: service.metrics.registry });
    const hourAgo = new Date(Date.now() - 3600_000);
    const event = createEnvelope('email.v1.metrics-outbox', { n: 1 }, { occurredAt: hourAgo });
    await model.collection.insertOne({ outbox: [outboxEntry(event)] });

    expect(await relay.runOnce()).toBe(0);
    const lagWhileAway = await sample(service, 'events_outbox_lag_seconds', { outbox: collection });
    natsUp = true;
    expect(await relay.runOnce()).toBe(1);
    const lagAfter = await sample(service, 'events_outbox_lag_seconds', { outbox: collection });
    const published = await sample(service, 'events_outbox_published_total', { outbox: collection });
    await relay.stop();

    expect(lagWhileAway).toBeGreaterThanOrEqual(3600);
    expect(lagWhileAway).toBeLessThan(3660);
    expect({ lagAfter, published }).toEqual({ lagAfter: 0, published: 1 });
    // A stopped relay no longer reports a lag.
    expect(await sample(service, 'events_outbox_lag_seconds', { outbox: collection })).toBeUndefined();
  });
});
