// The portal's signed values (the session pass and join link, the booking and subscription links, the refund
// token of a spoken question) are HMAC-SHA256s under a purpose of each value's own: the MAC is over
// `<purpose>\n<payload>`, so a value signed for one purpose is never good for another, even under one secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The base64url HMAC-SHA256 of `payload` for `purpose` under `secret`. */
export const purposeMac = (purpose: string, payload: string, secret: string): string =>
  createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest('base64url');

/** Whether a MAC someone gave is the expected one, compared in constant time. */
export function sameMac(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
