// The welcome e-mail's "Manage subscription" link carries `<customerId, base64url>.0.<key id><MAC>`, the
// customer id signed for a purpose of its own (so it is neither a subscriber cookie nor any other signed value of
// the portal: the kit's signed-value.ts) with the subscriber cookie's secret. It opens only Stripe's customer
// portal of that customer, where Stripe itself asks nothing more; it does not expire, like the e-mail it is in
// (retiring the secret it was signed with ends every such link; a subscriber then signs in by e-mail). Its
// earlier form, `<customerId, base64url>.<HMAC>`, verifies until the kit's EARLIER_FORMS_UNTIL.
import { earlierPurposeInput, signValue, signedInEarlierForm, verifyValue, type Secrets } from '@hhp/kit';

const CUSTOMER = /^cus_[A-Za-z0-9_]+$/;

export function manageToken(customerId: string, secrets: Secrets): string {
  return signValue(secrets, 'subscription-manage', Buffer.from(customerId).toString('base64url'), 'never');
}

function earlierForm(token: string, secrets: Secrets): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const customerId = Buffer.from(parts[0]!, 'base64url').toString();
  const input = earlierPurposeInput('hhp-subscription-manage:v1', customerId);
  return signedInEarlierForm(secrets, input, parts[1], Date.now()) ? customerId : undefined;
}

/** The customer of a token well signed by one of the secrets (the current, the one before a rotation); else undefined. */
export function verifyManageToken(token: string | undefined, secrets: Secrets): string | undefined {
  if (!token || token.length > 300) return undefined;
  const payload = verifyValue(secrets, 'subscription-manage', token)?.payload;
  const customerId = payload === undefined ? earlierForm(token, secrets) : Buffer.from(payload, 'base64url').toString();
  return customerId && CUSTOMER.test(customerId) ? customerId : undefined;
}
