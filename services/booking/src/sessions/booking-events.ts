// The events a booking's changes publish. Each id names its fact (a booking is confirmed once, expires
// once, rejects a given payment once), so a second write of the same fact, by a retry or by another
// replica, is dropped by JetStream's de-duplication instead of being published twice.
import { createEnvelope } from '@hhp/kit';
import {
  BookingCancelledEvent,
  BookingConfirmedEvent,
  BookingConflictEvent,
  BookingExpiredEvent,
  BookingRescheduledEvent,
  Subjects,
} from '@hhp/proto';
import type { BookingDocument } from './booking.model.js';

/** What paid for a booking. */
export type PaidBy = { paymentIntentId: string; amountCents: number } | { subscriptionId: string };

export type ConflictReason = BookingConflictEvent['data']['reason'];

export function confirmedEvent(booking: BookingDocument, paidBy: PaidBy, now: Date): BookingConfirmedEvent {
  const data = {
    bookingId: booking._id,
    type: booking.type,
    scheduledAt: booking.scheduledAt.toISOString(),
    durationMinutes: booking.durationMinutes,
    timeZone: booking.timeZone,
    ...('paymentIntentId' in paidBy
      ? { paymentIntentId: paidBy.paymentIntentId, amountCents: paidBy.amountCents }
      : { subscriptionId: paidBy.subscriptionId, amountCents: booking.priceCents }),
  };
  return BookingConfirmedEvent.parse(
    createEnvelope(Subjects.bookingConfirmed, data, { id: `booking-confirmed:${booking._id}`, occurredAt: now }),
  );
}

export function expiredEvent(booking: BookingDocument, now: Date): BookingExpiredEvent {
  const data = { bookingId: booking._id, type: booking.type, scheduledAt: booking.scheduledAt.toISOString() };
  return BookingExpiredEvent.parse(
    createEnvelope(Subjects.bookingExpired, data, { id: `booking-expired:${booking._id}`, occurredAt: now }),
  );
}

export function conflictEvent(
  bookingId: string,
  payment: { paymentIntentId: string; amountCents: number },
  reason: ConflictReason,
  now: Date,
): BookingConflictEvent {
  const data = { bookingId, paymentIntentId: payment.paymentIntentId, amountCents: payment.amountCents, reason };
  const id = `booking-conflict:${bookingId}:${payment.paymentIntentId}`;
  return BookingConflictEvent.parse(createEnvelope(Subjects.bookingConflict, data, { id, occurredAt: now }));
}

/** The booking as it is after the move (its new time and sequence), and where it was. */
export function rescheduledEvent(
  booking: Pick<BookingDocument, '_id' | 'type' | 'durationMinutes' | 'timeZone'>,
  move: { from: Date; to: Date; sequence: number },
  now: Date,
): BookingRescheduledEvent {
  const data = {
    bookingId: booking._id,
    type: booking.type,
    previousScheduledAt: move.from.toISOString(),
    scheduledAt: move.to.toISOString(),
    durationMinutes: booking.durationMinutes,
    timeZone: booking.timeZone,
    sequence: move.sequence,
  };
  const id = `booking-rescheduled:${booking._id}:${move.sequence}`;
  return BookingRescheduledEvent.parse(createEnvelope(Subjects.bookingRescheduled, data, { id, occurredAt: now }));
}

/** `refundCents`: what payments gives back (0 for a session the subscription paid for). */
export function cancelledEvent(
  booking: BookingDocument,
  sequence: number,
  refundCents: number,
  now: Date,
): BookingCancelledEvent {
  const data = {
    bookingId: booking._id,
    type: booking.type,
    scheduledAt: booking.scheduledAt.toISOString(),
    sequence,
    ...(refundCents > 0 && booking.paymentIntentId ? { paymentIntentId: booking.paymentIntentId } : {}),
    amountCents: refundCents,
  };
  const id = `booking-cancelled:${booking._id}`;
  return BookingCancelledEvent.parse(createEnvelope(Subjects.bookingCancelled, data, { id, occurredAt: now }));
}
