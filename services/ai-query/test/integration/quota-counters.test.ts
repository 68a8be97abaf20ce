import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Kvm, type KV } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectOptions } from '@hhp/kit';
import { Registry } from 'prom-client';
import { QuotaCounters, keyToken } from '../../src/quota/quota-counters.js';
import { aiMetrics } from '../../src/metrics.js';

describe('QuotaCounters against a real JetStream key-value bucket', () => {
  let nc: NatsConnection;
  let quota: QuotaCounters;
  let kv: KV;
  const bucket = `quota_test_${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    // The harness's NATS_URL names its user (the test superuser), which nats.js does not read from a URL.
    nc = await connect(natsConnectOptions(process.env.NATS_URL!));
    quota = await QuotaCounters.open(nc, 'UTC', { bucket });
    kv = await new Kvm(nc).open(bucket);
  });
  afterAll(async () => {
    await new Kvm(nc).create(bucket).then((b) => b.destroy());
    await nc.close();
  });

  /** The bucket's methods, as every bucket object (the quota's among them) calls them. */
  const bucketMethods = () =>
    Object.getPrototypeOf(kv) as Record<'create' | 'get' | 'delete', (...a: never[]) => unknown>;
  const slotKey = (key: string, n: number) => `${quota.day()}.${keyToken(key)}.${n}`;

  test('when 40 requests take from a guest counter and a shared spread counter at once, then each grants exactly its limit', async () => {
    const guest = `guest:${randomUUID()}`;
    const shared = `ip:${randomUUID()}`;
    const takes = await Promise.all(
      Array.from({ length: 40 }, () =>
        Promise.all([quota.take({ key: guest, limit: 3 }), quota.take({ key: shared, limit: 10, spread: true })]),
      ),
    );
    expect(takes.filter(([g]) => g.ok)).toHaveLength(3);
    expect(takes.filter(([, s]) => s.ok)).toHaveLength(10);
    expect(
      takes
        .filter(([g]) => g.ok)
        .map(([g]) => g.used)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(await quota.used(guest, 3)).toBe(3);
    expect(await quota.used(shared, 10)).toBe(10);
  });

  test('when two processes take from one counter at once, then the bucket alone decides and grants exactly the limit', async () => {
    const other = await QuotaCounters.open(nc, 'UTC', { bucket });
    const guest = `guest:${randomUUID()}`;
    const takes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? quota : other).take({ key: guest, limit: 3 })),
    );
    expect(takes.filter((take) => take.ok)).toHaveLength(3);
  });

  test('when a counter is read, then only its own slots are looked up, however many keys the bucket holds', async () => {
    const guest = `guest:${randomUUID()}`;
    await Promise.all(Array.from({ length: 500 }, () => quota.take({ key: `guest:${randomUUID()}`, limit: 3 })));
    await quota.take({ key: guest, limit: 3 });
    const get = jest.spyOn(bucketMethods(), 'get');
    const keys = jest.spyOn(Object.getPrototypeOf(kv) as { keys: () => unknown }, 'keys');
    try {
      expect(await quota.used(guest, 3)).toBe(1);
      expect(get).toHaveBeenCalledTimes(3);
      expect(keys).not.toHaveBeenCalled();
    } finally {
      get.mockRestore();
      keys.mockRestore();
    }
  });

  test('when a slot is created but its acknowledgement is lost, then it is given back and the error is passed on', async () => {
    const guest = `guest:${randomUUID()}`;
    const methods = bucketMethods();
    const real = methods.create;
    const create = jest.spyOn(methods, 'create').mockImplementationOnce(async function (this: KV, ...args: never[]) {
      await real.apply(this, args);
      throw new Error('timeout');
    });
    try {
      await expect(quota.take({ key: guest, limit: 3 })).rejects.toThrow('timeout');
    } finally {
      create.mockRestore();
    }
    await quota.settled();
    await waitFor(async () => (await quota.used(guest, 3)) === 0);
  });

  test('when a create fails without storing, then the give-back leaves alone the slot another request holds', async () => {
    const guest = `guest:${randomUUID()}`;
    await kv.create(slotKey(guest, 1), 'another request');
    const create = jest.spyOn(bucketMethods(), 'create').mockRejectedValueOnce(new Error('connection reset'));
    try {
      // A fresh process (no hints) tries slot 1 first: the one held by the other request.
      const fresh = await QuotaCounters.open(nc, 'UTC', { bucket });
      await expect(fresh.take({ key: guest, limit: 3 })).rejects.toThrow('connection reset');
      await fresh.settled();
    } finally {
      create.mockRestore();
    }
    expect((await kv.get(slotKey(guest, 1)))?.string()).toBe('another request');
    expect(await quota.used(guest, 3)).toBe(1);
  });

  test('when NATS refuses a refund, then the question goes back once it answers again', async () => {
    const retrying = await QuotaCounters.open(nc, 'UTC', { bucket, giveBackRetriesMs: [20, 20] });
    const guest = `guest:${randomUUID()}`;
    const take = await retrying.take({ key: guest, limit: 3 });
    expect(take.ok).toBe(true);
    const del = jest
      .spyOn(bucketMethods(), 'delete')
      .mockRejectedValueOnce(new Error('connection refused'))
      .mockRejectedValueOnce(new Error('connection refused'));
    try {
      await take.refund();
      expect(await retrying.used(guest, 3)).toBe(1);
      await retrying.settled();
      expect(del).toHaveBeenCalledTimes(3);
    } finally {
      del.mockRestore();
    }
    expect(await retrying.used(guest, 3)).toBe(0);
  });

  test('when a question is given back, then its slot can be taken again, and only once', async () => {
    const guest = `guest:${randomUUID()}`;
    const first = await quota.take({ key: guest, limit: 1 });
    expect(first.ok).toBe(true);
    expect((await quota.take({ key: guest, limit: 1 })).ok).toBe(false);
    await first.refund();
    expect(await quota.used(guest, 1)).toBe(0);
    const again = await Promise.all(Array.from({ length: 10 }, () => quota.take({ key: guest, limit: 1 })));
    expect(again.filter((take) => take.ok)).toHaveLength(1);
  });

  test('when a refund comes after the slot was taken over, then it leaves the new holder alone', async () => {
    const guest = `guest:${randomUUID()}`;
    const take = await quota.take({ key: guest, limit: 1 });
    // Someone else's refund and retake in between (another process's view of the same slot).
    const entry = await kv.get(slotKey(guest, 1));
    await kv.delete(slotKey(guest, 1), { previousSeq: entry!.revision });
    await kv.create(slotKey(guest, 1), 'the new holder');
    await take.refund();
    expect((await kv.get(slotKey(guest, 1)))?.string()).toBe('the new holder');
  });

  test('when counters are taken, read and given back, then each request to the store is timed by operation', async () => {
    const registry = new Registry();
    const latency = aiMetrics(registry, () => 0).quotaStore;
    const timed = await QuotaCounters.open(nc, 'UTC', { bucket, latency });
    const guest = `guest:${randomUUID()}`;
    const taken = await timed.take({ key: guest, limit: 3 });
    await timed.take({ key: guest, limit: 3 });
    expect(await timed.used(guest, 3)).toBe(2);
    if (taken.ok) await taken.refund();
    const counts = Object.fromEntries(
      (await latency.get()).values
        .filter((v) => v.metricName === 'ai_quota_store_seconds_count')
        .map((v) => [v.labels.operation, v.value]),
    );
    // Two slots created, three read by used(), one deleted by the give-back (which knows its revision).
    expect(counts).toEqual({ create: 2, get: 3, delete: 1 });
  });

  test('when addresses of any shape are counted, then their keys are valid and distinct', async () => {
    const keys = ['ip:::1', 'ip:::ffff:127.0.0.1', 'ip:2001:db8::1', 'ip:10.0.0.1', 'ip-guest:fe80::1%eth0'];
    const takes = await Promise.all(keys.map((key) => quota.take({ key, limit: 2 })));
    expect(takes.map((take) => take.used)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(keys.map(keyToken)).size).toBe(keys.length);
  });

  test('when the day changes, then the counter starts again, and the hour counters roll every hour', async () => {
    const key = `guest:${randomUUID()}`;
    const monday = new Date('2026-11-23T23:59:00Z');
    const tuesday = new Date('2026-11-24T00:01:00Z');
    expect((await quota.take({ key, limit: 1 }, monday)).ok).toBe(true);
    expect((await quota.take({ key, limit: 1 }, monday)).ok).toBe(false);
    expect((await quota.take({ key, limit: 1 }, tuesday)).ok).toBe(true);
    const ip = `ip:${randomUUID()}`;
    expect((await quota.take({ key: ip, limit: 1, period: 'hour' }, monday)).ok).toBe(true);
    expect((await quota.take({ key: ip, limit: 1, period: 'hour' }, new Date('2026-11-23T23:59:59Z'))).ok).toBe(false);
    expect((await quota.take({ key: ip, limit: 1, period: 'hour' }, tuesday)).ok).toBe(true);
  });

  test('when the bucket is made, then its slots expire by themselves after a day and keep no history', async () => {
    const status = await kv.status();
    expect(status.ttl).toBe(26 * 60 * 60 * 1000);
    expect(status.history).toBe(1);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
