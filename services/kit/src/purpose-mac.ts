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

/**
 * Whether `given` is `payload`'s MAC for `purpose` under any of `secrets` (the current one, and the one before a
 * rotation); an unset secret signs nothing.
 */
export function signedByAny(
  purpose: string,
  payload: string,
  given: string,
  secrets: string | readonly (string | undefined)[],
): boolean {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return all.some((secret) => !!secret && sameMac(given, purposeMac(purpose, payload, secret)));
}

/**
 * The value of the request's cookie `name` when it can be one of the portal's signed values (base64url and
 * dots); undefined without one, or for anything else (percent-encoded, quoted), which none of ours is.
 */
export function signedCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[\w.-]+$/.test(value) ? value : undefined;
  }
  return undefined;
}
