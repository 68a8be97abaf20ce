// Applying a message or a webhook once, by its id, when the sender delivers it at least once (JetStream
// redelivers after a lost ack; Stripe retries until it gets a 2xx, sometimes twice at the same moment).
//
// The arbiter is a unique insert: the first delivery inserts `{ _id: id, state: 'applying' }` into the
// service's own `inbox` collection and does the work; any other delivery of that id fails the insert, and
// reads what is there. `done`: it is acknowledged without applying again. `applying` within the lease: another
// delivery is doing it right now and may yet fail, so this one waits for it (up to `waitMs`, 0 by default) and
// then, if it is still held, is neither applied nor acknowledged (InboxBusyError, a 409 with the lease's
// remaining time: the bus naks it, a webhook's sender retries later). A failed application removes its claim,
// so the next delivery applies it.
//
// The holder renews its lease while it works (every third of it), so a lease runs out only when its holder
// has stopped (died, or frozen for longer than the lease), however long the work takes. A claim whose lease has
// run out is removed and claimed again by unique insert, so of two deliveries taking it over only one wins. A
// durable consumer's lease comes from its ack wait (events/redelivery.ts: `EventContext.lease`), short enough
// that a crashed holder's claim has always run out when JetStream redelivers.
//
// FerretDB has no transactions, so the work and the `done` mark are two writes: a crash between them
// applies the work again on the next delivery. Work that must not repeat even then writes the id with its
// own document too (a unique field), and treats a duplicate key as done.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { mongo as driver } from 'mongoose';
import { HttpError } from '../errors.js';
import { isDuplicateKeyError, type Mongo } from './mongo.js';

interface InboxEntry {
  _id: string;
  state: 'applying' | 'done';
  /** Who holds an `applying` claim: only its holder renews it, marks it done or gives it back. */
  claim: string;
  leaseUntil: Date;
  receivedAt: Date;
  doneAt?: Date;
}

/** Another delivery of the same id is being applied right now; try again later. */
export class InboxBusyError extends HttpError {
  constructor(
    readonly messageId: string,
    /** When the other delivery's lease runs out, unless it renews it: the earliest a retry can get through. */
    readonly retryAfterMs: number,
  ) {
    super(409, `Message ${messageId} is being applied by another delivery; try again later`);
    this.name = 'InboxBusyError';
  }
}

export interface InboxOptions {
  /** The collection in the service's database (default `inbox`). */
  collection?: string;
  /** How long a claim holds without renewal before another delivery may take it over (default 60 s). */
  leaseMs?: number;
}

/** One application's claim: a durable consumer passes its delivery's (`EventContext.lease`). */
export interface ClaimOptions {
  /** The claim's lease (default: the inbox's `leaseMs`). */
  leaseMs?: number;
  /** How long to wait for another delivery that holds the id before InboxBusyError (default 0: at once). */
  waitMs?: number;
}

export type InboxOutcome<T> = { applied: true; value: T } | { applied: false };

export interface Inbox {
  /**
   * Run `work` unless message `id` was applied before: `{ applied: true, value }` the first time,
   * `{ applied: false }` for a delivery of an id already done. Throws what `work` threw (the id stays not
   * done), or InboxBusyError while another delivery of the id is being applied.
   */
  once<T>(id: string, work: () => Promise<T>, claim?: ClaimOptions): Promise<InboxOutcome<T>>;
  /** true when message `id` has been applied. */
  isDone(id: string): Promise<boolean>;
}

/** How often a waiting delivery looks again whether the holder has finished. */
const POLL_MS = 200;

export function createInbox(mongo: Pick<Mongo, 'connection'>, options: InboxOptions = {}): Inbox {
  const defaultLeaseMs = options.leaseMs ?? 60_000;
  // The driver's collection: the filters here are the kit's own, never a client's.
  const entries = () =>
    mongo.connection.collection(options.collection ?? 'inbox') as unknown as driver.Collection<InboxEntry>;

  /** The claim's token, or '' when the id is done already. */
  async function claim(id: string, leaseMs: number, waitUntil: number): Promise<string> {
    for (;;) {
      const token = randomUUID();
      const now = Date.now();
      try {
        await entries().insertOne({
          _id: id,
          state: 'applying',
          claim: token,
          leaseUntil: new Date(now + leaseMs),
          receivedAt: new Date(now),
        });
        return token;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      const existing = await entries().findOne({ _id: id });
      if (!existing) continue; // given back in the meantime
      if (existing.state === 'done') return '';
      const leaseLeftMs = existing.leaseUntil.getTime() - Date.now();
      if (leaseLeftMs <= 0) {
        // Its holder stopped renewing it (it died): remove exactly that claim as it was read (not one renewed
        // since), and race for a new one by unique insert.
        await entries().deleteOne({
          _id: id,
          claim: existing.claim,
          state: 'applying',
          leaseUntil: existing.leaseUntil,
        });
        continue;
      }
      const waitLeftMs = waitUntil - Date.now();
      if (waitLeftMs <= 0) throw new InboxBusyError(id, leaseLeftMs);
      await sleep(Math.min(leaseLeftMs, waitLeftMs, POLL_MS));
    }
  }

  /** Renews the claim every third of its lease until the returned function is called. */
  function keepRenewing(id: string, token: string, leaseMs: number): () => void {
    const timer = setInterval(
      () => {
        entries()
          .updateOne(
            { _id: id, claim: token, state: 'applying' },
            { $set: { leaseUntil: new Date(Date.now() + leaseMs) } },
          )
          .catch(() => undefined); // the next renewal tries again; the work goes on either way
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  return {
    async once<T>(id: string, work: () => Promise<T>, claimOptions: ClaimOptions = {}): Promise<InboxOutcome<T>> {
      const { leaseMs = defaultLeaseMs, waitMs = 0 } = claimOptions;
      const token = await claim(id, leaseMs, Date.now() + waitMs);
      if (token === '') return { applied: false };
      const stopRenewing = keepRenewing(id, token, leaseMs);
      let value: T;
      try {
        value = await work();
      } catch (err) {
        stopRenewing();
        await entries()
          .deleteOne({ _id: id, claim: token, state: 'applying' })
          .catch(() => undefined);
        throw err;
      }
      stopRenewing();
      await entries().updateOne({ _id: id, claim: token }, { $set: { state: 'done', doneAt: new Date() } });
      return { applied: true, value };
    },
    async isDone(id: string) {
      return (await entries().findOne({ _id: id, state: 'done' })) !== null;
    },
  };
}
