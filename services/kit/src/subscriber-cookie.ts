// The subscriber cookie: `<customerId, base64url>.<expires, unix seconds>.<HMAC-SHA256, base64url>`.
// Payments signs it when a subscription completes; ai-query verifies it, then asks its own projection
// whether that customer's subscription is active. Knowing a customer id is not enough to forge one.
// The secret can be rotated without logging subscribers out: a cookie is signed with the current secret only
// and verified against the current one and the previous ones (SUBSCRIBER_COOKIE_PREVIOUS_SECRET), and a reader
// that can set cookies re-signs one that only a previous secret verified (`readSubscriberCookie`'s `stale`).
import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_SECONDS = 24 * 60 * 60;
export const SUBSCRIBER_COOKIE_MAX_AGE_SECONDS = 400 * DAY_SECONDS;

function mac(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signSubscriberCookie(
  customerId: string,
  secret: string,
  { now = Date.now(), maxAgeSeconds = SUBSCRIBER_COOKIE_MAX_AGE_SECONDS } = {},
): string {
  const payload = `${Buffer.from(customerId).toString('base64url')}.${Math.floor(now / 1000) + maxAgeSeconds}`;
  return `${payload}.${mac(payload, secret)}`;
}

/**
 * The customer id of a well-signed, unexpired cookie, and whether a previous secret (not the first) signed it;
 * undefined for anything else. `secrets`: the current secret first, then the previous ones.
 */
export function readSubscriberCookie(
  value: string | undefined,
  secrets: string | readonly (string | undefined)[],
  now = Date.now(),
): { customerId: string; stale: boolean } | undefined {
  if (!value || value.length > 512) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  const [encodedId, expires, signature] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return undefined;
  const given = Buffer.from(signature);
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  const index = list.findIndex((secret) => {
    if (!secret) return false;
    const expected = Buffer.from(mac(`${encodedId}.${expires}`, secret));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (index < 0) return undefined;
  const customerId = Buffer.from(encodedId, 'base64url').toString();
  return customerId ? { customerId, stale: index > 0 } : undefined;
}

/** The customer id of a well-signed, unexpired cookie (by the current or a previous secret); else undefined. */
export function verifySubscriberCookie(
  value: string | undefined,
  secrets: string | readonly (string | undefined)[],
  now = Date.now(),
): string | undefined {
  return readSubscriberCookie(value, secrets, now)?.customerId;
}
