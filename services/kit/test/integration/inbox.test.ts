import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import {
  InboxBusyError,
  createEnvelope,
  createInbox,
  rawBody,
  startService,
  type Inbox,
  type RunningService,
} from '../../src/index.js';
import { testConfig, type Config } from './harness.js';

const config = () => testConfig('kit-inbox-test', 'kit-inbox');

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the inbox', () => {
  let service: RunningService<Config>;
  let inbox: Inbox;
  /** What the webhook route applied, by event id. */
  const applied: string[] = [];

  beforeAll(async () => {
    service = await startService({
      name: 'kit-inbox-test',
      config: config(),
      setup: ({ mongo }) => {
        inbox = createInbox(mongo);
        const router = Router();
        router.post('/api/webhook', async (req, res) => {
          const event = JSON.parse((req.rawBody ?? Buffer.alloc(0)).toString('utf8')) as { id: string };
          const outcome = await inbox.once(event.id, async () => {
            await delay(50);
            applied.push(event.id);
          });
          res.json({ received: true, applied: outcome.applied });
        });
        return {
          routers: [router],
          bodies: [{ method: 'POST', path: '/api/webhook', parsers: [rawBody({ limitBytes: 64 * 1024 })] }],
        };
      },
    });
  });
  afterAll(() => service.close());

  test('when the same id comes twice, then the work runs once and the second is acknowledged as not applied', async () => {
    const id = randomUUID();
    let runs = 0;
    const first = await inbox.once(id, async () => ++runs);
    const second = await inbox.once(id, async () => ++runs);
    expect([first, second, runs]).toEqual([{ applied: true, value: 1 }, { applied: false }, 1]);
    expect(await inbox.isDone(id)).toBe(true);
  });

  test('when the work fails, then the id is not done and the next delivery applies it', async () => {
    const id = randomUUID();
    await expect(inbox.once(id, () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await inbox.isDone(id)).toBe(false);
    expect(await inbox.once(id, async () => 'second try')).toEqual({ applied: true, value: 'second try' });
  });

  test('when five deliveries of one id arrive at once, then the work runs exactly once; the others are done or busy', async () => {
    const id = randomUUID();
    let runs = 0;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        inbox.once(id, async () => {
          runs += 1;
          await delay(100);
        }),
      ),
    );
    expect(runs).toBe(1);
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled').map((o) => o.value.applied);
    const rejected = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason as unknown);
    expect(fulfilled.filter(Boolean)).toHaveLength(1);
    for (const reason of rejected) expect(reason).toBeInstanceOf(InboxBusyError);
    expect(rejected.every((reason) => (reason as InboxBusyError).status === 409)).toBe(true);
  });

  /** What a process that died while applying `id` leaves behind: a claim it no longer renews. */
  const leftByADeadProcess = (id: string, leaseLeftMs: number) =>
    service.mongo.connection.collection<{ _id: string }>('inbox').insertOne({
      _id: id,
      state: 'applying',
      claim: 'a-process-that-died',
      leaseUntil: new Date(Date.now() + leaseLeftMs),
      receivedAt: new Date(),
    });

  test('when a claim was left by a process that died, then after its lease another delivery applies it', async () => {
    const id = randomUUID();
    await leftByADeadProcess(id, 150);
    const busy = await inbox.once(id, async () => 'too soon').catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(InboxBusyError);
    // It says when to come back: when the lease runs out.
    expect((busy as InboxBusyError).retryAfterMs).toBeGreaterThan(0);
    expect((busy as InboxBusyError).retryAfterMs).toBeLessThanOrEqual(150);
    await delay(200);
    expect(await inbox.once(id, async () => 'taken over')).toEqual({ applied: true, value: 'taken over' });
  });

  test('when a delivery may wait, then it takes over a dead claim as soon as its lease runs out', async () => {
    const id = randomUUID();
    await leftByADeadProcess(id, 300);
    const started = Date.now();
    expect(await inbox.once(id, async () => 'taken over', { waitMs: 5000 })).toEqual({
      applied: true,
      value: 'taken over',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('when the work lasts longer than its lease, then its living holder keeps the claim and it is applied once', async () => {
    const shortLease = createInbox(service.mongo, { leaseMs: 300 });
    const id = randomUUID();
    let runs = 0;
    const holder = shortLease.once(id, async () => {
      runs += 1;
      await delay(900);
    });
    await delay(600); // two leases' worth: renewed, not run out
    await expect(shortLease.once(id, async () => ++runs)).rejects.toBeInstanceOf(InboxBusyError);
    expect(await holder).toEqual({ applied: true, value: undefined });
    expect(await shortLease.once(id, async () => ++runs)).toEqual({ applied: false });
    expect(runs).toBe(1);
  });

  test('when a delivery may wait for the one holding the id, then it is answered as soon as that one is done', async () => {
    const id = randomUUID();
    let runs = 0;
    const holder = inbox.once(id, async () => {
      runs += 1;
      await delay(500);
    });
    await delay(50);
    const started = Date.now();
    expect(await inbox.once(id, async () => ++runs, { waitMs: 5000 })).toEqual({ applied: false });
    expect(Date.now() - started).toBeLessThan(2000);
    await holder;
    expect(runs).toBe(1);
  });

  test('when a webhook is delivered twice at once and again later, then it is applied once; one during the work gets 409 (retry), the later one 200', async () => {
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'invoice.paid' });
    const post = () =>
      fetch(`${service.url}/api/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const [a, b] = await Promise.all([post(), post()]);
    const later = await post();
    const statuses = [a.status, b.status, later.status];
    // Two at once: one applies, the other is either told it is done or to come back (409, Stripe retries).
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(later.status).toBe(200);
    expect(await later.json()).toEqual({ received: true, applied: false });
    expect(applied.filter((id) => body.includes(id))).toHaveLength(1);
  });

  test('when an event is redelivered to a handler, then the handler applies it once and acknowledges both', async () => {
    const subject = `email.v1.inbox-${randomUUID().slice(0, 8)}`;
    const seen: boolean[] = [];
    let effects = 0;
    const subscription = await service.bus.subscribe(
      subject,
      `kit-inbox-${randomUUID().slice(0, 8)}`,
      async (event) => {
        const { applied: first } = await inbox.once((event as { id: string }).id, async () => {
          effects += 1;
        });
        seen.push(first);
      },
    );
    const event = createEnvelope(subject, { n: 1 });
    await service.bus.publish(event);
    // The same event again under another msgID: JetStream keeps both, as after a publisher's lost ack.
    await service.bus.js.publish(subject, JSON.stringify(event), { msgID: `${event.id}-again` });
    const deadline = Date.now() + 10_000;
    while (seen.length < 2 && Date.now() < deadline) await delay(25);
    await subscription.stop();
    expect(seen).toEqual([true, false]);
    expect(effects).toBe(1);
  });
});
