import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useSearchParams } from '../../../shared/router/hooks';
import { openChat, type ChatWidgetDispatch } from '../../../shared/chat-widget/chat-widget-slice';
import { useToast } from '../../../shared/ui/toast';
import {
  useCheckoutCompleteMutation,
  useCompleteSubscriptionMutation,
  useSubscriptionStatusQuery,
} from '../../../shared/payments/api';
import { texts } from '../../../shared/payments/texts';
import { StatusPage } from '../../../shared/payments/ui/StatusPage';
import { useBackoffPoll } from '../../../shared/payments/ui/use-backoff-poll';
import { useSubscriberKnown } from '../use-subscriber-known';
import { subscriptionView } from './subscription-outcome';
import { subscriptionStatus } from './subscription-status';
import { subscribedState } from './subscribed-state';

const t = texts.subscriptionConfirmed;

/**
 * /subscription-confirmed: after the subscribe screen, or the hosted Checkout's return (`?session_id=`, which
 * payments verifies with Stripe and answers with this browser's subscriber cookie). The subscription's state is
 * the server's; until its payment webhook has made it active, the page says the payment was received and asks
 * again. Once it is active, the chat's counters are read again until the AI service knows the subscriber too.
 */
export function SubscriptionConfirmedScreen() {
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
    () => (toComplete && current?.status === 'none' ? completeSubscription(toComplete) : refetch()),
    [toComplete, current?.status, completeSubscription, refetch],
  );
  const { exhausted, checkAgain } = useBackoffPoll(view === 'waiting', askAgain);
  const dispatch = useDispatch<ChatWidgetDispatch>();
  const toast = useToast();

  // Back from the hosted Checkout, the visitor is also told so in a toast.
  useSubscriberKnown(
    view === 'active',
    checkoutSessionId
      ? () => toast.success({ title: texts.subscribe.activeTitle, description: texts.subscribe.activeDescription })
      : undefined,
  );

  const retry = () => {
    if (checkoutSessionId && !completion.isSuccess) void completeCheckout({ sessionId: checkoutSessionId });
    else void refetch();
  };

  const page = subscriptionStatus(view, {
    error: completion.error ?? status.error,
    renewsOn: current?.currentPeriodEnd,
    exhausted,
    ask: retry,
    checkAgain,
    openChat: () => dispatch(openChat()),
  });
  return <StatusPage status={page} view={view} home={t.home} />;
}
