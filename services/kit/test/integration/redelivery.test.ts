// A durable consumer against the real nats-server, with a short ack wait: a handler that works longer than the
// ack wait keeps its message, and a message whose consumer dies during every delivery is dead-lettered, not
// silently dropped by JetStream.
import { randomUUID } from 'node:crypto';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { DEAD_LETTER_SUBJECT, EVENTS_STREAM } from '@hhp/proto';
import { createEnvelope, startService, type RunningService } from '../../src/index.js';
import { testConfig, type Config } from './harness.js';

const ACK_WAIT_MS = 1000;
// The slow handler's ack wait: twice the least allowed, so that a live holder's heartbeat is not missed when CI's
// two cores are loaded twenty times over (at 1 s one was, and the message was redelivered).
const SLOW_ACK_WAIT_MS = 2000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a durable consumer', () => {
  let service: RunningService<Config>;

  beforeAll(async () => {
    service = await startService({
      name: 'kit-redelivery-test',
      config: testConfig('kit-redelivery-test', 'kit-redelivery'),
      setup: () => ({ routers: [] }),
    });
  });
  afterAll(() => service.close());

  test('when its handler works for three times the ack wait, then the message is delivered once and acknowledged', async () => {
    const suffix = randomUUID().slice(0, 8);
    const subject = `email.v1.slow-${suffix}`;
    const deliveries: number[] = [];
    let finished = 0;
    const subscription = await service.bus.subscribe(
      subject,
      `kit-slow-${suffix}`,
      async (_event, { deliveryCount }) => {
        deliveries.push(deliveryCount);
        await delay(3 * SLOW_ACK_WAIT_MS);
        finished += 1;
      },
      { ackWaitMs: SLOW_ACK_WAIT_MS },
    );
    await service.bus.publish(createEnvelope(subject, { n: 1 }));
    const deadline = Date.now() + 15_000;
    while (finished === 0 && Date.now() < deadline) await delay(25);
    await delay(1.5 * SLOW_ACK_WAIT_MS); // a redelivery, if there were one, would come by now
    const info = await service.bus.jsm.consumers.info(EVENTS_STREAM, `kit-slow-${suffix}`);
    await subscription.stop();
    expect(deliveries).toEqual([1]);
    expect(info.num_ack_pending).toBe(0);
    expect(info.num_redelivered).toBe(0);
  });

  test('when its consumer dies during each of the deliveries allowed, then the message is dead-lettered, not dropped', async () => {
    const suffix = randomUUID().slice(0, 8);
    const subject = `email.v1.killer-${suffix}`;
    const durable = `kit-killer-${suffix}`;
    const options = { ackWaitMs: ACK_WAIT_MS, maxDeliver: 3, backoffMs: [50] };
    const deadLetters = `kit-killer-dlq-${suffix}`;
    await service.bus.jsm.consumers.add(EVENTS_STREAM, {
      durable_name: deadLetters,
      filter_subject: DEAD_LETTER_SUBJECT,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
    });
    // The consumer as the bus sets it up; then its process "dies" on each delivery: taken, never answered.
    await (await service.bus.subscribe(subject, durable, async () => undefined, options)).stop();
    await service.bus.publish(createEnvelope(subject, { n: 1 }));
    const consumer = await service.bus.js.consumers.get(EVENTS_STREAM, durable);
    for (let n = 1; n <= options.maxDeliver; n++) {
      const msg = await consumer.next({ expires: 5000 });
      expect(msg?.info.deliveryCount).toBe(n);
    }
    let ran = 0;
    const subscription = await service.bus.subscribe(
      subject,
      durable,
      async () => {
        ran += 1;
      },
      options,
    );
    const dead = await (await service.bus.js.consumers.get(EVENTS_STREAM, deadLetters)).next({ expires: 8000 });
    await subscription.stop();
    expect(dead?.headers?.get('x-original-subject')).toBe(subject);
    expect(dead?.headers?.get('x-error')).toBe('its consumer stopped during each of its 3 deliveries');
    // Not run a fourth time: it had brought its consumer down on every delivery so far.
    expect(ran).toBe(0);
  });
});
