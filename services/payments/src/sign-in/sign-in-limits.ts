// How many sign-in links one client address may ask for, and one e-mail address may be sent, per window (an
// hour by default): a bot trying addresses from one place is refused (429), and one victim's inbox cannot be
// flooded. Over the e-mail's limit nothing is sent, but the answer stays the one every address gets, so the
// limit reveals nothing about who subscribes.
//
// The counts are shared by every replica and exact under any concurrency: the kit's window limits
// (`services/kit/src/limits`), whose slots are documents `<window>.<scope>.<hash>.<n>` (n from 1 to the limit)
// of the collection `sign_in_counts`, each inserted by `_id`: the database lets exactly one insert of an `_id`
// in, so it alone decides who gets slot n. An insert by `_id` costs the same however many slots the hour holds
// (sign-ins are not hot enough for a key-value bucket); one process takes one counter's slots in turn. Slots
// are purged after two windows. Addresses are stored hashed.
import type { Connection } from 'mongoose';
import {
  clientKey,
  DbSlotStore,
  SlotCounters,
  WindowLimits,
  type AddressAllowlist,
  type WindowAdmission,
} from '@hhp/kit';

export interface SignInLimitOptions {
  windowSeconds: number;
  /** Requests per client address and window; 0: no limit. */
  perAddress: number;
  /** Links sent per e-mail address and window; 0: none at all. */
  perEmail: number;
  /** Client addresses the per-address limit does not count (LOAD_TEST_ALLOWLIST); the e-mail's still applies. */
  allowlist?: AddressAllowlist;
}

export type Admission = WindowAdmission;

/** How long a counter found full is believed without asking the database again. */
const FULL_FOR_MS = 5_000;

export class SignInLimits {
  private readonly slots: DbSlotStore;
  private readonly limits: WindowLimits;

  constructor(
    connection: Connection,
    private readonly options: SignInLimitOptions,
  ) {
    this.slots = new DbSlotStore(connection, {
      collection: 'sign_in_counts',
      keepMs: 2 * options.windowSeconds * 1000,
    });
    this.limits = new WindowLimits(new SlotCounters(this.slots, { fullForMs: FULL_FOR_MS }), options.windowSeconds);
  }

  createIndexes(): Promise<void> {
    return this.slots.createIndexes();
  }

  /** Counts one request of `address`; refused with the seconds until the window ends. */
  admitAddress(address: string, now = new Date()): Promise<Admission> {
    const limit = this.options.allowlist?.exempt(address) ? 0 : this.options.perAddress;
    return this.limits.admit('ip', clientKey(address), limit, now);
  }

  /** Counts one link sent to `email`; refused once the window's links have been sent. */
  admitEmail(email: string, now = new Date()): Promise<Admission> {
    if (this.options.perEmail === 0) return Promise.resolve({ ok: false, retryAfterSeconds: 0 });
    return this.limits.admit('email', email, this.options.perEmail, now);
  }

  /** Forgets the slots of the windows before the previous one. */
  purge(now = new Date()): Promise<number> {
    return this.slots.purge(now);
  }
}
