// Where slot counters keep their slots (slot-counters.ts): one key per slot, created only if absent. Two stores
// stand behind the one interface: a JetStream key-value bucket for hot counters (kv-slot-store.ts: every
// operation costs the same however many keys it holds, and the bucket's age limit drops old slots by itself)
// and the service's database for the rest (db-slot-store.ts: a unique insert by `_id`, swept by `purge`).

/** A slot as one take wrote it: the key, the take's name in it and the store's revision of that write. */
export interface SlotTaken {
  slot: string;
  owner: string;
  revision: number;
}

/** Who holds a slot now, and the revision of that write. */
export interface SlotHolder {
  owner: string;
  revision: number;
}

export interface SlotStore {
  /**
   * One process's takes of one counter go one at a time (the kit's KeyedLock): a database makes concurrent
   * inserts of one `_id` wait for one another, where taken in turn each finds the slot taken at once.
   */
  readonly takesInTurn: boolean;
  /** Creates the slot holding `owner`: the revision written, or undefined when the slot holds a value already. */
  create(slot: string, owner: string): Promise<number | undefined>;
  /** The slot's holder, or undefined when it is free. */
  holder(slot: string): Promise<SlotHolder | undefined>;
  /** Deletes the slot while it is still `owner`'s write at `revision`: false when it is not (changed, or gone). */
  delete(slot: string, owner: string, revision: number): Promise<boolean>;
}
