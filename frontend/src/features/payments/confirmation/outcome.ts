// What the confirmation pages say, from what the servers say (never from the return address alone): Stripe
// sends the visitor back at once, and the webhook that confirms the booking or the subscription may land a
// moment later; until it does, the page says the payment was received and asks again, backing off.
import type { PaymentStatusResponse, SessionResponse, SubscriptionStatusResponse } from '@hhp/proto';

export type SessionOutcome =
  | 'confirmed'
  /** Paid (or being paid), the booking not confirmed yet: the webhook is on its way. */
  | 'waiting'
  | 'not-paid'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'cancelled'
  /** The subscription plan's booking: paid by subscribing. */
  | 'subscription';

/**
 * `returnedPaid`: Stripe's return address said the payment succeeded. The server is asked which it is;
 * the address only keeps the page waiting (rather than saying "not paid") while Stripe's answer catches up.
 */
export function sessionOutcome(
  session: SessionResponse,
  payment: PaymentStatusResponse['payment'],
  returnedPaid: boolean,
): SessionOutcome {
  switch (session.status) {
    case 'confirmed':
      return 'confirmed';
    case 'refunded':
      return 'refunded';
    case 'cancelled':
      return 'cancelled';
    case 'pending-subscription':
      return 'subscription';
    default:
      break;
  }
  switch (payment) {
    case 'succeeded':
    case 'processing':
      return 'waiting';
    case 'refunded':
      return 'refunded';
    case 'failed':
      return 'failed';
    case 'none':
      if (returnedPaid) return 'waiting';
      return session.status === 'expired' ? 'expired' : 'not-paid';
  }
}

export type SubscriptionOutcome = 'active' | 'waiting' | 'none' | 'ended';

/**
 * `incomplete`: the first invoice is being paid. `justSubscribed`: this visit comes from the subscribe screen or
 * the hosted Checkout, so a subscription the server does not show yet, or shows `active` without a paid period
 * (its invoice's webhook has not arrived), is on its way rather than absent or lapsed.
 */
export function subscriptionOutcome(status: SubscriptionStatusResponse, justSubscribed: boolean): SubscriptionOutcome {
  if (status.active) return 'active';
  if (status.status === 'incomplete') return 'waiting';
  if (status.status === 'none') return justSubscribed ? 'waiting' : 'none';
  if (justSubscribed && (status.status === 'active' || status.status === 'trialing')) return 'waiting';
  return 'ended';
}

/** How long to wait before asking again: from 1 s, half as long again each time, at most 8 s. */
export function pollDelay(attempt: number): number {
  return Math.min(1000 * 1.5 ** attempt, 8000);
}

/** Asking stops after this many attempts (about a minute); the page then offers to check again. */
export const POLL_ATTEMPTS = 12;
