import { HttpError, orUnavailable, type Logger } from '@hhp/kit';
import type { PortalResponse } from '@hhp/proto';
import { callStripe } from '../stripe/errors.js';
import { SIGN_IN_UNAVAILABLE, type SignInDeps } from './deps.js';
import { verifyManageToken } from './manage-token.js';

const MANAGE_LINK_INVALID = 'This "Manage subscription" link is not valid. Use the link in your welcome e-mail.';
const MANAGE_NEEDS_SIGN_IN =
  'To manage your subscription on this device, sign in first ("Already subscribed?") or use the link in your welcome e-mail.';
const MANAGE_NO_SUBSCRIPTION = 'No subscription was found for this link.';

/**
 * Stripe's customer portal (change the card, see invoices, cancel) for the customer of the welcome e-mail's
 * token, or else of this browser's subscriber cookie. Only customers with a subscription here.
 */
export async function createPortalSession(
  deps: SignInDeps,
  { token, cookieCustomerId }: { token?: string; cookieCustomerId?: string },
  logger: Logger,
): Promise<PortalResponse> {
  const customerId =
    token !== undefined ? verifyManageToken(token, [deps.cookieSecret, deps.previousCookieSecret]) : cookieCustomerId;
  if (!customerId) throw new HttpError(403, token !== undefined ? MANAGE_LINK_INVALID : MANAGE_NEEDS_SIGN_IN);
  const record = await orUnavailable(deps.dbTimeoutMs, deps.subscriptions.forCustomer(customerId), SIGN_IN_UNAVAILABLE);
  if (!record) throw new HttpError(404, MANAGE_NO_SUBSCRIPTION);
  const session = await callStripe(logger, () =>
    deps.stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${deps.publicBaseUrl}/` }),
  );
  logger.info({ customerId }, 'customer portal session created');
  return { url: session.url };
}
