// payment.v1.refunded: a booking's payment was given back (payments refunds what booking reported as a
// conflict, and a visitor's cancellation). A cancelled booking records the refund and stays cancelled; one
// that is not confirmed becomes `refunded` and its seat is released; a confirmed booking keeps its seat (the
// refund was of a second payment, which the conflict reported).
import { consumeOnce, type EventBus, type Inbox, type Subscription } from '@hhp/kit';
import { PaymentRefundedEvent, Subjects } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import { releaseSeats } from '../sessions/book-session.js';
import { settle } from './settle-booking.js';

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
    await settle(deps, booking, { $set: { refundedAt: now, refundedCents: refund.amountCents } });
    logger.info({ bookingId: booking._id, requestId }, "cancelled booking's refund recorded");
    return 'recorded';
  }
  if (booking.status === 'confirmed' || booking.status === 'refunded') return 'unchanged';
  await releaseSeats(deps, booking, now);
  await settle(deps, booking, { $set: { status: 'refunded', refundedAt: now } }, [], requestId);
  logger.info({ bookingId: booking._id, requestId }, 'booking refunded');
  return 'refunded';
}

export function consumePaymentsRefunded(deps: BookingDeps, bus: EventBus, inbox: Inbox): Promise<Subscription> {
  return consumeOnce(
    { bus, inbox },
    { subject: Subjects.paymentRefunded, durable: 'booking-refunds', schema: PaymentRefundedEvent },
    (event, { requestId }) => paymentRefunded(deps, event.data, requestId),
  );
}
