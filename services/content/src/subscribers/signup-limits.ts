// How many sign-ups one client address, and one e-mail address, may make per window (an hour by default):
// a bot sending hundreds of made-up addresses from one place, or one victim's address over and over, is
// refused after the limit. Both refusals are the same 429, whether or not the address is on the list, so
// the limit reveals nothing about who is subscribed.
//
// The counts are shared by every replica and exact under any concurrency: the kit's window limits
// (`services/kit/src/limits`), whose slots are the keys `<window>.<scope>.<hash>.<n>` of a NATS JetStream
// key-value bucket (n from 1 to the limit), each taken by creating it: JetStream refuses to create a key that
// holds a value, so the server alone decides who gets slot n (ai-query's free questions count the same way).
// Point operations on keys cost the same however many are stored, where the database (FerretDB) would scan.
// The bucket's age limit drops a window's slots after it. Addresses are stored hashed.
//
// The e-mail's count is the mailbox's (`mailboxOf`): aliases that reach one inbox (`a+1@x.com`, `a+2@x.com`, and
// for Gmail `a.b@gmail.com`, `ab@googlemail.com`) share it, or they would flood that inbox with opt-in e-mails
// one alias at a time. The list itself still stores and mails the address as it was typed.
//
// A limit is a guard, not the list itself: when NATS does not answer, sign-ups are let through (and logged).
import {
  clientKey,
  KvSlotStore,
  SlotCounters,
  TIMED_OUT,
  WindowLimits,
  within,
  type AddressAllowlist,
  type EventBus,
  type Logger,
  type WindowAdmission,
} from '@hhp/kit';

export interface SignupLimitOptions {
  bucket: string;
  windowSeconds: number;
  /** Sign-ups per client address and window; 0: no limit. */
  perAddress: number;
  /** Sign-ups per e-mail address and window; 0: no limit. */
  perEmail: number;
  /** Client addresses the per-address limit does not count (LOAD_TEST_ALLOWLIST); the e-mail's still applies. */
  allowlist?: AddressAllowlist;
  /** How long to wait for the bucket before letting the sign-up through. */
  timeoutMs: number;
  logger: Logger;
}

export type Admission = WindowAdmission;

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as the per-e-mail limit counts it: lower case, the `+tag` of the local part
 * dropped (a local part that starts with `+` is kept whole), and for Gmail the dots dropped too, with
 * googlemail.com as gmail.com. Dots elsewhere are kept: other providers deliver `a.b@` and `ab@` to two people.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase();
  const domain = email.slice(at + 1).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (!GMAIL_DOMAINS.has(domain)) return `${local}@${domain}`;
  return `${local.replaceAll('.', '')}@gmail.com`;
}

export class SignupLimits {
  private constructor(
    private readonly limits: WindowLimits,
    private readonly options: SignupLimitOptions,
    private readonly connected: () => boolean,
  ) {}

  /** Opens the bucket, creating it (or updating its age limit) first. */
  static async open(bus: Pick<EventBus, 'nc' | 'isConnected'>, options: SignupLimitOptions): Promise<SignupLimits> {
    const store = await KvSlotStore.open(bus.nc, { bucket: options.bucket, keepMs: 2 * options.windowSeconds * 1000 });
    const limits = new WindowLimits(new SlotCounters(store, { logger: options.logger }), options.windowSeconds);
    return new SignupLimits(limits, options, () => bus.isConnected());
  }

  /** Counts this sign-up against the client address, then (if that allowed it) against the e-mail's mailbox. */
  async admit({ address, email }: { address: string; email: string }, now = new Date()): Promise<Admission> {
    const counts: [string, string, number][] = [
      ['ip', clientKey(address), this.options.allowlist?.exempt(address) ? 0 : this.options.perAddress],
      ['email', mailboxOf(email), this.options.perEmail],
    ];
    for (const [scope, key, limit] of counts) {
      if (limit === 0) continue;
      let admission: Admission;
      try {
        admission = await this.bounded(() => this.limits.admit(scope, key, limit, now));
      } catch (err) {
        this.options.logger.warn({ err }, 'sign-up limits not reachable; letting the sign-up through');
        return { ok: true };
      }
      if (!admission.ok) return admission;
    }
    return { ok: true };
  }

  /** `run`'s value, or an error when NATS is away or does not answer within the timeout. */
  private async bounded<T>(run: () => Promise<T>): Promise<T> {
    if (!this.connected()) throw new Error('NATS is not connected');
    const work = run();
    work.catch(() => undefined); // it may settle after the deadline, when nobody waits for it any more
    const result = await within(this.options.timeoutMs, work);
    if (result === TIMED_OUT) throw new Error(`no answer within ${this.options.timeoutMs} ms`);
    return result;
  }
}
