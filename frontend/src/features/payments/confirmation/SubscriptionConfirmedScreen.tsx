import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useSearchParams } from '../../../shared/router/hooks';
import { quotaStale, useQuotaQuery } from '../../../shared/ai/api';
import { errorSentence } from '../../../shared/api/error-message';
import { openChat, type ChatWidgetDispatch } from '../../../shared/chat-widget/chat-widget-slice';
import { AntdScope } from '../../../shared/ui/AntdScope';
import { Button, ButtonLink } from '../../../shared/ui/Button';
import { useToast } from '../../../shared/ui/toast';
import { useCheckoutCompleteMutation, useCompleteSubscriptionMutation, useSubscriptionStatusQuery } from '../api';
import { texts } from '../texts';
import { ManageSubscriptionButton } from '../sign-in/ManageSubscriptionButton';
import { ServicePanel } from '../ui/ServicePanel';
import { useBackoffPoll } from '../ui/use-backoff-poll';
import { useFocusOnChange } from '../ui/use-focus-on-change';
import styles from '../ui/payments.module.css';
import { subscriptionOutcome, type SubscriptionOutcome } from './outcome';
import { subscribedState } from './subscribed-state';

const t = texts.subscriptionConfirmed;

type View = SubscriptionOutcome | 'checking' | 'load-error';

function renewalDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

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

  let view: View;
  if (current) view = subscriptionOutcome(current, fromPayment);
  else if (completion.isError || (status.isError && !status.isFetching)) view = 'load-error';
  else view = 'checking';

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

  // The AI service learns of the subscription from its own events, a moment after payments: until its
  // counters say "subscriber", they are read again (bounded, like the rest).
  const active = view === 'active';
  const quota = useQuotaQuery(active ? undefined : skipToken);
  const quotaBehind = active && quota.data !== undefined && !quota.data.isSubscriber;
  useBackoffPoll(quotaBehind, quota.refetch);
  const activated = useRef(false);
  useEffect(() => {
    if (!active || activated.current) return;
    activated.current = true;
    dispatch(quotaStale());
    if (checkoutSessionId)
      toast.success({ title: texts.subscribe.activeTitle, description: texts.subscribe.activeDescription });
  }, [active, checkoutSessionId, dispatch, toast]);

  const retry = () => {
    if (checkoutSessionId && !completion.isSuccess) void completeCheckout({ sessionId: checkoutSessionId });
    else void refetch();
  };

  const focusRef = useFocusOnChange<HTMLHeadingElement>(view);
  const subscribe = (
    <ButtonLink to="/subscribe" variant="primary">
      {t.subscribe}
    </ButtonLink>
  );
  const panel = (() => {
    switch (view) {
      case 'checking':
        return (
          <p className={styles.loading} role="status">
            {t.checking}
          </p>
        );
      case 'load-error':
        return (
          <ServicePanel
            type="error"
            title={t.loadError}
            titleRef={focusRef}
            actions={<Button onClick={retry}>{t.checkAgain}</Button>}
          >
            <p className={styles.text}>{errorSentence(completion.error ?? status.error)}</p>
          </ServicePanel>
        );
      case 'active':
        return (
          <ServicePanel
            type="success"
            title={t.activeTitle}
            titleRef={focusRef}
            actions={
              <>
                <Button variant="primary" onClick={() => dispatch(openChat())}>
                  {t.openChat}
                </Button>
                <ManageSubscriptionButton />
              </>
            }
          >
            <p className={styles.text}>{t.activeText}</p>
            {current?.currentPeriodEnd && (
              <p className={styles.text}>{t.renews(renewalDate(current.currentPeriodEnd))}</p>
            )}
          </ServicePanel>
        );
      case 'waiting':
        return (
          <ServicePanel
            type="info"
            title={t.waitingTitle}
            titleRef={focusRef}
            actions={exhausted && <Button onClick={checkAgain}>{t.checkAgain}</Button>}
          >
            <p className={styles.text}>{exhausted ? t.slowText : t.waitingText}</p>
          </ServicePanel>
        );
      case 'none':
        return (
          <ServicePanel type="info" title={t.noneTitle} titleRef={focusRef} actions={subscribe}>
            <p className={styles.text}>{t.noneText}</p>
          </ServicePanel>
        );
      case 'ended':
        return (
          <ServicePanel type="warning" title={t.endedTitle} titleRef={focusRef} actions={subscribe}>
            <p className={styles.text}>{t.endedText}</p>
          </ServicePanel>
        );
    }
  })();

  return (
    <AntdScope>
      <div className={styles.column}>
        {panel}
        <div className={styles.actions}>
          <ButtonLink to="/">{t.home}</ButtonLink>
        </div>
      </div>
    </AntdScope>
  );
}
