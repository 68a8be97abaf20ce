// What /subscription-confirmed says, from what payments says (never from the return address alone): the webhook
// that makes the subscription active may land a moment after the visitor is back; until it does, the page says
// the payment was received and asks again, backing off.
import type { SubscriptionStatusResponse } from '@hhp/proto';
import type { AskingView } from '../../../shared/payments/ui/StatusPage';

export type SubscriptionOutcome = 'active' | 'waiting' | 'none' | 'ended';

/**
 * `incomplete`: the first invoice is being paid. `justSubscribed`: this visit comes from the subscribe screen or
 * the hosted Checkout, so a subscription the server does not show yet, or shows `active` without a paid period
 * (its invoice's webhook has not arrived), is on its way rather than absent or lapsed.
 */
export function subscriptionOutcome(status: SubscriptionStatusResponse, justSubscribed: boolean): SubscriptionOutcome {
  if (status.active) return 'active';
  if (status.status === 'incomplete') return 'waiting';
  if (status.status === 'none') return justSubscribed ? 'waiting' : 'none';
  if (justSubscribed && (status.status === 'active' || status.status === 'trialing')) return 'waiting';
  return 'ended';
}

export type SubscriptionView = SubscriptionOutcome | AskingView;

/** /subscription-confirmed: the status read (or the hosted Checkout's completion's answer), else its failure. */
export function subscriptionView(
  current: SubscriptionStatusResponse | undefined,
  fromPayment: boolean,
  failed: boolean,
): SubscriptionView {
  if (current) return subscriptionOutcome(current, fromPayment);
  return failed ? 'load-error' : 'checking';
}
