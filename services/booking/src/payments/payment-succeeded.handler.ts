// payment.v1.succeeded: a session's payment went through. The booking is confirmed if it can have its seat;
// otherwise `booking.v1.conflict` tells payments to refund it: a booking nobody knows (`unknown-booking`), a
// cancelled one, an amount other than the booking's price (never confirmed), or a seat that was lost after
// the hold lapsed (`slot-taken`). Each event is applied once by its id (the kit's inbox), and each step is
// idempotent besides, for a crash between the work and the inbox's mark.
import { consumeOnce, type EventBus, type Inbox, type Subscription } from '@hhp/kit';
import { PaymentSucceededEvent, Subjects } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import { conflictEvent } from '../sessions/booking-events.js';
import { confirm, reject, secureSeat } from './settle-booking.js';

type PaymentOutcome = 'confirmed' | 'already-confirmed' | 'already-rejected' | 'rejected' | 'unknown-booking';

export async function paymentSucceeded(
  deps: BookingDeps,
  bus: Pick<EventBus, 'publish'>,
  payment: PaymentSucceededEvent['data'],
  requestId?: string,
  now = new Date(),
): Promise<PaymentOutcome> {
  const booking = await deps.bookings.find(payment.bookingId);
  if (!booking) {
    // No document to carry the event: published before the message is acknowledged, retried if it fails.
    await bus.publish(conflictEvent(payment.bookingId, payment, 'unknown-booking', now), { requestId });
    deps.logger.warn({ bookingId: payment.bookingId, requestId }, 'payment for an unknown booking; conflict published');
    return 'unknown-booking';
  }
  if (booking.rejectedPayments?.includes(payment.paymentIntentId)) return 'already-rejected';
  if (booking.status === 'confirmed') {
    if (booking.paymentIntentId === payment.paymentIntentId) return 'already-confirmed';
    // Paid twice (or paid for after a subscription confirmed it): the second payment is given back.
    await reject(deps, booking, payment, 'slot-taken', now, requestId);
    return 'rejected';
  }
  if (booking.status === 'cancelled') {
    // Its own payment again: the cancellation refunds it (by booking.v1.cancelled), nothing more to do.
    if (booking.paymentIntentId === payment.paymentIntentId) return 'already-confirmed';
    await reject(deps, booking, payment, 'cancelled', now, requestId);
    return 'rejected';
  }
  if (payment.amountCents !== booking.priceCents) {
    await reject(deps, booking, payment, 'amount-mismatch', now, requestId);
    return 'rejected';
  }
  const seat = await secureSeat(deps, booking, now);
  if (!seat) {
    await reject(deps, booking, payment, 'slot-taken', now, requestId);
    return 'rejected';
  }
  await confirm(
    deps,
    booking,
    seat,
    { paymentIntentId: payment.paymentIntentId, amountCents: payment.amountCents },
    now,
    requestId,
  );
  return 'confirmed';
}

export function consumePaymentsSucceeded(deps: BookingDeps, bus: EventBus, inbox: Inbox): Promise<Subscription> {
  return consumeOnce(
    { bus, inbox },
    { subject: Subjects.paymentSucceeded, durable: 'booking-payments', schema: PaymentSucceededEvent },
    (event, { requestId }) => paymentSucceeded(deps, bus, event.data, requestId),
  );
}
