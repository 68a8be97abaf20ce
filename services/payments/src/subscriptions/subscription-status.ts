import { ACTIVE_SUBSCRIPTION_STATUSES, type SubscriptionStatusResponse } from '@hhp/proto';
import type { SubscriptionDocument } from './subscription.model.js';

/** The subscription as the browser reads it; `active` as ai-query judges it (status, and a period not over). */
export function statusOf(record: SubscriptionDocument | undefined, now = Date.now()): SubscriptionStatusResponse {
  if (!record) return { status: 'none', active: false };
  const current = !record.currentPeriodEnd || record.currentPeriodEnd.getTime() > now;
  return {
    status: record.status,
    active: ACTIVE_SUBSCRIPTION_STATUSES.includes(record.status) && current,
    ...(record.currentPeriodEnd && { currentPeriodEnd: record.currentPeriodEnd.toISOString() }),
  };
}
