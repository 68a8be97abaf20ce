import { HttpError, orUnavailable } from '@hhp/kit';
import { SIGN_IN_LINK_INVALID, type SubscriptionStatusResponse } from '@hhp/proto';
import { statusOf } from '../subscriptions/subscription-status.js';
import { SIGN_IN_UNAVAILABLE, type SignInDeps } from './deps.js';

const SUBSCRIPTION_NOT_ACTIVE =
  'This subscription is no longer active, so it gives no unlimited access. You can subscribe again.';

/**
 * The sign-in link followed: the first use within its time, of a subscription still active, gives the
 * customer whose browser this becomes. Anything else is refused without a cookie.
 */
export async function completeSignIn(
  deps: SignInDeps,
  token: string,
  now = new Date(),
): Promise<{ customerId: string; status: SubscriptionStatusResponse }> {
  const db = <T>(work: Promise<T>) => orUnavailable(deps.dbTimeoutMs, work, SIGN_IN_UNAVAILABLE);
  const redeemed = await db(deps.links.redeem(token, now));
  if (!redeemed.ok) throw new HttpError(410, SIGN_IN_LINK_INVALID);
  const status = statusOf(await db(deps.subscriptions.forCustomer(redeemed.customerId)), now.getTime());
  if (!status.active) throw new HttpError(409, SUBSCRIPTION_NOT_ACTIVE);
  return { customerId: redeemed.customerId, status };
}
