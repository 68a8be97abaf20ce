// A booking as its "Change or cancel" page shows it: the session, whether it can be changed now (and why
// not), what a cancellation gives back, and once cancelled, the refund's state.
import type { ManageSessionResponse } from '@hhp/proto';
import type { BookingDocument } from '../sessions/booking.model.js';
import { sessionView } from '../sessions/session-view.js';
import { changeState } from './change-rules.js';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** A card payment is refunded in full; a session of the subscription plan was paid by the subscription. */
export const refundableCents = (booking: Pick<BookingDocument, 'paymentIntentId' | 'priceCents'>) =>
  booking.paymentIntentId ? booking.priceCents : 0;

export function manageView(booking: BookingDocument, changeNoticeMs: number, now = new Date()): ManageSessionResponse {
  const state = changeState(booking, changeNoticeMs, now);
  const refundCents = refundableCents(booking);
  return {
    ...sessionView(booking, now),
    changeable: state.changeable,
    changeableUntil: state.changeableUntil.toISOString(),
    ...(state.reason ? { reason: state.reason } : {}),
    refundOnCancel: dollars(refundCents),
    ...(booking.cancelledAt ? { cancelledAt: new Date(booking.cancelledAt).toISOString() } : {}),
    ...(booking.status === 'cancelled' && refundCents > 0
      ? {
          refund: {
            amount: dollars(booking.refundedCents ?? refundCents),
            status: booking.refundedAt ? ('refunded' as const) : ('pending' as const),
          },
        }
      : {}),
  };
}
