// The repository's nginx.conf in front of the crisis service, as `npm start` runs it (nginx and the service
// on loopback, TRUSTED_PROXIES=loopback): the hashed visitor in crisis.v1.detected shows which address the
// service counted. The visitor here is on loopback too, so a trust list that believed the visitor's own
// X-Forwarded-For entry would show.
import { randomBytes, randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { startNginxInFront, type NginxInFront } from '../../../../infra/src/testing/nginx.js';
import { EVENTS_STREAM, Subjects } from '@hhp/proto';
import { hashVisitor, startService, type RunningService } from '@hhp/kit';
import { CrisisConfig } from '../../src/config.js';
import { crisisService } from '../../src/service.js';

const VISITOR_HASH_KEY = randomBytes(16).toString('hex');

let nginx: NginxInFront;
let service: RunningService<CrisisConfig>;

beforeAll(async () => {
  service = await startService({
    name: 'crisis-nginx-test',
    config: CrisisConfig.parse({
      PORT: '0',
      MONGODB_URI: process.env.MONGODB_URI,
      NATS_URL: process.env.NATS_URL,
      MONGODB_DB: `crisis-nginx-${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      VISITOR_HASH_KEY,
    }),
    setup: crisisService(),
  });
  nginx = await startNginxInFront('crisis-nginx', (defaults) => ({
    ...defaults,
    CRISIS_UPSTREAM: `127.0.0.1:${service.http.port}`,
  }));
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await service?.close();
});

test('when a visitor sends its own X-Forwarded-For through nginx, then the service counts the address nginx saw', async () => {
  const durable = `crisis-nginx-${randomUUID().slice(0, 8)}`;
  await service.bus.jsm.consumers.add(EVENTS_STREAM, {
    durable_name: durable,
    filter_subject: Subjects.crisisDetected,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
  });
  const res = await fetch(`${nginx.url}/api/detect-crisis`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
    body: JSON.stringify({ query: 'I want to end my life' }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ isCrisis: true });

  // Other suites detect crises on the same server; this service's events are the ones hashed with its key.
  const mine = new Map([
    [hashVisitor('127.0.0.1', VISITOR_HASH_KEY), '127.0.0.1 (the address nginx saw)'],
    [hashVisitor('203.0.113.9', VISITOR_HASH_KEY), '203.0.113.9 (what the visitor claimed)'],
  ]);
  const consumer = await service.bus.js.consumers.get(EVENTS_STREAM, durable);
  let counted: string | undefined;
  const deadline = Date.now() + 10_000;
  while (!counted && Date.now() < deadline) {
    const msg = await consumer.next({ expires: 1000 });
    if (!msg) continue;
    msg.ack();
    counted = mine.get(msg.json<{ data: { visitor?: string } }>().data.visitor ?? '');
  }
  await service.bus.jsm.consumers.delete(EVENTS_STREAM, durable);
  expect(counted).toBe('127.0.0.1 (the address nginx saw)');
});
