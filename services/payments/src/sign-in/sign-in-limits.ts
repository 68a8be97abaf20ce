// How many sign-in links one client address may ask for, and one e-mail address may be sent, per window (an
// hour by default): a bot trying addresses from one place is refused (429), and one victim's inbox cannot be
// flooded. Over the e-mail's limit nothing is sent, but the answer stays the one every address gets, so the
// limit reveals nothing about who subscribes.
//
// The counts are shared by every replica and exact under any concurrency: each request takes a "slot", a
// document `<window>|<scope>|<hash>|<n>` (n from 1 to the limit) inserted by `_id`; the database lets exactly
// one insert of an `_id` in, so it alone decides who gets slot n (a unique insert, because FerretDB runs a
// conditional update as a read and then a write). An insert by `_id` costs the same however many slots the
// day holds; a hint per counter makes the next take start at the first slot not known to be taken, a
// process takes one counter's slots in turn, and a counter found full is believed for a few seconds. Windows before the last are purged. Addresses are
// stored hashed.
import { createHash } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import { clientKey, isDuplicateKeyError, KeyedLock, type AddressAllowlist } from '@hhp/kit';

interface Slot {
  _id: string;
  window: number;
}

export interface SignInLimitOptions {
  windowSeconds: number;
  /** Requests per client address and window; 0: no limit. */
  perAddress: number;
  /** Links sent per e-mail address and window; 0: none at all. */
  perEmail: number;
  /** Client addresses the per-address limit does not count (LOAD_TEST_ALLOWLIST); the e-mail's still applies. */
  allowlist?: AddressAllowlist;
}

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

const FULL_FOR_MS = 5_000;
const BOUND = 100_000;

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

export class SignInLimits {
  private readonly slots: mongo.Collection<Slot>;
  /** Where this process last found room, per counter: the next take starts there. */
  private readonly hints = new Map<string, number>();
  private readonly fullUntil = new Map<string, number>();
  /** One process takes one counter's slots in turn (the kit's KeyedLock). */
  private readonly turns = new KeyedLock();

  constructor(
    connection: Connection,
    private readonly options: SignInLimitOptions,
  ) {
    // The driver's collection: every filter here is built from our own keys, never from a request.
    this.slots = connection.collection<Slot>('sign_in_counts') as unknown as mongo.Collection<Slot>;
  }

  async createIndexes(): Promise<void> {
    await this.slots.createIndex({ window: 1 });
  }

  /** Counts one request of `address`; refused with the seconds until the window ends. */
  admitAddress(address: string, now = new Date()): Promise<Admission> {
    const limit = this.options.allowlist?.exempt(address) ? 0 : this.options.perAddress;
    return this.admit('ip', clientKey(address), limit, now);
  }

  /** Counts one link sent to `email`; refused once the window's links have been sent. */
  admitEmail(email: string, now = new Date()): Promise<Admission> {
    if (this.options.perEmail === 0) return Promise.resolve({ ok: false, retryAfterSeconds: 0 });
    return this.admit('email', email, this.options.perEmail, now);
  }

  /** Forgets the windows before the previous one. */
  async purge(now = new Date()): Promise<number> {
    const { deletedCount } = await this.slots.deleteMany({ window: { $lt: this.windowOf(now) - 1 } });
    return deletedCount;
  }

  private windowOf(now: Date): number {
    return Math.floor(now.getTime() / 1000 / this.options.windowSeconds);
  }

  private async admit(scope: string, key: string, limit: number, now: Date): Promise<Admission> {
    if (limit === 0) return { ok: true };
    const window = this.windowOf(now);
    const retryAfterSeconds = Math.max(1, (window + 1) * this.options.windowSeconds - Math.floor(now.getTime() / 1000));
    const counter = `${window}|${scope}|${hashed(key)}`;
    const taken = await this.turns.run(counter, () => this.take(counter, window, limit, now));
    return taken ? { ok: true } : { ok: false, retryAfterSeconds };
  }

  private async take(counter: string, window: number, limit: number, now: Date): Promise<boolean> {
    if ((this.fullUntil.get(counter) ?? 0) > now.getTime()) return false;
    const start = Math.min(this.hints.get(counter) ?? 1, limit);
    for (let i = 0; i < limit; i++) {
      const n = ((start - 1 + i) % limit) + 1;
      try {
        await this.slots.insertOne({ _id: `${counter}|${n}`, window });
      } catch (err) {
        if (isDuplicateKeyError(err)) continue;
        throw err;
      }
      if (this.hints.size > BOUND) this.hints.clear();
      this.hints.set(counter, n + 1);
      return true;
    }
    if (this.fullUntil.size > BOUND) this.fullUntil.clear();
    this.fullUntil.set(counter, now.getTime() + FULL_FOR_MS);
    return false;
  }
}
