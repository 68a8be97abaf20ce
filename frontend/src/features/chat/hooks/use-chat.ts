import { useSyncExternalStore } from 'react';
import type { Quota } from '@hhp/proto';
import { FREE_QUESTIONS_PER_DAY } from '@hhp/proto/catalogue/quota';
import { useQuotaQuery } from '../../../shared/ai/api';
import { chatStore, type ChatState } from '../chat-store';

export function useChatState(): ChatState {
  return useSyncExternalStore(chatStore.subscribe, chatStore.get);
}

export interface Counters extends Quota {
  left: number;
}

/**
 * The visitor's counters: /api/quota when the page loads (and whenever another screen's question
 * invalidates it), or what the chat's last answer carried, whichever is newer. Undefined until known.
 */
export function useCounters(): { counters: Counters | undefined; refresh: () => void } {
  const { data, fulfilledTimeStamp, refetch } = useQuotaQuery();
  // Prerendered pages show no counters; hydration starts from that, then reads this tab's.
  const local = useSyncExternalStore(
    chatStore.subscribe,
    () => chatStore.get().quota,
    () => null,
  );
  const quota = local && (!fulfilledTimeStamp || local.at > fulfilledTimeStamp) ? local.value : data;
  const counters = quota && {
    ...quota,
    queriesAllowed: quota.queriesAllowed || FREE_QUESTIONS_PER_DAY,
    left: Math.max(0, (quota.queriesAllowed || FREE_QUESTIONS_PER_DAY) - quota.queriesUsed),
  };
  return { counters, refresh: () => void refetch() };
}
