// The list's consent: an address is confirmed by the confirmation link of its live sign-up and leaves by its
// unsubscribe link; an unsubscribe stands until the address confirms a new sign-up (an older link is
// superseded); only a confirmed address that has not left may be sent list mail (canMail, mailableSubscribers).
// Each sign-up, confirmation and unsubscribe is kept in the address's consent record (consentRecord).
import mongoose from 'mongoose';
import { HttpError } from '@hhp/kit';
import type { ConsentStep, SubscriberModel } from './subscriber.model.js';
import { verifyConfirmToken, verifyListToken } from './list-tokens.js';

const { trusted } = mongoose;

/** 400: a link's token that is not one of ours (mistyped, cut short by the mail client, or made up). */
const BAD_TOKEN = 'token: this link is not valid. Please open the link in the e-mail we sent you.';

/** 410: the link's sign-up is no longer the address's live one (it unsubscribed, or signed up again since). */
const SUPERSEDED_TOKEN =
  'token: this confirmation link has been superseded, because the address was unsubscribed or signed up again since. Sign up again to receive a new link.';

/** How an unsubscribe came: a mail client's RFC 8058 POST, or the portal's page (its button). */
export type UnsubscribeWay = 'one-click unsubscribe' | 'unsubscribe page';

/** `j***@example.com`: enough for the visitor to recognise, not enough to read the address back. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

const step = (action: ConsentStep['action'], via: string, at = new Date()): ConsentStep => ({ action, at, via });

/**
 * Confirms the sign-up the token carries when it is the address's live one: sets confirmedAt and ends an earlier
 * unsubscribe. A second click keeps the first time. Resolves to the confirmed address; 410 for a superseded link.
 */
export async function confirmSubscriber(subscribers: SubscriberModel, secret: string, token: string): Promise<string> {
  const verified = verifyConfirmToken(secret, token);
  if (!verified) throw new HttpError(400, BAD_TOKEN);
  const { id: _id, signupId } = verified;
  // A link of the earlier form (no sign-up id) is good only for an address stored before ids, never after a leave.
  const live = signupId === undefined ? { signupId: null, unsubscribedAt: null } : { signupId };
  const now = new Date();
  await subscribers.updateOne(
    { _id, ...live, $or: [{ confirmedAt: null }, { unsubscribedAt: trusted({ $ne: null }) }] },
    {
      $set: { confirmedAt: now },
      $unset: { unsubscribedAt: 1 },
      $push: { consent: step('confirm', 'confirmation link', now) },
    },
  );
  const subscriber = await subscribers.findById(_id, { email: 1, signupId: 1, unsubscribedAt: 1 }).lean();
  // A valid token of a subscriber no longer stored (removed by hand): nothing to confirm.
  if (!subscriber) throw new HttpError(400, BAD_TOKEN);
  const stillLive =
    signupId === undefined ? !subscriber.signupId && !subscriber.unsubscribedAt : subscriber.signupId === signupId;
  if (!stillLive || subscriber.unsubscribedAt) throw new HttpError(410, SUPERSEDED_TOKEN);
  return subscriber.email;
}

/**
 * Takes the address off the list: sets unsubscribedAt once (a second POST, as mail clients retry, is answered the
 * same) and retires the live sign-up, so no confirmation link sent before it can put the address back.
 */
export async function unsubscribeSubscriber(
  subscribers: SubscriberModel,
  secret: string,
  token: string,
  via: UnsubscribeWay,
): Promise<void> {
  const _id = verifyListToken(secret, 'unsubscribe', token);
  if (!_id) throw new HttpError(400, BAD_TOKEN);
  const now = new Date();
  const left = await subscribers.updateOne(
    { _id, unsubscribedAt: null },
    { $set: { unsubscribedAt: now }, $unset: { signupId: 1 }, $push: { consent: step('unsubscribe', via, now) } },
  );
  if (left.modifiedCount === 0) {
    // Already off the list, perhaps with a new sign-up waiting for its confirmation: that sign-up ends here too.
    await subscribers.updateOne(
      { _id, signupId: trusted({ $ne: null }) },
      { $unset: { signupId: 1 }, $push: { consent: step('unsubscribe', via, now) } },
    );
  }
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

/**
 * The consent record of `email`, oldest step first (empty for an address not stored): for the list's operator,
 * to show when and how the address joined, confirmed and left. No route answers it.
 */
export async function consentRecord(subscribers: SubscriberModel, email: string): Promise<ConsentStep[]> {
  const subscriber = await subscribers.findOne({ email: email.trim().toLowerCase() }, { consent: 1 }).lean();
  return (subscriber?.consent ?? []).map(({ action, at, via }) => ({ action, at, via }));
}
