// The welcome e-mail's "Manage subscription" link carries `<customerId, base64url>.<HMAC>`: an HMAC of the
// customer id under a purpose of its own (so it is neither a subscriber cookie nor any other signed value of
// the portal), with the subscriber cookie's secret. It opens only Stripe's customer portal of that customer,
// where Stripe itself asks nothing more; it does not expire, like the e-mail it is in.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'hhp-subscription-manage:v1';

const mac = (customerId: string, secret: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${customerId}`).digest('base64url');

export function manageToken(customerId: string, secret: string): string {
  return `${Buffer.from(customerId).toString('base64url')}.${mac(customerId, secret)}`;
}

/** The customer of a token well signed by one of the secrets (the current, the one before a rotation); else undefined. */
export function verifyManageToken(
  token: string | undefined,
  secrets: string | readonly (string | undefined)[],
): string | undefined {
  if (!token || token.length > 300) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const customerId = Buffer.from(parts[0]!, 'base64url').toString();
  if (!/^cus_[A-Za-z0-9_]+$/.test(customerId)) return undefined;
  const given = Buffer.from(parts[1]!);
  const matches = (secret: string | undefined) => {
    if (!secret) return false;
    const expected = Buffer.from(mac(customerId, secret));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return (typeof secrets === 'string' ? [secrets] : secrets).some(matches) ? customerId : undefined;
}
