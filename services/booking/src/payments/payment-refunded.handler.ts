// payment.v1.refunded: a booking's payment was given back (payments refunds what booking reported as a
// conflict, and a visitor's cancellation). A cancelled booking records the refund and stays cancelled; one
// that is not confirmed becomes `refunded` and its seat is released; a confirmed booking keeps its seat (the
// refund was of a second payment, which the conflict reported).
import type { EventBus, Inbox, Subscription } from '@hhp/kit';
import { PaymentRefundedEvent, Subjects } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import { releaseSeats } from '../sessions/book-session.js';
import { BookingChangedError } from './settle-booking.js';

type RefundOutcome = 'refunded' | 'recorded' | 'unchanged' | 'unknown-booking';

export async function paymentRefunded(
  deps: BookingDeps,
  refund: PaymentRefundedEvent['data'],
  requestId?: string,
  now = new Date(),
): Promise<RefundOutcome> {
  const { bookings, logger } = deps;
  const booking = await bookings.find(refund.bookingId);
  if (!booking) {
    logger.warn({ bookingId: refund.bookingId, requestId }, 'refund for an unknown booking; nothing to record');
    return 'unknown-booking';
  }
  if (booking.status === 'cancelled') {
    if (booking.refundedAt || refund.paymentIntentId !== booking.paymentIntentId) return 'unchanged';
    const recorded = await bookings.change(booking._id, 'cancelled', {
      $set: { refundedAt: now, refundedCents: refund.amountCents },
    });
    if (!recorded) throw new BookingChangedError(booking._id);
    logger.info({ bookingId: booking._id, requestId }, "cancelled booking's refund recorded");
    return 'recorded';
  }
  if (booking.status === 'confirmed' || booking.status === 'refunded') return 'unchanged';
  await releaseSeats(deps, booking, now);
  const changed = await bookings.change(
    booking._id,
    booking.status,
    { $set: { status: 'refunded', refundedAt: now } },
    [],
    requestId,
  );
  if (!changed) throw new BookingChangedError(booking._id);
  logger.info({ bookingId: booking._id, requestId }, 'booking refunded');
  return 'refunded';
}

export function consumePaymentsRefunded(deps: BookingDeps, bus: EventBus, inbox: Inbox): Promise<Subscription> {
  return bus.subscribe(
    Subjects.paymentRefunded,
    'booking-refunds',
    async (event, { requestId, lease }) => {
      await inbox.once(`booking-refunds:${event.id}`, () => paymentRefunded(deps, event.data, requestId), lease);
    },
    { schema: PaymentRefundedEvent },
  );
}
