// Its own nats-server, so stopping it does not disturb the other suites. The outage lasts longer than a
// publish's 5 s acknowledgement timeout: shorter ones the NATS client's own reconnect buffer can hide.
import { randomUUID } from 'node:crypto';
import { Subjects } from '@hhp/proto';
import { startService, type EventBus, type RunningService } from '@hhp/kit';
import { eventually, readStream, sleep } from '../../../../infra/src/testing/harness.js';
import { startOwnNats, type OwnNats } from '../../../../infra/src/testing/own-nats.js';
import { CrisisConfig } from '../../src/config.js';
import { crisisService } from '../../src/service.js';

const OUTAGE_MS = 6500;
const DURING = 20;

let nats: OwnNats;
let service: RunningService<CrisisConfig>;

beforeAll(async () => {
  nats = await startOwnNats('crisis-nats');
  service = await startService({
    name: 'crisis-outage-test',
    config: CrisisConfig.parse({
      PORT: '0',
      MONGODB_URI: process.env.MONGODB_URI,
      NATS_URL: nats.url,
      MONGODB_DB: `crisis-outage-${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
    }),
    setup: crisisService(),
  });
}, 30_000);

afterAll(async () => {
  await service?.close();
  await nats?.remove();
});

/** Every crisis.v1.detected event in the stream (this suite's own server holds no others). */
const detectedEvents = (bus: EventBus) =>
  readStream<{ id: string; data: { visitor?: string } }>(bus.js, Subjects.crisisDetected);

const detect = (query: string, visitor: string) =>
  fetch(`${service.url}/api/detect-crisis`, {
    method: 'POST',
    // The test is a trusted proxy (loopback), so each message counts as its own visitor.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
    body: JSON.stringify({ query }),
  });

test('when crises are detected while NATS is down, then after it returns each crisis.v1.detected arrives exactly once', async () => {
  expect((await detect('I want to die', '198.51.100.1')).status).toBe(200);
  await eventually(
    'the event before the outage',
    () => detectedEvents(service.bus),
    (events) => events.length === 1,
    5000,
  );

  await nats.stop();
  await eventually(
    'NATS seen as down',
    () => service.bus.isConnected(),
    (connected) => !connected,
    5000,
  );
  const started = Date.now();
  for (let i = 0; i < DURING; i += 1) {
    const res = await detect('I want to kill myself', `203.0.113.${i + 1}`);
    // Answered at once, NATS or not.
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isCrisis: true });
  }
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - started)));
  await nats.restart();

  const events = await eventually(
    'every event',
    () => detectedEvents(service.bus).catch(() => []),
    (found) => found.length >= 1 + DURING,
    15_000,
  );
  // Once each: a repeat would have arrived by now (the publisher retries every 2 s at most).
  await sleep(2500);
  const settled = await detectedEvents(service.bus);
  expect(settled).toHaveLength(1 + DURING);
  expect(new Set(settled.map((event) => event.id)).size).toBe(1 + DURING);
  expect(new Set(settled.map((event) => event.data.visitor)).size).toBe(1 + DURING);
  expect(events.map((event) => event.id)).toEqual(expect.arrayContaining(settled.map((event) => event.id)));
}, 60_000);
