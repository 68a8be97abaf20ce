// ai.v1.answered through the real broker: its own nats-server, stopped for longer than a publish's 5 s
// acknowledgement timeout (shorter outages the NATS client's reconnect buffer can hide), then restarted.
import { randomUUID } from 'node:crypto';
import { AiAnsweredEvent, Subjects } from '@hhp/proto';
import { EventBus, createEnvelope, createLogger } from '@hhp/kit';
import { eventually, readStream, sleep } from '../../../../infra/src/testing/harness.js';
import { startOwnNats, type OwnNats } from '../../../../infra/src/testing/own-nats.js';
import { AnalyticsPublisher } from '../../src/analytics/analytics.js';

const OUTAGE_MS = 6500;
const logger = createLogger('analytics-outage-test', 'silent');

let nats: OwnNats;
let bus: EventBus;

beforeAll(async () => {
  nats = await startOwnNats('analytics-nats');
  bus = await EventBus.connect({ url: nats.url, name: 'analytics-outage-test', logger });
}, 30_000);

afterAll(async () => {
  await bus?.close();
  await nats?.remove();
});

/** The ids of every ai.v1.answered event in the stream (this suite's own server holds no others). */
const answeredIds = async () => (await readStream(bus.js, Subjects.aiAnswered)).map((event) => event.id);

const answered = () =>
  AiAnsweredEvent.parse(
    createEnvelope(Subjects.aiAnswered, {
      visitor: 'a'.repeat(64),
      mode: 'offline',
      streamed: false,
      isSubscriber: false,
      latencyMs: 12,
      sources: 2,
    }),
  );

test('when answers are given while NATS is down, then after it returns each ai.v1.answered arrives exactly once', async () => {
  const analytics = new AnalyticsPublisher(bus, logger);
  const before = answered();
  analytics.publish(before, randomUUID());
  await eventually('the event before the outage', answeredIds, (ids) => ids.length === 1, 5000);

  await nats.stop();
  await eventually(
    'NATS seen as down',
    () => bus.isConnected(),
    (connected) => !connected,
    5000,
  );
  const during = Array.from({ length: 300 }, answered);
  const started = Date.now();
  // In bursts, as answers come: publish() only queues, so it never holds an answer up.
  for (let i = 0; i < during.length; i += 30) {
    const t0 = performance.now();
    for (const event of during.slice(i, i + 30)) analytics.publish(event, randomUUID());
    expect(performance.now() - t0).toBeLessThan(50);
    await sleep(100);
  }
  expect(analytics.pending).toBe(during.length);
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - started)));
  await nats.restart();

  await eventually(
    'every event',
    () => answeredIds().catch(() => []),
    (ids) => ids.length >= 301,
    15_000,
  );
  await eventually(
    'nothing left waiting',
    () => analytics.pending,
    (pending) => pending === 0,
    5000,
  );
  // Once each: a repeat would have arrived by now (the publisher retries every 2 s at most).
  await sleep(2500);
  const ids = await answeredIds();
  expect(ids).toHaveLength(301);
  expect(new Set(ids)).toEqual(new Set([before, ...during].map((event) => event.id)));
  await analytics.flush();
}, 60_000);

test('when the service stops, then what is waiting is published before the connection closes', async () => {
  const analytics = new AnalyticsPublisher(bus, logger);
  const before = (await answeredIds()).length;
  const last = Array.from({ length: 50 }, answered);
  for (const event of last) analytics.publish(event);
  // At once, not after the 50 ms batch window.
  await analytics.flush(2000);
  expect(analytics.pending).toBe(0);
  const ids = await answeredIds();
  expect(ids).toHaveLength(before + 50);
  expect(ids).toEqual(expect.arrayContaining(last.map((event) => event.id)));
});
