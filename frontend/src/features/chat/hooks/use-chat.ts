import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import type { Quota } from '@hhp/proto';
import { FREE_QUESTIONS_PER_DAY } from '@hhp/proto/catalogue/quota';
import { quotaStale, useQuotaQuery, type AiDispatch } from '../../../shared/ai/api';
import { chatStore, type ChatState } from '../chat-store';
import { MINUTE_TICK_MS, minutesUntil } from '../../../shared/ai/session-minutes';

export function useChatState(): ChatState {
  return useSyncExternalStore(chatStore.subscribe, chatStore.get);
}

export interface Counters extends Quota {
  left: number;
  /** While an AI Avatar Session's pass holds: its whole minutes left (rounded up), shown instead of the counters. */
  minutesLeft?: number;
}

/**
 * The clock while a session pass holds (ticking every MINUTE_TICK_MS); when the session ends, the counters are
 * read again, and the free ones come back.
 */
function useSessionClock(endsAt: string | undefined): number {
  const dispatch = useDispatch<AiDispatch>();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= Date.parse(endsAt)) dispatch(quotaStale());
    };
    tick();
    const timer = setInterval(tick, MINUTE_TICK_MS);
    return () => clearInterval(timer);
  }, [endsAt, dispatch]);
  return now;
}

/**
 * The visitor's counters, from RTK Query's cached /api/quota: read when the page loads, replaced by what each
 * answer carries, re-read when another screen's question invalidates it. Undefined until known.
 */
export function useCounters(): Counters | undefined {
  const { data: quota } = useQuotaQuery();
  const now = useSessionClock(quota?.sessionPass?.endsAt);
  return quota ? countersOf(quota, now) : undefined;
}

/**
 * The counters as the chat shows them at `now`: the free questions left (none rather than fewer; an allowance
 * of 0 is the day's free questions), and while a session pass holds, its minutes left.
 */
export function countersOf(quota: Quota, now: number): Counters {
  const queriesAllowed = quota.queriesAllowed || FREE_QUESTIONS_PER_DAY;
  const counters = { ...quota, queriesAllowed, left: Math.max(0, queriesAllowed - quota.queriesUsed) };
  return quota.sessionPass ? { ...counters, minutesLeft: minutesUntil(quota.sessionPass.endsAt, now) } : counters;
}
