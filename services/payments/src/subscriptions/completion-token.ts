// What proves that a call to complete a subscription comes from the browser that started it. A customer id
// is no proof: create-subscription hands it to anyone who types the address, and it shows in Stripe's
// e-mails and receipts. So each start of a subscription is an attempt with a random id, and create-subscription
// answers `<customerId>.<attempt>.<booking>.<expires>.<key id><MAC>` (the booking the attempt came from,
// base64url, empty without one), signed for a purpose of its own (the kit's signed-value.ts: neither a subscriber
// cookie nor a "Manage subscription" token), with SUBSCRIBER_COOKIE_SECRET. Only the browser that started the
// attempt holds it (in memory, and in its tab's sessionStorage across a bank's page). The subscription an attempt creates carries
// the attempt in its Stripe metadata, set in the same call that creates it, so a later call (after 3-D Secure)
// can be matched to it without trusting anything the browser says; and it confirms the attempt's own booking,
// not one another attempt with the same address named. Stateless, so any replica verifies it; it expires with
// the attempt's hour. Its earlier form, `<customerId>.<attempt>.<expires>.<booking>.<HMAC>`, verifies within
// its hour too.
import { randomBytes } from 'node:crypto';
import { earlierPurposeInput, signValue, signedInEarlierForm, verifyValue, type Secrets } from '@hhp/kit';

/** How long a started subscription may take to be completed (the card step, a bank's page, 3-D Secure). */
export const COMPLETION_TOKEN_TTL_SECONDS = 3600;

/** The subscription's Stripe metadata key naming the attempt that created it. */
export const ATTEMPT_METADATA_KEY = 'subscribeAttempt';

export interface CompletionProof {
  customerId: string;
  attempt: string;
  /** The subscription plan's booking this attempt came from (/subscribe?sessionId=). */
  bookingId?: string;
}

const PAYLOAD = /^(cus_[A-Za-z0-9_]+)\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{0,540})$/;
const EARLIER_FORM =
  /^(cus_[A-Za-z0-9_]+)\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{0,540})\.([A-Za-z0-9_-]{43})$/;

/** A new attempt for `customerId` (from `bookingId`'s booking, if any) and its token, signed with `secrets`. */
export function completionToken(
  customerId: string,
  secrets: Secrets,
  { bookingId, now = Date.now() }: { bookingId?: string | undefined; now?: number } = {},
): string {
  const attempt = randomBytes(16).toString('base64url');
  const booking = Buffer.from(bookingId ?? '').toString('base64url');
  const expires = (Math.floor(now / 1000) + COMPLETION_TOKEN_TTL_SECONDS) * 1000;
  return signValue(secrets, 'subscription-complete', `${customerId}.${attempt}.${booking}`, expires);
}

/** The fields of an earlier form's token, well signed and unexpired. */
function earlierForm(token: string, secrets: Secrets, now: number): string[] | undefined {
  const match = EARLIER_FORM.exec(token);
  if (!match) return undefined;
  const [, customerId, attempt, expires, booking, mac] = match as unknown as string[];
  if (Number(expires) * 1000 <= now) return undefined;
  const input = earlierPurposeInput('hhp-subscription-complete:v1', `${customerId}.${attempt}.${expires}.${booking}`);
  return signedInEarlierForm(secrets, input, mac, now) ? [customerId!, attempt!, booking!] : undefined;
}

/**
 * The customer, attempt and booking of a token well signed by one of the secrets (the current, the one before
 * a rotation) and not expired; else undefined.
 */
export function verifyCompletionToken(token: string, secrets: Secrets, now = Date.now()): CompletionProof | undefined {
  const payload = verifyValue(secrets, 'subscription-complete', token, { now })?.payload;
  const fields = payload === undefined ? earlierForm(token, secrets, now) : PAYLOAD.exec(payload)?.slice(1);
  if (!fields) return undefined;
  const [customerId, attempt, booking] = fields as [string, string, string];
  const bookingId = Buffer.from(booking, 'base64url').toString();
  return { customerId, attempt, ...(bookingId && { bookingId }) };
}
