// The subscriber cookie: `<customerId, base64url>.<expires, unix seconds>.<HMAC-SHA256, base64url>`.
// Payments signs it when a subscription completes; ai-query verifies it, then asks its own projection
// whether that customer's subscription is active. Knowing a customer id is not enough to forge one.
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

/** The customer id of a well-signed, unexpired cookie; undefined for anything else. */
export function verifySubscriberCookie(
  value: string | undefined,
  secret: string,
  now = Date.now(),
): string | undefined {
  if (!value || value.length > 512) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3) return undefined;
  const [encodedId, expires, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(`${encodedId}.${expires}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now) return undefined;
  const customerId = Buffer.from(encodedId, 'base64url').toString();
  return customerId || undefined;
}
