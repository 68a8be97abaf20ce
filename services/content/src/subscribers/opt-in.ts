// The list's consent: an address is confirmed by its confirmation link and leaves by its unsubscribe link,
// and only a confirmed address that has not left may be sent list mail (canMail, mailableSubscribers).
import mongoose from 'mongoose';
import { HttpError } from '@hhp/kit';
import type { SubscriberModel } from './subscriber.model.js';
import { verifyListToken, type TokenPurpose } from './list-tokens.js';

const { trusted } = mongoose;

export const BAD_TOKEN = 'token is not valid: use the link from the e-mail';

/** `j***@example.com`: enough for the visitor to recognise, not enough to read the address back. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

function subscriberId(secret: string, purpose: TokenPurpose, token: string): string {
  const id = verifyListToken(secret, purpose, token);
  if (!id) throw new HttpError(400, BAD_TOKEN);
  return id;
}

/** Sets confirmedAt once (a second click keeps the first time); resolves to the confirmed address. */
export async function confirmSubscriber(subscribers: SubscriberModel, secret: string, token: string): Promise<string> {
  const _id = subscriberId(secret, 'confirm', token);
  await subscribers.updateOne({ _id, confirmedAt: null }, { $set: { confirmedAt: new Date() } });
  const subscriber = await subscribers.findById(_id, { email: 1 }).lean();
  // A valid token of a subscriber no longer stored (removed by hand): nothing to confirm.
  if (!subscriber) throw new HttpError(400, BAD_TOKEN);
  return subscriber.email;
}

/** Sets unsubscribedAt once; a second POST (mail clients retry) is answered the same. */
export async function unsubscribeSubscriber(
  subscribers: SubscriberModel,
  secret: string,
  token: string,
): Promise<void> {
  const _id = subscriberId(secret, 'unsubscribe', token);
  await subscribers.updateOne({ _id, unsubscribedAt: null }, { $set: { unsubscribedAt: new Date() } });
  if (!(await subscribers.exists({ _id }))) throw new HttpError(400, BAD_TOKEN);
}

const MAILABLE = { confirmedAt: trusted({ $ne: null }), unsubscribedAt: null };

/** Whether list mail may go to `email`: confirmed, and not unsubscribed. Every list mailing asks this. */
export async function canMail(subscribers: SubscriberModel, email: string): Promise<boolean> {
  return (await subscribers.exists({ email: email.trim().toLowerCase(), ...MAILABLE })) !== null;
}

/** The addresses a list mailing goes to, as a cursor (the list may be long). */
export function mailableSubscribers(subscribers: SubscriberModel) {
  return subscribers.find(MAILABLE, { email: 1 }).lean().cursor();
}
