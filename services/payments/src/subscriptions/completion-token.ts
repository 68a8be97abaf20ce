// What proves that a call to complete a subscription comes from the browser that started it. A customer id
// is no proof: create-subscription hands it to anyone who types the address, and it shows in Stripe's
// e-mails and receipts. So each start of a subscription is an attempt with a random id, and create-subscription
// answers `<customerId>.<attempt>.<expires>.<booking>.<HMAC>` (the booking the attempt came from, base64url,
// empty without one), an HMAC of the rest under a purpose of its own (neither a subscriber cookie nor a "Manage
// subscription" token), with SUBSCRIBER_COOKIE_SECRET. Only the browser that started the attempt holds it (in
// memory, and in its tab's sessionStorage across a bank's page). The subscription an attempt creates carries
// the attempt in its Stripe metadata, set in the same call that creates it, so a later call (after 3-D Secure)
// can be matched to it without trusting anything the browser says; and it confirms the attempt's own booking,
// not one another attempt with the same address named. Stateless, so any replica verifies it; it expires with
// the attempt's hour.
import { randomBytes } from 'node:crypto';
import { purposeMac, signedByAny } from '@hhp/kit';

const PURPOSE = 'hhp-subscription-complete:v1';

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

const payloadOf = (customerId: string, attempt: string, expires: number, booking: string) =>
  `${customerId}.${attempt}.${expires}.${booking}`;

/** A new attempt for `customerId` (from `bookingId`'s booking, if any) and its token, signed with `secret`. */
export function completionToken(
  customerId: string,
  secret: string,
  { bookingId, now = Date.now() }: { bookingId?: string | undefined; now?: number } = {},
): string {
  const attempt = randomBytes(16).toString('base64url');
  const expires = Math.floor(now / 1000) + COMPLETION_TOKEN_TTL_SECONDS;
  const payload = payloadOf(customerId, attempt, expires, Buffer.from(bookingId ?? '').toString('base64url'));
  return `${payload}.${purposeMac(PURPOSE, payload, secret)}`;
}

/**
 * The customer, attempt and booking of a token well signed by one of the secrets (the current, the one before
 * a rotation) and not expired; else undefined.
 */
export function verifyCompletionToken(
  token: string,
  secrets: readonly (string | undefined)[],
  now = Date.now(),
): CompletionProof | undefined {
  const match =
    /^(cus_[A-Za-z0-9_]+)\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{0,540})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, customerId, attempt, expires, booking, mac] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (Number(expires) * 1000 <= now) return undefined;
  const payload = payloadOf(customerId, attempt, Number(expires), booking);
  if (!signedByAny(PURPOSE, payload, mac, secrets)) return undefined;
  const bookingId = Buffer.from(booking, 'base64url').toString();
  return { customerId, attempt, ...(bookingId && { bookingId }) };
}
