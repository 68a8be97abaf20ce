import type { CompleteSubscriptionRequest } from '@hhp/proto';

/**
 * What the subscribe screen hands the confirmation page (router state, in memory only): the visit comes from
 * subscribing, and, for a subscription whose first invoice needed 3-D Secure, what completes it, so that the
 * page can ask payments again until Stripe shows it active (which is when the subscriber cookie is set).
 */
export interface SubscribedState {
  justSubscribed: true;
  completion: CompleteSubscriptionRequest;
}

export function subscribedState(state: unknown): Partial<SubscribedState> {
  return typeof state === 'object' && state !== null ? (state as Partial<SubscribedState>) : {};
}
