// The welcome e-mail's "Manage subscription" link carries `<customerId, base64url>.<HMAC>`: an HMAC of the
// customer id under a purpose of its own (so it is neither a subscriber cookie nor any other signed value of
// the portal), with the subscriber cookie's secret. It opens only Stripe's customer portal of that customer,
// where Stripe itself asks nothing more; it does not expire, like the e-mail it is in.
import { purposeMac, signedByAny } from '@hhp/kit';

const PURPOSE = 'hhp-subscription-manage:v1';

const mac = (customerId: string, secret: string) => purposeMac(PURPOSE, customerId, secret);

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
  return signedByAny(PURPOSE, customerId, parts[1]!, secrets) ? customerId : undefined;
}
