// The subscriber cookie, `<customerId, base64url>.<expires, unix seconds>.<key id><MAC>` (signing/signed-value.ts,
// SUBSCRIBER_COOKIE_SECRET, 400 days). Payments signs it when a subscription completes; ai-query verifies it,
// then asks its own projection whether that customer's subscription is active. Knowing a customer id is not
// enough to forge one. The secret can be rotated without logging subscribers out: a cookie is signed with the
// newest key and verified with any (a comma-separated list, and SUBSCRIBER_COOKIE_PREVIOUS_SECRET), and a reader
// that can set cookies re-signs one that the newest key did not sign, or that is in its earlier form
// (`readSubscriberCookie`'s `stale`; the earlier form verifies until EARLIER_FORMS_UNTIL).
import { signedInEarlierForm } from './signing/earlier-forms.js';
import type { Secrets } from './signing/keys.js';
import { signValue, verifyValue } from './signing/signed-value.js';

const DAY_SECONDS = 24 * 60 * 60;
export const SUBSCRIBER_COOKIE_MAX_AGE_SECONDS = 400 * DAY_SECONDS;

export function signSubscriberCookie(
  customerId: string,
  secrets: Secrets,
  { now = Date.now(), maxAgeSeconds = SUBSCRIBER_COOKIE_MAX_AGE_SECONDS } = {},
): string {
  const expires = (Math.floor(now / 1000) + maxAgeSeconds) * 1000;
  return signValue(secrets, 'subscriber', Buffer.from(customerId).toString('base64url'), expires);
}

/** The earlier form, `<customerId, base64url>.<expires>.<HMAC of the two>`, still unexpired. */
function earlierCookie(value: string, secrets: Secrets, now: number): string | undefined {
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  const [encodedId, expires, mac] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return undefined;
  return signedInEarlierForm(secrets, `${encodedId}.${expires}`, mac, now) ? encodedId : undefined;
}

/**
 * The customer id of a well-signed, unexpired cookie, and whether it should be signed anew (another key than
 * the newest signed it, or it is in its earlier form); undefined for anything else. `secrets`: the current
 * setting first, then the previous one.
 */
export function readSubscriberCookie(
  value: string | undefined,
  secrets: Secrets,
  now = Date.now(),
): { customerId: string; stale: boolean } | undefined {
  if (!value || value.length > 512) return undefined;
  const verified = verifyValue(secrets, 'subscriber', value, { now });
  const encodedId = verified?.payload ?? earlierCookie(value, secrets, now);
  if (encodedId === undefined || encodedId.includes('.')) return undefined;
  const customerId = Buffer.from(encodedId, 'base64url').toString();
  return customerId ? { customerId, stale: verified?.stale ?? true } : undefined;
}

/** The customer id of a well-signed, unexpired cookie (by the current or a previous secret); else undefined. */
export function verifySubscriberCookie(
  value: string | undefined,
  secrets: Secrets,
  now = Date.now(),
): string | undefined {
  return readSubscriberCookie(value, secrets, now)?.customerId;
}
