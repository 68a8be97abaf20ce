// Counting exactly under any concurrency, at a cost that does not grow with the traffic: the free questions,
// the sign-up limits and the sign-in limits count this way. A counter of limit L is L "slots", the keys
// `<counter>.1` to `<counter>.<L>` of a store (slot-store.ts); taking one is creating the first free slot,
// which the store refuses for a key that holds a value, so the store alone decides who gets slot n and a burst
// of any size, over any number of replicas, gets exactly L. Never read-then-write: FerretDB runs a conditional
// update as a read followed by a write. The counter's name carries its window (a day, an hour), so a new
// window starts empty, and the store drops old slots by their age.
//
// What a process keeps for itself is an optimisation, never needed for correctness: where it last found room
// in a counter (the next take starts there, so its slot number is the count), and a counter found full,
// believed for a few seconds (refusals then cost nothing).
//
// Every slot names the take that wrote it (its owner), so a write whose outcome is unknown (the acknowledgement
// was lost) can be undone exactly, and a give-back deletes the slot only while it is still that take's.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeyedLock } from '../data/keyed-lock.js';
import type { Logger } from '../logger.js';
import type { SlotStore, SlotTaken } from './slot-store.js';

export interface Take {
  ok: boolean;
  /** The slot taken, 1-based: the count after this take (a give-back's hole aside); the limit when refused. */
  used: number;
  /** Gives this take back; only meaningful when ok. Never rejects (see SlotCounters.take). */
  refund(): Promise<void>;
  /** The slot taken (when ok): what any process needs to give it back later (see giveBackSlot). */
  slot?: SlotTaken;
}

export interface TakeRequest {
  /** The counter's name: dot-separated tokens that start with its window, e.g. `2026-11-23.guest=3a…`. */
  counter: string;
  limit: number;
  /**
   * Start at a random slot instead of where this process last found room. For a counter that many
   * requests share at once, ordered probing makes them all collide on the same slot; random starts spread
   * them out. The count it reports is then not meaningful.
   */
  spread?: boolean;
  /**
   * The name of the request this take is for, the same on every attempt at it: a slot an earlier attempt
   * created under this name is this attempt's own, not a second count. Without it, each take has a name of its own.
   */
  attempt?: string;
}

export interface SlotCountersOptions {
  /** How long a counter found full is believed without asking the store again (a give-back elsewhere shows after). */
  fullForMs?: number;
  logger?: Logger;
  /** When a give-back fails (the store is away), the later tries, in ms after the first. */
  giveBackRetriesMs?: readonly number[];
}

const FULL_FOR_MS = 10_000;
const GIVE_BACK_RETRIES_MS = [1_000, 5_000, 30_000];
/** The hints' bound: past it they are forgotten (they are an optimisation). */
const BOUND = 100_000;

const noRefund = async () => {};

export class SlotCounters {
  /** The slot number to try first, per counter (this process's last success + 1). */
  private readonly hints = new Map<string, number>();
  /** Counters this process found full, and until when to believe it without asking. */
  private readonly fullUntil = new Map<string, number>();
  /** Owner names: this process's random prefix and a sequence number per take (unique, and cheap). */
  private readonly ownerPrefix = randomBytes(9).toString('base64url');
  private takes = 0;
  private readonly turns = new KeyedLock();
  /** Give-backs waiting for a later try (see settled()). */
  private readonly retrying = new Set<Promise<void>>();
  private readonly fullForMs: number;
  private readonly retriesMs: readonly number[];

  constructor(
    private readonly store: SlotStore,
    private readonly options: SlotCountersOptions = {},
  ) {
    this.fullForMs = options.fullForMs ?? FULL_FOR_MS;
    this.retriesMs = options.giveBackRetriesMs ?? GIVE_BACK_RETRIES_MS;
  }

  /**
   * Takes one slot of the counter. Slots are tried in order from where this process last found room (1 for
   * a counter it has not seen). Rejects when the store did not answer; a slot it may have written then is
   * given back, if it carries this take's name.
   */
  take(request: TakeRequest, now = new Date()): Promise<Take> {
    if (!this.store.takesInTurn) return this.takeNow(request, now);
    return this.turns.run(request.counter, () => this.takeNow(request, now));
  }

  private async takeNow({ counter, limit, spread = false, attempt }: TakeRequest, now: Date): Promise<Take> {
    // A request's later attempt looks at the slots even when this process believes the counter full: the
    // one it is looking for may be among them.
    if (attempt === undefined && (this.fullUntil.get(counter) ?? 0) > now.getTime()) return refused(limit);
    const start = spread ? 1 + Math.floor(Math.random() * limit) : Math.min(this.hints.get(counter) ?? 1, limit);
    const owner = attempt === undefined ? `${this.ownerPrefix}.${++this.takes}` : `attempt.${attempt}`;
    for (let i = 0; i < limit; i++) {
      const n = ((start - 1 + i) % limit) + 1;
      const slot = `${counter}.${n}`;
      let revision: number | undefined;
      try {
        revision = await this.store.create(slot, owner);
      } catch (err) {
        // Whether it was stored is unknown: if it carries this take's name, it goes back.
        void this.giveBack(slot, owner);
        throw err;
      }
      // Taken: by an earlier attempt at this very request, it is this one's; else the next slot.
      if (revision === undefined && attempt !== undefined) revision = await this.revisionOf(slot, owner);
      if (revision === undefined) continue;
      if (!spread) this.remember(this.hints, counter, n + 1);
      const taken = { slot, owner, revision };
      return {
        ok: true,
        used: n,
        slot: taken,
        refund: async () => {
          await this.giveBack(slot, owner, revision);
          this.roomIn(counter);
        },
      };
    }
    this.remember(this.fullUntil, counter, now.getTime() + this.fullForMs);
    return refused(limit);
  }

  /** Slots taken in the counter: `limit` point lookups, whatever the number of slots stored. */
  async used(counter: string, limit: number): Promise<number> {
    const holders = await Promise.all(
      Array.from({ length: limit }, (_, i) => this.store.holder(`${counter}.${i + 1}`)),
    );
    return holders.filter((holder) => holder !== undefined).length;
  }

  /**
   * Gives back a slot a take wrote (any process may: all it needs is in `taken`), once: deleted only while
   * it is still that take's write. True when this call deleted it; false when it was no longer that take's
   * (given back before, or gone). Rejects when the store did not answer (nothing retried here).
   */
  async giveBackSlot({ slot, owner, revision }: SlotTaken): Promise<boolean> {
    if (!slot.includes('.') || !owner) return false;
    if (!(await this.store.delete(slot, owner, revision))) return false;
    this.roomIn(slot.slice(0, slot.lastIndexOf('.')));
    return true;
  }

  /** Waits for the give-backs still being retried (tests; shutdown, bounded). */
  async settled(): Promise<void> {
    while (this.retrying.size > 0) await Promise.all(this.retrying);
  }

  /** The slot's revision when it holds `owner`'s take, else undefined. */
  private async revisionOf(slot: string, owner: string): Promise<number | undefined> {
    const holder = await this.store.holder(slot);
    return holder?.owner === owner ? holder.revision : undefined;
  }

  /**
   * Deletes the slot if it is still `owner`'s (at `revision`, when known). Never rejects: when the store does
   * not answer, it tries again later (giveBackRetriesMs) in the background, and logs if it never could.
   */
  private async giveBack(slot: string, owner: string, revision?: number): Promise<void> {
    const attempt = async () => {
      const known = revision ?? (await this.revisionOf(slot, owner));
      if (known !== undefined) await this.store.delete(slot, owner, known);
    };
    try {
      await attempt();
      return;
    } catch (err) {
      this.options.logger?.warn({ err, slot }, 'could not give back a slot yet; trying again later');
    }
    const later = (async () => {
      for (const [i, delay] of this.retriesMs.entries()) {
        await sleep(delay, undefined, { ref: false });
        try {
          await attempt();
          return;
        } catch (err) {
          if (i === this.retriesMs.length - 1) this.options.logger?.error({ err, slot }, 'gave up giving back a slot');
        }
      }
    })();
    this.retrying.add(later);
    void later.finally(() => this.retrying.delete(later));
  }

  /** A slot of the counter was given back: the next take looks from slot 1 again, at once. */
  private roomIn(counter: string): void {
    this.fullUntil.delete(counter);
    this.hints.set(counter, 1);
  }

  private remember(map: Map<string, number>, counter: string, value: number): void {
    if (map.size > BOUND) map.clear();
    map.set(counter, value);
  }
}

function refused(limit: number): Take {
  return { ok: false, used: limit, refund: noRefund };
}
