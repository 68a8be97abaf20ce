// Slots as documents of one collection of the service's database, inserted by `_id`: the database lets exactly
// one insert of an `_id` in, so it alone decides who gets a slot (a unique insert, because FerretDB runs a
// conditional update as a read and then a write). An insert and a lookup by `_id` cost the same however many
// slots are stored; the store for counters that are not hot. FerretDB has no TTL index: `purge` sweeps the
// slots past their age, as a periodic task of the service.
import type { Connection, mongo } from 'mongoose';
import { isDuplicateKeyError } from '../data/mongo.js';
import type { SlotHolder, SlotStore } from './slot-store.js';

interface SlotDocument {
  _id: string;
  owner: string;
  /** When `purge` may delete it: the slot's age limit after it was written. */
  expiresAt: Date;
}

export interface DbSlotStoreOptions {
  collection: string;
  /** A slot's age limit: `purge` deletes it this long after it was written. */
  keepMs: number;
}

/** A document is written once and never updated: its owner (unique per take) names the write. */
const REVISION = 1;

export class DbSlotStore implements SlotStore {
  readonly takesInTurn = true;
  private readonly slots: mongo.Collection<SlotDocument>;

  constructor(
    connection: Connection,
    private readonly options: DbSlotStoreOptions,
  ) {
    // The driver's collection: every filter here is built from the counters' own keys, never from a request.
    this.slots = connection.collection<SlotDocument>(options.collection) as unknown as mongo.Collection<SlotDocument>;
  }

  async createIndexes(): Promise<void> {
    await this.slots.createIndex({ expiresAt: 1 });
  }

  async create(slot: string, owner: string): Promise<number | undefined> {
    try {
      await this.slots.insertOne({ _id: slot, owner, expiresAt: new Date(Date.now() + this.options.keepMs) });
      return REVISION;
    } catch (err) {
      if (isDuplicateKeyError(err)) return undefined;
      throw err;
    }
  }

  async holder(slot: string): Promise<SlotHolder | undefined> {
    const found = await this.slots.findOne({ _id: slot });
    return found ? { owner: found.owner, revision: REVISION } : undefined;
  }

  async delete(slot: string, owner: string): Promise<boolean> {
    const { deletedCount } = await this.slots.deleteOne({ _id: slot, owner });
    return deletedCount === 1;
  }

  /** Deletes the slots past their age, and any without one (written before slots had it); how many. */
  async purge(now = new Date()): Promise<number> {
    const { deletedCount } = await this.slots.deleteMany({ expiresAt: { $not: { $gte: now } } });
    return deletedCount;
  }
}
