// subscription.v1.changed with a bookingId: the subscription plan's booking (made before /subscribe) is
// confirmed once its subscription is active or trialing, if it can have its seat, like a paid session.
// Other statuses, and events without a booking, change nothing here (ai-query projects them).
import { consumeOnce, type EventBus, type Inbox, type Subscription } from '@hhp/kit';
import { ACTIVE_SUBSCRIPTION_STATUSES, Subjects, SubscriptionChangedEvent } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import { confirm, secureSeat } from './settle-booking.js';

export type SubscriptionOutcome = 'confirmed' | 'ignored' | 'no-seat';

export async function subscriptionChanged(
  deps: BookingDeps,
  change: SubscriptionChangedEvent['data'],
  requestId?: string,
  now = new Date(),
): Promise<SubscriptionOutcome> {
  const { bookings, logger } = deps;
  if (!change.bookingId || !ACTIVE_SUBSCRIPTION_STATUSES.includes(change.status)) return 'ignored';
  const booking = await bookings.find(change.bookingId);
  const log = logger.child({ bookingId: change.bookingId, subscriptionId: change.subscriptionId, requestId });
  if (!booking || booking.type !== 'subscription') {
    log.warn('subscription names no booking of the subscription plan; ignored');
    return 'ignored';
  }
  if (booking.status !== 'pending-subscription' && booking.status !== 'expired') return 'ignored';
  const seat = await secureSeat(deps, booking, now);
  if (!seat) {
    // The subscription itself stands (it is what was bought); only the session's slot is lost.
    log.warn('subscription active but the booking lost its slot; left expired');
    return 'no-seat';
  }
  await confirm(deps, booking, seat, { subscriptionId: change.subscriptionId }, now, requestId);
  return 'confirmed';
}

export function consumeSubscriptionsChanged(deps: BookingDeps, bus: EventBus, inbox: Inbox): Promise<Subscription> {
  return consumeOnce(
    { bus, inbox },
    { subject: Subjects.subscriptionChanged, durable: 'booking-subscriptions', schema: SubscriptionChangedEvent },
    (event, { requestId }) => subscriptionChanged(deps, event.data, requestId),
  );
}
