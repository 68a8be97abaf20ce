import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from '../../../shared/router/hooks';
import {
  useCheckoutCompleteMutation,
  useCompleteSubscriptionMutation,
  useSubscriptionStatusQuery,
} from '../../../shared/payments/api';
import { subscriptionView } from './subscription-outcome';
import { subscribedState } from './subscribed-state';

/** Which call asks payments again: a completion (of the hosted Checkout's return, of the subscription), or the status. */
export type Ask = 'complete-checkout' | 'complete-subscription' | 'read-status';

/** After a failure: the hosted Checkout's return until it has been verified (and the cookie set), else the status. */
export function retryAsk(checkoutSessionId: string | null, returnVerified: boolean): Ask {
  return checkoutSessionId && !returnVerified ? 'complete-checkout' : 'read-status';
}

/**
 * The poll's ask while the subscription is on its way: without the cookie (not set until the subscription is
 * active) only completing it again can tell, when the page has what completes it; else the status is read again.
 */
export function pollAsk(toComplete: unknown, status: string | undefined): Ask {
  return toComplete && status === 'none' ? 'complete-subscription' : 'read-status';
}

/**
 * What payments answers /subscription-confirmed: after the hosted Checkout (`?session_id=`), its completion (which
 * verifies the return with Stripe and sets the subscriber cookie), then the subscription's status. `retry` asks
 * again after a failure; `askAgain` is the poll's ask while the subscription is on its way.
 */
export function useSubscriptionAnswer() {
  const [params] = useSearchParams();
  const location = useLocation();
  const checkoutSessionId = params.get('session_id');
  const { justSubscribed, completion: toComplete } = subscribedState(location.state);
  const fromPayment = Boolean(justSubscribed) || checkoutSessionId !== null;

  const [completeCheckout, completion] = useCheckoutCompleteMutation();
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (!checkoutSessionId || requested.current === checkoutSessionId) return;
    requested.current = checkoutSessionId;
    void completeCheckout({ sessionId: checkoutSessionId });
  }, [checkoutSessionId, completeCheckout]);

  // After a hosted Checkout, the status is read once the return has been verified (and the cookie set).
  const status = useSubscriptionStatusQuery(checkoutSessionId && !completion.isSuccess ? skipToken : undefined, {
    refetchOnMountOrArgChange: true,
  });
  const current = status.data ?? completion.data;
  const view = subscriptionView(current, fromPayment, completion.isError || (status.isError && !status.isFetching));

  const { refetch } = status;
  const [completeSubscription] = useCompleteSubscriptionMutation();
  // Without the cookie (not set until the subscription is active) only completing it again can tell: its
  // answer sets the cookie, and the status is read again (the call invalidates it).
  const askAgain = useCallback(
    () =>
      pollAsk(toComplete, current?.status) === 'complete-subscription' && toComplete
        ? completeSubscription(toComplete)
        : refetch(),
    [toComplete, current?.status, completeSubscription, refetch],
  );
  const retry = () => {
    if (retryAsk(checkoutSessionId, completion.isSuccess) === 'complete-checkout' && checkoutSessionId) {
      void completeCheckout({ sessionId: checkoutSessionId });
    } else void refetch();
  };

  return {
    view,
    current,
    error: completion.error ?? status.error,
    /** Back from the hosted Checkout. */
    fromCheckout: checkoutSessionId !== null,
    retry,
    askAgain,
  };
}
