// The publisher's bookkeeping against a stand-in for the bus (the real broker: crisis and ai-query's
// nats-outage tests): what it keeps, what it drops and says so, and when it gives up.
import { Writable } from 'node:stream';
import pino from 'pino';
import { Registry } from 'prom-client';
import { DurablePublisher, createEnvelope, type EventEnvelope } from '../../src/index.js';

class FakeBus {
  up = true;
  acknowledged: string[] = [];
  attempts = 0;
  listeners = new Set<() => void>();
  isConnected = () => this.up;
  onReconnect = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  comeBack() {
    this.up = true;
    for (const listener of this.listeners) listener();
  }
  publish = async (envelope: EventEnvelope) => {
    this.attempts += 1;
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (!this.up) throw new Error('no responders');
    this.acknowledged.push(envelope.id);
    return { seq: this.acknowledged.length, duplicate: false };
  };
}

function capture() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const event = (n: number) => createEnvelope('crisis.v1.detected', { n }, { id: `event-${n}` });

async function until(done: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('not reached in time');
    await sleep(5);
  }
}

describe('DurablePublisher', () => {
  test('when the bus fails for a while, then every event is published once it answers, and the outage is logged once', async () => {
    const bus = new FakeBus();
    const { logger, lines } = capture();
    const publisher = new DurablePublisher({ bus, logger, name: 'test', firstRetryMs: 10, maxRetryMs: 40 });
    bus.up = false;
    for (let n = 0; n < 25; n += 1) publisher.publish(event(n));
    await sleep(150);
    expect(bus.acknowledged).toEqual([]);
    expect(publisher.pending).toBe(25);

    bus.up = true;
    await until(() => publisher.pending === 0);
    expect(bus.acknowledged.sort()).toEqual(Array.from({ length: 25 }, (_, n) => `event-${n}`).sort());
    expect(lines.filter((line) => line.msg.startsWith('could not publish events'))).toHaveLength(1);
    expect(lines.some((line) => line.msg === 'publishing events again')).toBe(true);
  });

  test('when the connection comes back, then what waits goes out at once, not at the next retry', async () => {
    const bus = new FakeBus();
    const { logger } = capture();
    const publisher = new DurablePublisher({ bus, logger, name: 'test', firstRetryMs: 60_000, maxRetryMs: 60_000 });
    bus.up = false;
    publisher.publish(event(1));
    publisher.publish(event(2));
    await sleep(20);
    bus.comeBack();
    await until(() => publisher.pending === 0, 500);
    expect(bus.acknowledged).toEqual(['event-1', 'event-2']);
    await publisher.close();
    expect(bus.listeners.size).toBe(0);
  });

  test('when more events wait than the buffer holds, then the oldest are dropped, said once in the log and counted', async () => {
    const bus = new FakeBus();
    bus.up = false;
    const { logger, lines } = capture();
    const registry = new Registry();
    const publisher = new DurablePublisher({ bus, logger, name: 'test', maxPending: 10, registry });
    for (let n = 0; n < 15; n += 1) publisher.publish(event(n));

    expect(publisher.pending).toBe(10);
    const dropped = lines.filter((line) => line.msg === 'events dropped unpublished');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ level: 50, publisher: 'test', eventIds: ['event-0'] });
    expect(await registry.metrics()).toContain('events_dropped_total{publisher="test"} 5');

    bus.up = true;
    await publisher.close(1000);
    expect(bus.acknowledged.sort()).toEqual(Array.from({ length: 10 }, (_, n) => `event-${n + 5}`).sort());
  });

  test('when NATS does not come back before shutdown ends, then close gives up in time and names what was lost', async () => {
    const bus = new FakeBus();
    bus.up = false;
    const { logger, lines } = capture();
    const publisher = new DurablePublisher({ bus, logger, name: 'test', firstRetryMs: 10 });
    publisher.publish(event(1));
    publisher.publish(event(2));

    const started = Date.now();
    await publisher.close(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(lines.at(-1)).toMatchObject({
      level: 50,
      msg: 'events dropped unpublished',
      eventIds: ['event-1', 'event-2'],
    });
    publisher.publish(event(3));
    expect(publisher.pending).toBe(0);
  });

  test('when events come in a batch window, then they go out together in one pass', async () => {
    const bus = new FakeBus();
    const { logger } = capture();
    const publisher = new DurablePublisher({ bus, logger, name: 'test', batchMs: 30 });
    publisher.publish(event(1));
    await sleep(5);
    publisher.publish(event(2));
    expect(bus.attempts).toBe(0);
    await until(() => bus.acknowledged.length === 2);
    expect(bus.attempts).toBe(2);
  });
});
