import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { quotaStale, useQuotaQuery, type AiDispatch } from '../../shared/ai/api';
import { useBackoffPoll } from '../../shared/payments/ui/use-backoff-poll';

/**
 * Once this browser is a subscriber's (a subscription made active, a sign-in), the chat's counters are read again,
 * and `announce` is called, once. The AI service learns of the subscriber from its own events, a moment after
 * payments: until its counters say "subscriber" they are read again (bounded, like the rest), so the chat shows
 * Unlimited Access without a reload.
 */
export function useSubscriberKnown(subscriber: boolean, announce?: () => void) {
  const dispatch = useDispatch<AiDispatch>();
  const quota = useQuotaQuery(subscriber ? undefined : skipToken);
  useBackoffPoll(subscriber && quota.data !== undefined && !quota.data.isSubscriber, quota.refetch);
  const announced = useRef(false);
  useEffect(() => {
    if (!subscriber || announced.current) return;
    announced.current = true;
    dispatch(quotaStale());
    announce?.();
  }, [subscriber, dispatch, announce]);
}
