import type { EventBus, Inbox, Subscription } from '@hhp/kit';
import { BookingCancelledEvent, Subjects } from '@hhp/proto';
import { refundPayment, type RefundDeps } from './refund-payment.js';

/**
 * The durable consumer of booking.v1.cancelled: a session paid by card that its visitor cancelled in time is
 * refunded in full, once (the inbox by event id, and Stripe's idempotency key by booking and intent). A
 * session of the subscription plan carries no payment: nothing to give back.
 */
export function consumeCancellations(bus: EventBus, inbox: Inbox, deps: RefundDeps): Promise<Subscription> {
  return bus.subscribe(
    Subjects.bookingCancelled,
    'payments-cancellations',
    async (event, { logger, requestId, lease }) => {
      const { bookingId, paymentIntentId, amountCents } = event.data;
      if (!paymentIntentId || amountCents === 0) return;
      const refund = { bookingId, paymentIntentId, amountCents, reason: 'cancelled' as const };
      await inbox.once(event.id, () => refundPayment(deps, refund, { logger, requestId }), lease);
    },
    { schema: BookingCancelledEvent },
  );
}
