// How many sign-ups one client address, and one e-mail address, may make per window (an hour by default):
// a bot sending hundreds of made-up addresses from one place, or one victim's address over and over, is
// refused after the limit. Both refusals are the same 429, whether or not the address is on the list, so
// the limit reveals nothing about who is subscribed.
//
// The counts are shared by every replica and exact under any concurrency: each sign-up takes a "slot", the
// key `<window>.<scope>.<hash>.<n>` of a NATS JetStream key-value bucket (n from 1 to the limit), by
// creating it; JetStream refuses to create a key that holds a value, so the server alone decides who gets
// slot n (ai-query's quota.ts does the same for free questions). Point operations on keys cost the same
// however many are stored, where the database (FerretDB) would scan. The bucket's age limit drops a window's
// slots after it. Addresses are stored hashed.
//
// The e-mail's count is the mailbox's (`mailboxOf`): aliases that reach one inbox (`a+1@x.com`, `a+2@x.com`, and
// for Gmail `a.b@gmail.com`, `ab@googlemail.com`) share it, or they would flood that inbox with opt-in e-mails
// one alias at a time. The list itself still stores and mails the address as it was typed.
//
// A limit is a guard, not the list itself: when NATS does not answer, sign-ups are let through (and logged).
import { createHash, randomBytes } from 'node:crypto';
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { clientKey, TIMED_OUT, within, type AddressAllowlist, type EventBus, type Logger } from '@hhp/kit';

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

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

/** How long a counter found full is believed without asking again (refusals then cost nothing). */
const FULL_FOR_MS = 10_000;
const BOUND = 100_000;

function isTaken(err: unknown): boolean {
  return (
    err instanceof JetStreamApiError &&
    (err.code === JetStreamApiCodes.StreamWrongLastSequence ||
      err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

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
  /** Where this process last found room, per counter: the next take starts there. */
  private readonly hints = new Map<string, number>();
  private readonly fullUntil = new Map<string, number>();
  private readonly owner = randomBytes(9).toString('base64url');

  private constructor(
    private readonly kv: KV,
    private readonly options: SignupLimitOptions,
    private readonly connected: () => boolean,
  ) {}

  /** Opens the bucket, creating it (or updating its age limit) first. */
  static async open(bus: Pick<EventBus, 'nc' | 'isConnected'>, options: SignupLimitOptions): Promise<SignupLimits> {
    const kv = await new Kvm(bus.nc).create(options.bucket, { history: 1, ttl: 2 * options.windowSeconds * 1000 });
    return new SignupLimits(kv, options, () => bus.isConnected());
  }

  /** Counts this sign-up against the client address, then (if that allowed it) against the e-mail's mailbox. */
  async admit({ address, email }: { address: string; email: string }, now = new Date()): Promise<Admission> {
    const window = Math.floor(now.getTime() / 1000 / this.options.windowSeconds);
    const retryAfterSeconds = (window + 1) * this.options.windowSeconds - Math.floor(now.getTime() / 1000);
    const counters: [string, number][] = [
      [
        `${window}.ip.${hashed(clientKey(address))}`,
        this.options.allowlist?.exempt(address) ? 0 : this.options.perAddress,
      ],
      [`${window}.email.${hashed(mailboxOf(email))}`, this.options.perEmail],
    ];
    for (const [counter, limit] of counters) {
      if (limit === 0) continue;
      let taken: boolean;
      try {
        taken = await this.bounded(() => this.take(counter, limit, now));
      } catch (err) {
        this.options.logger.warn({ err }, 'sign-up limits not reachable; letting the sign-up through');
        return { ok: true };
      }
      if (!taken) return { ok: false, retryAfterSeconds };
    }
    return { ok: true };
  }

  private async take(counter: string, limit: number, now: Date): Promise<boolean> {
    if ((this.fullUntil.get(counter) ?? 0) > now.getTime()) return false;
    const start = Math.min(this.hints.get(counter) ?? 1, limit);
    for (let i = 0; i < limit; i++) {
      const n = ((start - 1 + i) % limit) + 1;
      try {
        await this.kv.create(`${counter}.${n}`, this.owner);
      } catch (err) {
        if (isTaken(err)) continue;
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
