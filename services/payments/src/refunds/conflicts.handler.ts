import type { EventBus, Inbox, Subscription } from '@hhp/kit';
import { BookingConflictEvent, Subjects } from '@hhp/proto';
import { refundPayment, type RefundDeps } from './refund-payment.js';

/** The durable consumer of booking.v1.conflict: each conflict applied once by its event id. */
export function consumeConflicts(bus: EventBus, inbox: Inbox, deps: RefundDeps): Promise<Subscription> {
  return bus.subscribe(
    Subjects.bookingConflict,
    'payments-conflicts',
    (event, { logger, requestId, lease }) =>
      inbox.once(event.id, () => refundPayment(deps, event.data, { logger, requestId }), lease).then(() => undefined),
    { schema: BookingConflictEvent },
  );
}
