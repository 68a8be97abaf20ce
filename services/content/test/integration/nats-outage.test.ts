// Its own nats-server, so stopping it does not disturb the other suites.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { startNats, type NatsServer } from '@hhp/infra/dev-servers';
import { Subjects } from '@hhp/proto';
import { eventsOn, eventually, postJson, sleep, startContent, uniqueDb, type ContentService } from './harness.js';

let dir: string;
let nats: NatsServer;
let service: ContentService;

const readyz = async () => (await fetch(`${service.url}/readyz`)).status;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-content-nats-'));
  nats = await startNats({ storeDir: dir });
  // With the sign-up limits on: their counts live in NATS, and a sign-up does not wait for them.
  service = await startContent(uniqueDb('outage'), {
    NATS_URL: nats.url,
    SIGNUPS_PER_ADDRESS: '10',
    SIGNUPS_PER_EMAIL: '3',
  });
}, 30_000);

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await service.close();
  await nats.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('when NATS is down', () => {
  test('then /readyz says 503, subscribing still works, and after NATS returns the event is published exactly once', async () => {
    expect(await readyz()).toBe(200);

    await nats.stop();
    await eventually('/readyz failing', readyz, (status) => status === 503, 5000);

    const email = `outage-${randomUUID().slice(0, 8)}@example.com`;
    const started = Date.now();
    const res = await postJson(`${service.url}/api/subscribe-email`, { email, source: 'condition' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await res.json()).toEqual({ message: 'Subscribed' });
    const stored = await service.mongo.connection.db!.collection('subscribers').findOne({ email });
    expect(stored?.outbox).toHaveLength(1);

    // A few relay intervals pass while NATS is away.
    await sleep(1500);
    await nats.restart();
    await eventually('/readyz ready again', readyz, (status) => status === 200, 8000);

    const eventsFor = async () =>
      (await eventsOn(Subjects.emailSubscribed, nats.url)).filter((event) => event.data.email === email);
    const events = await eventually('the event', eventsFor, (found) => found.length > 0, 10_000);
    expect(events.map((event) => event.data)).toEqual([{ email, source: 'condition' }]);
    expect(events[0]!.id).toBe(stored!.outbox[0].id);
    await sleep(1500);
    expect(await eventsFor()).toHaveLength(1);
  }, 45_000);
});
