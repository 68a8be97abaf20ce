// Free questions, counted exactly under any concurrency. Each question taken is a "slot" document with
// a unique _id `<day>|<key>|<n>`, n from 1 to the limit: taking a question is inserting the first free
// slot, and only the storage engine's unique _id decides who gets it. A refund deletes the slot taken.
//
// Why not a conditional `$inc` with upsert on one counter document: FerretDB (the embedded default)
// runs that as a read followed by a write, and 50 concurrent requests got 4 answers in our test. Inserts
// against a unique key are atomic on FerretDB and MongoDB alike.
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeyError } from '@hhp/kit';

interface Slot {
  _id: string;
  /** `<day>|<key>`: what `used` counts. */
  counter: string;
  day: string;
  takenAt: Date;
}

export interface Take {
  ok: boolean;
  /** Questions used after this request (the limit when refused). */
  used: number;
  /** Gives this question back; only meaningful when ok. */
  refund(): Promise<void>;
}

const noRefund = async () => {};

export class QuotaCounters {
  private readonly slots: Collection<Slot>;

  constructor(
    connection: Connection,
    private readonly timeZone: string,
  ) {
    this.slots = connection.collection<Slot>('quota_slots');
  }

  async createIndexes(): Promise<void> {
    await this.slots.createIndex({ counter: 1 });
    await this.slots.createIndex({ day: 1 });
  }

  /** The calendar day in the quota's time zone, e.g. 2026-11-23. */
  day(now = new Date()): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: this.timeZone }).format(now);
  }

  async take(key: string, limit: number, now = new Date()): Promise<Take> {
    const day = this.day(now);
    const counter = `${day}|${key}`;
    const used = await this.slots.countDocuments({ counter });
    if (used >= limit) return { ok: false, used: limit, refund: noRefund };
    // Start where the free slots probably are; wrap around to fill holes that refunds left.
    for (let i = 0; i < limit; i++) {
      const n = ((used + i) % limit) + 1;
      const _id = `${counter}|${n}`;
      try {
        await this.slots.insertOne({ _id, counter, day, takenAt: now });
      } catch (err) {
        if (isDuplicateKeyError(err)) continue;
        throw err;
      }
      return {
        ok: true,
        used: Math.min(limit, await this.slots.countDocuments({ counter })),
        refund: async () => {
          await this.slots.deleteOne({ _id });
        },
      };
    }
    return { ok: false, used: limit, refund: noRefund };
  }

  async used(key: string, now = new Date()): Promise<number> {
    return this.slots.countDocuments({ counter: `${this.day(now)}|${key}` });
  }

  /** FerretDB has no TTL indexes: drop the slots of days before yesterday. */
  async sweep(now = new Date()): Promise<number> {
    const yesterday = this.day(new Date(now.getTime() - 24 * 60 * 60 * 1000));
    const { deletedCount } = await this.slots.deleteMany({ day: { $lt: yesterday } });
    return deletedCount;
  }
}
