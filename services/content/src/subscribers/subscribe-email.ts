import { createEnvelope, isDuplicateKeyError, outboxEntry } from '@hhp/kit';
import { EmailSubscribedEvent, Subjects, type SubscribeEmailRequest } from '@hhp/proto';
import type { SubscriberModel } from './subscriber.model.js';

/**
 * Put the address on the list once. The insert and its `email.v1.subscribed` event are one atomic
 * upsert; an address already there (or inserted by a concurrent request) changes nothing.
 * Resolves true when this call added the address.
 */
export async function subscribeEmail(
  subscribers: SubscriberModel,
  { email, source }: SubscribeEmailRequest,
  requestId: string,
): Promise<boolean> {
  const event = EmailSubscribedEvent.parse(createEnvelope(Subjects.emailSubscribed, { email, source }));
  try {
    const result = await subscribers.updateOne(
      { email },
      { $setOnInsert: { email, source, subscribedAt: new Date(), outbox: [outboxEntry(event, requestId)] } },
      { upsert: true },
    );
    return result.upsertedCount === 1;
  } catch (err) {
    // Two upserts of a new address raced; the unique index let the other one insert.
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}
