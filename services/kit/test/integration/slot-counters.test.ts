// The slot counters (src/limits) against both of their stores: a real JetStream key-value bucket and a real
// FerretDB collection, with the same tests. A store is wrapped (Observed) only to count its calls and to make
// one fail the way a network does; the slots themselves are always the real store's.
import { randomUUID } from 'node:crypto';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { connectMongo, type Mongo } from '../../src/data/mongo.js';
import { natsConnectOptions } from '../../src/events/connection.js';
import { DbSlotStore } from '../../src/limits/db-slot-store.js';
import { KvSlotStore } from '../../src/limits/kv-slot-store.js';
import { SlotCounters } from '../../src/limits/slot-counters.js';
import type { SlotHolder, SlotStore } from '../../src/limits/slot-store.js';
import { fixedWindow, WindowLimits } from '../../src/limits/window-limits.js';

const KEEP_MS = 60 * 60 * 1000;

let nc: NatsConnection;
let mongo: Mongo;
const bucket = `slots_test_${randomUUID().slice(0, 8)}`;
const collection = `slots_${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  // The harness's NATS_URL names its user (the test superuser), which nats.js does not read from a URL.
  nc = await connect(natsConnectOptions(process.env.NATS_URL!));
  mongo = await connectMongo(process.env.MONGODB_URI!, `kit-slots-${randomUUID().slice(0, 8)}`);
});

afterAll(async () => {
  await new Kvm(nc).open(bucket).then((kv) => kv.destroy());
  await nc.close();
  await mongo.connection.dropDatabase();
  await mongo.close();
});

/** What a take does to its store: the calls, the most creates at once, and failures on demand. */
class Observed implements SlotStore {
  readonly calls = { create: 0, holder: 0, delete: 0 };
  maxCreatesAtOnce = 0;
  private creating = 0;
  /** The next creates: `lost` stores the slot and then fails, `refused` fails without storing. */
  createFaults: ('lost' | 'refused')[] = [];
  /** How many of the next deletes fail without deleting. */
  deleteFaults = 0;

  constructor(readonly store: SlotStore) {}

  get takesInTurn() {
    return this.store.takesInTurn;
  }

  async create(slot: string, owner: string): Promise<number | undefined> {
    this.calls.create++;
    this.maxCreatesAtOnce = Math.max(this.maxCreatesAtOnce, ++this.creating);
    try {
      const fault = this.createFaults.shift();
      if (fault === 'refused') throw new Error('connection reset');
      const revision = await this.store.create(slot, owner);
      if (fault === 'lost') throw new Error('timeout');
      return revision;
    } finally {
      this.creating--;
    }
  }

  holder(slot: string): Promise<SlotHolder | undefined> {
    this.calls.holder++;
    return this.store.holder(slot);
  }

  async delete(slot: string, owner: string, revision: number): Promise<boolean> {
    this.calls.delete++;
    if (this.deleteFaults > 0 && this.deleteFaults--) throw new Error('connection refused');
    return this.store.delete(slot, owner, revision);
  }
}

/** A store of its own per call, as each process opens it: the slots are shared, nothing else. */
const stores: [string, () => Promise<SlotStore>][] = [
  ['a JetStream key-value bucket', () => KvSlotStore.open(nc, { bucket, keepMs: KEEP_MS })],
  [
    'a FerretDB collection',
    async () => {
      const store = new DbSlotStore(mongo.connection, { collection, keepMs: KEEP_MS });
      await store.createIndexes();
      return store;
    },
  ],
];

const newCounter = () => `test.${randomUUID()}`;

describe.each(stores)('slot counters in %s', (_, openStore) => {
  /** A process of its own: its store, observed, and its counters. */
  const startProcess = async (options: ConstructorParameters<typeof SlotCounters>[1] = {}) => {
    const store = new Observed(await openStore());
    return { store, counters: new SlotCounters(store, options) };
  };

  test('when two processes take from a counter of 3 forty times at once, then exactly 3 are granted, numbered 1 to 3', async () => {
    const [a, b] = await Promise.all([startProcess(), startProcess()]);
    const counter = newCounter();
    const takes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).counters.take({ counter, limit: 3 })),
    );

    const granted = takes.filter((take) => take.ok);
    expect(granted.map((take) => take.used).sort()).toEqual([1, 2, 3]);
    expect(takes.filter((take) => !take.ok).every((take) => take.used === 3)).toBe(true);
    expect(await a.counters.used(counter, 3)).toBe(3);
  });

  test('when many requests take from a shared counter with random starts at once, then exactly its limit is granted', async () => {
    const { counters } = await startProcess();
    const counter = newCounter();
    const takes = await Promise.all(
      Array.from({ length: 40 }, () => counters.take({ counter, limit: 10, spread: true })),
    );

    expect(takes.filter((take) => take.ok)).toHaveLength(10);
    expect(await counters.used(counter, 10)).toBe(10);
  });

  test('when a counter is read, then only its own slots are looked up, one each', async () => {
    const { store, counters } = await startProcess();
    const counter = newCounter();
    await counters.take({ counter, limit: 3 });
    store.calls.holder = 0;

    expect(await counters.used(counter, 3)).toBe(1);
    expect(store.calls.holder).toBe(3);
  });

  test('when a take is given back, then its slot can be taken again, and only once', async () => {
    const { counters } = await startProcess();
    const counter = newCounter();
    const first = await counters.take({ counter, limit: 1 });
    expect(first.ok).toBe(true);
    expect((await counters.take({ counter, limit: 1 })).ok).toBe(false);

    await first.refund();
    expect(await counters.used(counter, 1)).toBe(0);
    const again = await Promise.all(Array.from({ length: 10 }, () => counters.take({ counter, limit: 1 })));
    expect(again.filter((take) => take.ok)).toHaveLength(1);
  });

  test('when a give-back comes after the slot was taken over, then it leaves the new holder alone', async () => {
    const { store, counters } = await startProcess();
    const counter = newCounter();
    const take = await counters.take({ counter, limit: 1 });
    // Someone else's give-back and take in between.
    const { slot, owner, revision } = take.slot!;
    expect(await store.store.delete(slot, owner, revision)).toBe(true);
    await store.store.create(slot, 'the new holder');

    await take.refund();
    expect((await store.store.holder(slot))?.owner).toBe('the new holder');
  });

  test('when another process gives a slot back by what the take said, then it goes back once', async () => {
    const [a, b] = await Promise.all([startProcess(), startProcess()]);
    const counter = newCounter();
    const take = await a.counters.take({ counter, limit: 3 });

    expect(await b.counters.giveBackSlot(take.slot!)).toBe(true);
    expect(await b.counters.giveBackSlot(take.slot!)).toBe(false);
    expect(await a.counters.used(counter, 3)).toBe(0);
    expect(await b.counters.giveBackSlot({ slot: 'no-dot', owner: 'x', revision: 1 })).toBe(false);
  });

  test('when a slot is created but the answer is lost, then the slot is given back and the error passed on', async () => {
    const { store, counters } = await startProcess();
    const counter = newCounter();
    store.createFaults = ['lost'];

    await expect(counters.take({ counter, limit: 3 })).rejects.toThrow('timeout');
    await counters.settled();
    await waitFor(async () => (await counters.used(counter, 3)) === 0);
  });

  test('when a create fails without storing, then the give-back leaves alone the slot another request holds', async () => {
    const { store, counters } = await startProcess();
    const counter = newCounter();
    await store.store.create(`${counter}.1`, 'another request');
    store.createFaults = ['refused'];

    // A fresh process (no hints) tries slot 1 first: the one held by the other request.
    await expect(counters.take({ counter, limit: 3 })).rejects.toThrow('connection reset');
    await counters.settled();
    expect((await store.store.holder(`${counter}.1`))?.owner).toBe('another request');
    expect(await counters.used(counter, 3)).toBe(1);
  });

  test('when the store refuses a give-back, then it is tried again later until it lands', async () => {
    const { store, counters } = await startProcess({ giveBackRetriesMs: [20, 20] });
    const counter = newCounter();
    const take = await counters.take({ counter, limit: 3 });
    store.deleteFaults = 2;

    await take.refund();
    expect(await counters.used(counter, 3)).toBe(1);
    await counters.settled();
    expect(store.calls.delete).toBe(3);
    expect(await counters.used(counter, 3)).toBe(0);
  });

  test('when a request is attempted again, by any process, then it finds its own slot and counts once, even on a full counter', async () => {
    const [a, b] = await Promise.all([startProcess(), startProcess()]);
    const counter = newCounter();
    const first = await a.counters.take({ counter, limit: 2, attempt: 'request-1' });
    await a.counters.take({ counter, limit: 2 });
    expect((await a.counters.take({ counter, limit: 2 })).ok).toBe(false);

    const again = await a.counters.take({ counter, limit: 2, attempt: 'request-1' });
    const elsewhere = await b.counters.take({ counter, limit: 2, attempt: 'request-1' });
    expect([again.ok, elsewhere.ok]).toEqual([true, true]);
    expect(again.slot).toEqual(first.slot);
    expect(elsewhere.slot).toEqual(first.slot);
    expect((await b.counters.take({ counter, limit: 2, attempt: 'request-2' })).ok).toBe(false);
    expect(await a.counters.used(counter, 2)).toBe(2);
  });

  test('when a counter was found full, then it is believed without asking for fullForMs, and asked again after', async () => {
    const { store, counters } = await startProcess({ fullForMs: 5_000 });
    const counter = newCounter();
    const now = Date.now();
    await counters.take({ counter, limit: 1 }, new Date(now));
    expect((await counters.take({ counter, limit: 1 }, new Date(now))).ok).toBe(false);
    const asked = store.calls.create;

    expect((await counters.take({ counter, limit: 1 }, new Date(now + 4_999))).ok).toBe(false);
    expect(store.calls.create).toBe(asked);
    expect((await counters.take({ counter, limit: 1 }, new Date(now + 5_001))).ok).toBe(false);
    expect(store.calls.create).toBe(asked + 1);
  });
});

describe('the stores', () => {
  test("when a database's slots are taken, then one process's takes of one counter go in turn; a bucket's go at once", async () => {
    const db = new Observed(new DbSlotStore(mongo.connection, { collection, keepMs: KEEP_MS }));
    const kv = new Observed(await KvSlotStore.open(nc, { bucket, keepMs: KEEP_MS }));
    for (const store of [db, kv]) {
      const counters = new SlotCounters(store);
      const counter = newCounter();
      await Promise.all(Array.from({ length: 8 }, () => counters.take({ counter, limit: 4 })));
    }

    expect(db.maxCreatesAtOnce).toBe(1);
    expect(kv.maxCreatesAtOnce).toBeGreaterThan(1);
  });

  test('when a database is purged, then the slots past their age go, and those without one, and the rest stay', async () => {
    const name = `slots_${randomUUID().slice(0, 8)}`;
    const store = new DbSlotStore(mongo.connection, { collection: name, keepMs: 60_000 });
    await store.createIndexes();
    const counters = new SlotCounters(store);
    const counter = newCounter();
    await counters.take({ counter, limit: 2 });
    await mongo.connection.collection(name).insertOne({ _id: `${counter}.2`, window: 1 } as never);

    expect(await store.purge(new Date(Date.now() + 30_000))).toBe(1);
    expect(await counters.used(counter, 2)).toBe(1);
    expect(await store.purge(new Date(Date.now() + 61_000))).toBe(1);
    expect(await counters.used(counter, 2)).toBe(0);
  });

  test('when a bucket is opened, then its slots go by themselves after the age given and it keeps no history', async () => {
    const name = `slots_ttl_${randomUUID().slice(0, 8)}`;
    await KvSlotStore.open(nc, { bucket: name, keepMs: 90_000 });
    const kv = await new Kvm(nc).open(name);
    try {
      const status = await kv.status();
      expect(status.ttl).toBe(90_000);
      expect(status.history).toBe(1);
    } finally {
      await kv.destroy();
    }
  });
});

describe('window limits', () => {
  const limits = async (windowSeconds: number) => {
    const store = new Observed(await KvSlotStore.open(nc, { bucket, keepMs: KEEP_MS }));
    return { store, limits: new WindowLimits(new SlotCounters(store), windowSeconds) };
  };

  test("when a window's limit is used, then the next is refused with the seconds until the window ends, and the next window counts afresh", async () => {
    const { limits: hourly } = await limits(3600);
    const key = randomUUID();
    const at = new Date('2026-11-23T10:59:00.500Z');
    expect(await hourly.admit('ip', key, 2, at)).toEqual({ ok: true });
    expect(await hourly.admit('ip', key, 2, at)).toEqual({ ok: true });

    expect(await hourly.admit('ip', key, 2, at)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(await hourly.admit('email', key, 2, at)).toEqual({ ok: true });
    expect(await hourly.admit('ip', randomUUID(), 2, at)).toEqual({ ok: true });
    expect(await hourly.admit('ip', key, 2, new Date('2026-11-23T11:00:00Z'))).toEqual({ ok: true });
  });

  test('when the limit is 0, then nothing is counted', async () => {
    const { store, limits: hourly } = await limits(3600);
    expect(await hourly.admit('ip', randomUUID(), 0)).toEqual({ ok: true });
    expect(store.calls.create).toBe(0);
  });

  test('when the clock is anywhere in a window, then the seconds left count to its end, never fewer than 1', () => {
    expect(fixedWindow(new Date('2026-11-23T11:00:00Z'), 3600).secondsLeft).toBe(3600);
    expect(fixedWindow(new Date('2026-11-23T11:59:59.999Z'), 3600).secondsLeft).toBe(1);
    expect(fixedWindow(new Date('2026-11-23T11:59:59.999Z'), 3600).index).toBe(
      fixedWindow(new Date('2026-11-23T11:00:00Z'), 3600).index,
    );
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
