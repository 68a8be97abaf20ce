import type { SessionResponse } from '@hhp/proto';

/**
 * What is true of the subscription plan's booking at `now`: held (with the whole minutes left, at least one),
 * confirmed, lapsed and released (its hold ran out, or the server has expired it), or no longer held.
 */
export type PlanHold =
  { kind: 'held'; minutesLeft: number } | { kind: 'confirmed' } | { kind: 'lapsed' } | { kind: 'not-held' };

export function planHold(session: Pick<SessionResponse, 'status' | 'holdExpiresAt'>, now: number): PlanHold {
  const holdEnds = session.holdExpiresAt ? Date.parse(session.holdExpiresAt) : undefined;
  if (session.status === 'pending-subscription' && holdEnds !== undefined && holdEnds > now)
    return { kind: 'held', minutesLeft: Math.max(1, Math.ceil((holdEnds - now) / 60_000)) };
  if (session.status === 'confirmed') return { kind: 'confirmed' };
  if (session.status === 'expired' || session.status === 'pending-subscription') return { kind: 'lapsed' };
  return { kind: 'not-held' };
}
