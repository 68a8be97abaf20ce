// What a payment or a subscription does to a booking. Both confirm it if it has (or can get back) a seat
// of its slot: the seat it holds is kept for good if its fate is still open (even past the hold, as long
// as nobody released it first); otherwise the slot is claimed again, as a new booking would claim it. A
// payment that cannot be honoured is recorded on the booking with its `booking.v1.conflict` (so payments
// refunds it), in the same write, so a redelivery finds it recorded and publishes nothing new.
import type { UpdateQuery } from 'mongoose';
import type { EventEnvelope } from '@hhp/kit';
import { practiceDate } from '../calendar/calendar.js';
import { capacityOf, type BookingDeps } from '../rules.js';
import { slotSeats } from '../slots/slot-keys.js';
import type { ClaimRef } from '../slots/seats.js';
import type { BookingDocument } from '../sessions/booking.model.js';
import { confirmedEvent, conflictEvent, type ConflictReason, type PaidBy } from '../sessions/booking-events.js';

/** The booking's seat kept for good, or undefined when the slot is full or has begun. */
export async function secureSeat(
  deps: BookingDeps,
  booking: BookingDocument,
  now: Date,
): Promise<ClaimRef | undefined> {
  const { claims, rules } = deps;
  if (booking.claim && (await claims.keep(booking.claim, now)) === 'kept') return booking.claim;
  if (booking.scheduledAt.getTime() <= now.getTime()) return undefined;
  const claimed = await claims.claim({
    ...slotSeats(booking.type, practiceDate(booking.scheduledAt, booking.timeZone), booking.scheduledAt),
    capacity: capacityOf(rules, booking.type),
    holder: booking._id,
    expiresAt: new Date(now.getTime() + rules.holdMs),
    now,
  });
  if (!claimed.ok) return undefined;
  return (await claims.keep(claimed.ref, now)) === 'kept' ? claimed.ref : undefined;
}

/** The booking changed between the read and the write: the event is redelivered and decided afresh. */
export class BookingChangedError extends Error {
  constructor(bookingId: string) {
    super(`booking ${bookingId} changed while it was being settled; will retry`);
    this.name = 'BookingChangedError';
  }
}

/**
 * The booking's change and its events in one write, if the booking is still in the state it was read in; else
 * BookingChangedError, and the event is decided afresh on its redelivery.
 */
export async function settle(
  deps: Pick<BookingDeps, 'bookings'>,
  booking: Pick<BookingDocument, '_id' | 'status'>,
  update: UpdateQuery<BookingDocument>,
  events: EventEnvelope[] = [],
  requestId?: string,
): Promise<void> {
  const changed = await deps.bookings.change(booking._id, booking.status, update, events, requestId);
  if (!changed) throw new BookingChangedError(booking._id);
}

/** Confirm with the seat secured; `booking.v1.confirmed` goes out with the change. */
export async function confirm(
  deps: BookingDeps,
  booking: BookingDocument,
  seat: ClaimRef,
  paidBy: PaidBy,
  now: Date,
  requestId?: string,
): Promise<void> {
  const paid =
    'paymentIntentId' in paidBy
      ? { paymentIntentId: paidBy.paymentIntentId }
      : { subscriptionId: paidBy.subscriptionId };
  const update = { $set: { status: 'confirmed' as const, claim: seat, confirmedAt: now, ...paid } };
  await settle(deps, booking, update, [confirmedEvent(booking, paidBy, now)], requestId);
  deps.metrics.confirmed.inc({ by: 'paymentIntentId' in paidBy ? 'payment' : 'subscription' });
  deps.logger.info({ bookingId: booking._id, requestId }, 'booking confirmed');
  // No longer one of its address's unpaid holds.
  if (booking.addressHold) await deps.claims.release(booking.addressHold, now);
}

/** Record that the payment cannot be honoured, and publish the conflict with it (payments refunds). */
export async function reject(
  deps: BookingDeps,
  booking: BookingDocument,
  payment: { paymentIntentId: string; amountCents: number },
  reason: ConflictReason,
  now: Date,
  requestId?: string,
): Promise<void> {
  const update = { $push: { rejectedPayments: payment.paymentIntentId } };
  await settle(deps, booking, update, [conflictEvent(booking._id, payment, reason, now)], requestId);
  deps.logger.warn({ bookingId: booking._id, reason, requestId }, 'payment cannot be honoured; conflict published');
}
