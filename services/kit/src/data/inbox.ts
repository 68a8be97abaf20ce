// Applying a message or a webhook once, by its id, when the sender delivers it at least once (JetStream
// redelivers after a lost ack; Stripe retries until it gets a 2xx, sometimes twice at the same moment).
//
// The arbiter is a unique insert: the first delivery inserts `{ _id: id, state: 'applying' }` into the
// service's own `inbox` collection and does the work; any other delivery of that id fails the insert, and
// reads what is there. `done`: it is acknowledged without applying again. `applying` within the lease: another
// delivery is doing it right now and may yet fail, so this one is neither applied nor acknowledged
// (InboxBusyError, a 409: the bus naks it, a webhook's sender retries later). A failed application removes
// its claim, so the next delivery applies it. A claim whose lease has run out (its process died) is removed
// and claimed again by unique insert, so of two deliveries taking it over only one wins.
//
// FerretDB has no transactions, so the work and the `done` mark are two writes: a crash between them
// applies the work again on the next delivery. Work that must not repeat even then writes the id with its
// own document too (a unique field), and treats a duplicate key as done.
import { randomUUID } from 'node:crypto';
import type { mongo as driver } from 'mongoose';
import { HttpError } from '../errors.js';
import { isDuplicateKeyError, type Mongo } from './mongo.js';

interface InboxEntry {
  _id: string;
  state: 'applying' | 'done';
  /** Who holds an `applying` claim: only its holder marks it done or gives it back. */
  claim: string;
  leaseUntil: Date;
  receivedAt: Date;
  doneAt?: Date;
}

/** Another delivery of the same id is being applied right now; try again later. */
export class InboxBusyError extends HttpError {
  constructor(readonly messageId: string) {
    super(409, `Message ${messageId} is being applied by another delivery; try again later`);
    this.name = 'InboxBusyError';
  }
}

export interface InboxOptions {
  /** The collection in the service's database (default `inbox`). */
  collection?: string;
  /** How long a claim holds before another delivery may take it over (default 60 s): longer than any work. */
  leaseMs?: number;
}

export type InboxOutcome<T> = { applied: true; value: T } | { applied: false };

export interface Inbox {
  /**
   * Run `work` unless message `id` was applied before: `{ applied: true, value }` the first time,
   * `{ applied: false }` for a delivery of an id already done. Throws what `work` threw (the id stays not
   * done), or InboxBusyError while another delivery of the id is being applied.
   */
  once<T>(id: string, work: () => Promise<T>): Promise<InboxOutcome<T>>;
  /** true when message `id` has been applied. */
  isDone(id: string): Promise<boolean>;
}

export function createInbox(mongo: Pick<Mongo, 'connection'>, options: InboxOptions = {}): Inbox {
  const leaseMs = options.leaseMs ?? 60_000;
  // The driver's collection: the filters here are the kit's own, never a client's.
  const entries = () =>
    mongo.connection.collection(options.collection ?? 'inbox') as unknown as driver.Collection<InboxEntry>;

  async function claim(id: string): Promise<string> {
    const token = randomUUID();
    const now = new Date();
    try {
      await entries().insertOne({
        _id: id,
        state: 'applying',
        claim: token,
        leaseUntil: new Date(now.getTime() + leaseMs),
        receivedAt: now,
      });
      return token;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const existing = await entries().findOne({ _id: id });
    if (!existing) return claim(id); // given back in the meantime
    if (existing.state === 'done') return '';
    if (existing.leaseUntil > now) throw new InboxBusyError(id);
    // The holder died with its claim: remove exactly that claim, and race for a new one by unique insert.
    await entries().deleteOne({ _id: id, claim: existing.claim, state: 'applying' });
    return claim(id);
  }

  return {
    async once<T>(id: string, work: () => Promise<T>): Promise<InboxOutcome<T>> {
      const token = await claim(id);
      if (token === '') return { applied: false };
      let value: T;
      try {
        value = await work();
      } catch (err) {
        await entries()
          .deleteOne({ _id: id, claim: token, state: 'applying' })
          .catch(() => undefined);
        throw err;
      }
      await entries().updateOne({ _id: id, claim: token }, { $set: { state: 'done', doneAt: new Date() } });
      return { applied: true, value };
    },
    async isDone(id: string) {
      return (await entries().findOne({ _id: id, state: 'done' })) !== null;
    },
  };
}
