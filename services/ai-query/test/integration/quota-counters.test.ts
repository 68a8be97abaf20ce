import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';
import { QuotaCounters } from '../../src/quota.js';

describe('QuotaCounters against the database', () => {
  let connection: Connection;
  let quota: QuotaCounters;
  beforeAll(async () => {
    connection = await mongoose
      .createConnection(process.env.MONGODB_URI!, { dbName: `quota-test-${randomUUID().slice(0, 8)}` })
      .asPromise();
    quota = new QuotaCounters(connection, 'UTC');
    await quota.createIndexes();
  });
  afterAll(() => connection.close());

  const slots = () => connection.collection('quota_slots');

  test('when 40 requests take from a guest counter and a shared ceiling at once, then each counter grants exactly its limit', async () => {
    // Every request races for the guest's 3 slots and the address's 10; with one process's hints shared,
    // the first slots collide constantly, which is the path that probes further one insert at a time.
    const guest = `guest:${randomUUID()}`;
    const ceiling = `ip:${randomUUID()}`;
    const takes = await Promise.all(
      Array.from({ length: 40 }, () =>
        quota.takeEach([
          { key: guest, limit: 3 },
          { key: ceiling, limit: 10, spread: true },
        ]),
      ),
    );
    expect(takes.filter(([g]) => g!.ok)).toHaveLength(3);
    expect(takes.filter(([, c]) => c!.ok)).toHaveLength(10);
    expect(
      takes
        .filter(([g]) => g!.ok)
        .map(([g]) => g!.used)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(await quota.used(guest)).toBe(3);
    expect(await quota.used(ceiling)).toBe(10);
  });

  test('when questions from many guests arrive at once, then their first slots go out in one insert and each guest gets its question', async () => {
    const guests = Array.from({ length: 30 }, () => `guest:${randomUUID()}`);
    const insertMany = jest.spyOn(slots(), 'insertMany');
    let takes;
    try {
      takes = await Promise.all(guests.map((key) => quota.takeEach([{ key, limit: 3 }])));
      expect(insertMany).toHaveBeenCalledTimes(1);
    } finally {
      insertMany.mockRestore();
    }
    expect(takes.map(([take]) => [take!.ok, take!.used])).toEqual(guests.map(() => [true, 1]));
    expect(await Promise.all(guests.map((key) => quota.used(key)))).toEqual(guests.map(() => 1));
  });

  test('when the shared insert fails for another reason than a taken slot, then every question in it gets the error and nothing is counted', async () => {
    const guests = [`guest:${randomUUID()}`, `guest:${randomUUID()}`];
    const insertMany = jest.spyOn(slots(), 'insertMany').mockRejectedValueOnce(new Error('disk full'));
    try {
      const results = await Promise.allSettled(guests.map((key) => quota.takeEach([{ key, limit: 3 }])));
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      expect(insertMany).toHaveBeenCalledTimes(1);
    } finally {
      insertMany.mockRestore();
    }
    expect(await Promise.all(guests.map((key) => quota.used(key)))).toEqual([0, 0]);
    // The inserter is not left stuck: the next question goes through.
    expect((await quota.take(guests[0]!, 3)).ok).toBe(true);
  });

  test('when the shared insert stores the slots but its answer is lost, then they are given back and the error is passed on', async () => {
    const guests = [`guest:${randomUUID()}`, `guest:${randomUUID()}`];
    const collection = slots();
    const real = collection.insertMany.bind(collection);
    const insertMany = jest.spyOn(collection, 'insertMany').mockImplementationOnce(async (...args) => {
      await real(...args);
      throw new Error('connection reset');
    });
    try {
      const results = await Promise.allSettled(guests.map((key) => quota.takeEach([{ key, limit: 3 }])));
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    } finally {
      insertMany.mockRestore();
    }
    expect(await Promise.all(guests.map((key) => quota.used(key)))).toEqual([0, 0]);
  });

  test('when an insert fails without storing, then the give-back leaves alone the slot another request holds', async () => {
    const guest = `guest:${randomUUID()}`;
    const counter = `${quota.day()}|${guest}`;
    await slots().insertOne({ _id: `${counter}|1`, counter, owner: 'another request' } as never);
    const insertMany = jest.spyOn(slots(), 'insertMany').mockRejectedValueOnce(new Error('connection reset'));
    try {
      // A fresh process (no hints) tries slot 1 first: the one held by the other request.
      await expect(new QuotaCounters(connection, 'UTC').take(guest, 3)).rejects.toThrow('connection reset');
    } finally {
      insertMany.mockRestore();
    }
    expect(await slots().countDocuments({ counter })).toBe(1);
  });

  test('when the database is away at a refund, then the question goes back once it answers again', async () => {
    const retrying = new QuotaCounters(connection, 'UTC', { giveBackRetriesMs: [20, 20] });
    const guest = `guest:${randomUUID()}`;
    const take = await retrying.take(guest, 3);
    expect(take.ok).toBe(true);
    const deleteMany = jest
      .spyOn(slots(), 'deleteMany')
      .mockRejectedValueOnce(new Error('connection refused'))
      .mockRejectedValueOnce(new Error('connection refused'));
    try {
      await take.refund();
      expect(await retrying.used(guest)).toBe(1);
      await retrying.settled();
      expect(deleteMany).toHaveBeenCalledTimes(3);
    } finally {
      deleteMany.mockRestore();
    }
    expect(await retrying.used(guest)).toBe(0);
  });

  test('when a question is given back, then its slot can be taken again', async () => {
    const guest = `guest:${randomUUID()}`;
    const [first] = await quota.takeEach([{ key: guest, limit: 1 }]);
    expect(first!.ok).toBe(true);
    expect((await quota.take(guest, 1)).ok).toBe(false);
    await first!.refund();
    expect(await quota.used(guest)).toBe(0);
    expect((await quota.take(guest, 1)).ok).toBe(true);
  });

  test('when the database fails part-way, then the slots already taken are given back and the error is passed on', async () => {
    const guest = `guest:${randomUUID()}`;
    const other = `guest:${randomUUID()}`;
    // Slot 1 of `other` is taken, so it probes slot 2 with insertOne; that insert is stored, but its answer
    // is an error.
    await slots().insertOne({ _id: `${quota.day()}|${other}|1`, counter: `${quota.day()}|${other}` } as never);
    const collection = slots();
    const real = collection.insertOne.bind(collection);
    const insertOne = jest.spyOn(collection, 'insertOne').mockImplementationOnce(async (...args) => {
      await real(...args);
      throw new Error('disk full');
    });
    try {
      await expect(
        quota.takeEach([
          { key: guest, limit: 3 },
          { key: other, limit: 3 },
        ]),
      ).rejects.toThrow('disk full');
    } finally {
      insertOne.mockRestore();
    }
    expect(await quota.used(guest)).toBe(0);
    expect(await quota.used(other)).toBe(1);
  });

  test('when the sweep runs, then the slots of days before yesterday go and the others stay', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const key = `guest:${randomUUID()}`;
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']) {
      expect((await quota.take(key, 3, { now: new Date(`${day}T12:00:00Z`) })).ok).toBe(true);
    }
    await quota.sweep(now);
    const left = await slots()
      .find({ counter: { $regex: key } })
      .toArray();
    expect(left.map((slot) => slot.day).sort()).toEqual(['2026-11-22', '2026-11-23']);
  });
});
