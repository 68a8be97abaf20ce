// A record's new state and its event in one write (the event in the document's outbox array), for a change that
// may come after a later one (Stripe's events arrive in any order): `filter` names the record and the states this
// change applies to. A record in another state does not match, so the upsert's insert collides with its _id: then
// only `ifKept` and the event are written to it. The event goes out either way: it says what happened, even when
// it changes nothing here.
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError, type OutboxEntry, type OutboxRelay } from '@hhp/kit';

export async function upsertWithEvent<T extends { _id: string }>(
  relay: OutboxRelay,
  model: {
    updateOne(filter: QueryFilter<T>, update: UpdateQuery<T>, options?: { upsert: true }): PromiseLike<unknown>;
  },
  change: NoInfer<{ filter: QueryFilter<T> & { _id: string }; update: UpdateQuery<T>; ifKept?: UpdateQuery<T> }>,
  entry?: OutboxEntry,
): Promise<void> {
  const push = entry ? { $push: { outbox: entry } } : {};
  const ifKept = { ...change.ifKept, ...push };
  await relay.exclusive(async () => {
    try {
      await model.updateOne(change.filter, { ...change.update, ...push }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      if (Object.keys(ifKept).length > 0) await model.updateOne({ _id: change.filter._id }, ifKept);
    }
  });
  if (entry) relay.kick();
}
