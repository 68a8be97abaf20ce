import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { createEnvelope, isDuplicateKeyError, outboxEntry } from '@hhp/kit';
import { EmailSubscribedEvent, Subjects, type SubscribeEmailRequest } from '@hhp/proto';
import type { ConsentStep, SubscriberModel } from './subscriber.model.js';

const { trusted } = mongoose;

/** A sign-up's id, carried by its confirmation link (list-tokens.ts). */
const newSignupId = () => randomBytes(12).toString('base64url');

const signupStep = (source: SubscribeEmailRequest['source'], at = new Date()): ConsentStep => ({
  action: 'signup',
  at,
  via: `sign-up form (${source})`,
});

/**
 * Put the address on the list. A new address is inserted with its `email.v1.subscribed` event in one atomic
 * upsert. A known address with no live sign-up that is not on the list (it unsubscribed, or was stored before
 * sign-ups had ids) gets a new sign-up id and the event again, in one update: its confirmation e-mail goes out
 * and it stays off the list until that e-mail's link is confirmed. Any other known address (waiting for its
 * confirmation, or on the list) changes nothing. Resolves true when this call started a sign-up.
 */
export async function subscribeEmail(
  subscribers: SubscriberModel,
  { email, source }: SubscribeEmailRequest,
  requestId: string,
): Promise<boolean> {
  const event = () => EmailSubscribedEvent.parse(createEnvelope(Subjects.emailSubscribed, { email, source }));
  const now = new Date();
  try {
    const result = await subscribers.updateOne(
      { email },
      {
        $setOnInsert: {
          email,
          source,
          subscribedAt: now,
          signupId: newSignupId(),
          consent: [signupStep(source, now)],
          outbox: [outboxEntry(event(), requestId)],
        },
      },
      { upsert: true },
    );
    if (result.upsertedCount === 1) return true;
  } catch (err) {
    // Two upserts of a new address raced; the unique index let the other one insert.
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
  const again = await subscribers.updateOne(
    {
      email,
      signupId: null,
      $or: [{ unsubscribedAt: trusted({ $ne: null }) }, { confirmedAt: null }],
    },
    {
      $set: { signupId: newSignupId() },
      $push: { consent: signupStep(source, now), outbox: outboxEntry(event(), requestId) },
    },
  );
  return again.modifiedCount === 1;
}
