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
 * The visitor's counters, from RTK Query's cached /api/quota: read when the page loads, replaced by what each
 * answer carries, re-read when another screen's question invalidates it. Undefined until known.
 */
export function useCounters(): Counters | undefined {
  const { data: quota } = useQuotaQuery();
  if (!quota) return undefined;
  const queriesAllowed = quota.queriesAllowed || FREE_QUESTIONS_PER_DAY;
  return { ...quota, queriesAllowed, left: Math.max(0, queriesAllowed - quota.queriesUsed) };
}
