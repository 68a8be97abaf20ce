// Which of two views of a subscription is the newer. Stripe sends webhooks in any order, and payments also
// learns a subscription's state from its own calls (creating it, a hosted Checkout's result), so every view
// carries the moment Stripe's clock stood at when it was true: an event's `created`, or the Date header of
// the answer the object came in. Whole seconds: two views of the same second are taken in arrival order.
// Stripe never brings a subscription back from `canceled` or `incomplete_expired`, which settles the rest:
// such a view wins over any live one, whatever the clocks say, and is never replaced by a live one.
import type Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES } from '@hhp/proto';

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionView {
  subscriptionId: string;
  customerId: string;
  status: SubscriptionStatus;
  /** The end of the period paid for (the latest of its items' periods). */
  currentPeriodEnd?: Date;
  /** The subscription plan's booking that led to it (its metadata). */
  bookingId?: string;
  /** Stripe's clock when this view was true, unix seconds. */
  asOf: number;
}

export const TERMINAL_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

/** true when `next` should replace `current` (no current view: always). */
export function supersedes(
  next: Pick<SubscriptionView, 'status' | 'asOf'>,
  current: Pick<SubscriptionView, 'status' | 'asOf'> | undefined,
): boolean {
  if (!current) return true;
  const nextEnded = TERMINAL_STATUSES.includes(next.status);
  const currentEnded = TERMINAL_STATUSES.includes(current.status);
  if (currentEnded !== nextEnded) return nextEnded;
  return next.asOf >= current.asOf;
}

const isKnownStatus = (status: string): status is SubscriptionStatus =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

const idOf = (value: string | { id: string }): string => (typeof value === 'string' ? value : value.id);

/** The view a Stripe Subscription object gives, as of `asOf`. */
export function viewOf(subscription: Stripe.Subscription, asOf: number): SubscriptionView {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end).filter((end) => end > 0);
  const bookingId = subscription.metadata?.bookingId;
  // The pinned API version has exactly these; another would be an API version change to make on purpose.
  if (!isKnownStatus(subscription.status)) {
    throw new Error(`subscription ${subscription.id} has a status this service does not know: ${subscription.status}`);
  }
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    ...(periodEnds.length > 0 && { currentPeriodEnd: new Date(Math.max(...periodEnds) * 1000) }),
    ...(bookingId && { bookingId }),
    asOf,
  };
}
