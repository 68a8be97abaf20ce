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
const FULL_FOR_MS = 10_000;

export class QuotaCounters {
  private readonly slots: Collection<Slot>;
  /** The slot number to try first, per counter (this process's last success + 1). */
  private readonly hints = new Map<string, number>();
  /** Counters this process found full, and until when to believe it without asking. */
  private readonly fullUntil = new Map<string, number>();

  /** Building an Intl formatter is costly (it was 8% of the service's CPU when made per call). */
  private readonly dayFormat: Intl.DateTimeFormat;

  constructor(connection: Connection, timeZone: string) {
    this.slots = connection.collection<Slot>('quota_slots');
    this.dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone });
  }

  async createIndexes(): Promise<void> {
    await this.slots.createIndex({ counter: 1 });
    await this.slots.createIndex({ day: 1 });
  }

  /** The calendar day in the quota's time zone, e.g. 2026-11-23. */
  day(now = new Date()): string {
    return this.dayFormat.format(now);
  }

  /**
   * `spread`: start at a random slot instead of the next one in order. For a counter that many requests
   * share at once (the per-address ceiling), ordered probing makes them all collide on the same slot;
   * random starts spread them out. The count it reports is then not meaningful.
   */
  async take(key: string, limit: number, { now = new Date(), spread = false } = {}): Promise<Take> {
    const day = this.day(now);
    const counter = `${day}|${key}`;
    // Try the slots in order from where this process last found room (1 for a counter it has not seen):
    // slots below the one won are taken, so its number is the count (a refund's hole aside). A counter
    // found full is remembered for a few seconds so refusals cost no writes (a refund elsewhere shows after that).
    const full = this.fullUntil.get(counter);
    if (full !== undefined && full > now.getTime()) return { ok: false, used: limit, refund: noRefund };
    const start = spread ? 1 + Math.floor(Math.random() * limit) : Math.min(this.hints.get(counter) ?? 1, limit);
    for (let i = 0; i < limit; i++) {
      const n = ((start - 1 + i) % limit) + 1;
      const _id = `${counter}|${n}`;
      try {
        await this.slots.insertOne({ _id, counter, day, takenAt: now });
      } catch (err) {
        if (isDuplicateKeyError(err)) continue;
        throw err;
      }
      if (!spread) this.remember(counter, n + 1);
      return {
        ok: true,
        used: n,
        refund: async () => {
          await this.slots.deleteOne({ _id });
          this.fullUntil.delete(counter);
          this.hints.set(counter, 1);
        },
      };
    }
    this.fullUntil.set(counter, now.getTime() + FULL_FOR_MS);
    return { ok: false, used: limit, refund: noRefund };
  }

  private remember(counter: string, next: number): void {
    // Bounded: hints are an optimisation, never needed for correctness.
    if (this.hints.size > 100_000) this.hints.clear();
    if (this.fullUntil.size > 100_000) this.fullUntil.clear();
    this.hints.set(counter, next);
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
