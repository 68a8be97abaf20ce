/** Delays between attempts: 1 s, 5 s, 15 s, then 30 s. */
export const DEFAULT_BACKOFF_MS = [1000, 5000, 15_000, 30_000];
export const DEFAULT_MAX_DELIVER = 5;

export type FailureStep = { action: 'retry'; delayMs: number } | { action: 'dead-letter' };

/** What to do after delivery number `deliveryCount` (1-based) of a message failed. */
export function afterFailure(
  deliveryCount: number,
  maxDeliver = DEFAULT_MAX_DELIVER,
  backoffMs: readonly number[] = DEFAULT_BACKOFF_MS,
): FailureStep {
  if (deliveryCount >= maxDeliver) return { action: 'dead-letter' };
  const delayMs = backoffMs[Math.min(deliveryCount - 1, backoffMs.length - 1)] ?? 1000;
  return { action: 'retry', delayMs };
}
