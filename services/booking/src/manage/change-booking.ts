// A visitor's change to a confirmed booking, by the e-mails' "Change or cancel" link: moved to another free
// slot of the same plan, or cancelled. Both are allowed until the change notice before the start
// (change-rules.ts). A move claims and keeps a seat of the new slot first (as a payment would), then moves the
// booking in one conditional write that carries `booking.v1.rescheduled` and checks that the booking is
// still where it was read (two moves at once: one wins, the other gives its new seat back and answers 409).
// A cancellation is one conditional write from `confirmed` that carries `booking.v1.cancelled` (payments
// refunds a card payment once, by that event); a second click finds it cancelled and answers the same.
// The seat left behind is given back right away and again by the event's handler (changes.handler.ts), so a
// crash in between leaves no seat taken for good.
import { HttpError, KeyedLock } from '@hhp/kit';
import { bookableSlot, refusal } from '../availability/bookable-slot.js';
import { capacityOf, type BookingDeps } from '../rules.js';
import { SLOT_TAKEN } from '../sessions/book-session.js';
import type { BookingDocument } from '../sessions/booking.model.js';
import { cancelledEvent, rescheduledEvent } from '../sessions/booking-events.js';
import { SESSION_NOT_FOUND } from '../sessions/sessions.router.js';
import { slotSeats } from '../slots/slot-keys.js';
import type { ClaimRef } from '../slots/seats.js';
import { changeState } from './change-rules.js';
import { refundableCents } from './manage-view.js';

const CHANGED_MEANWHILE = 'This booking was changed a moment ago. Please reload the page and try again.';
const SAME_SLOT = 'scheduledAt: that is already the time of this session';

export interface ChangeDeps extends BookingDeps {
  /** Changes of one booking are made one at a time in this process (a double click). */
  locks: KeyedLock;
}

export const changeLocks = () => new KeyedLock();

export interface ChangeRequest {
  bookingId: string;
  requestId?: string;
  now?: Date;
  /** How long before the start a change is refused: the visitor's notice unless given (staff: 0). */
  noticeMs?: number;
}

async function changeable(
  deps: ChangeDeps,
  bookingId: string,
  now: Date,
  noticeMs = deps.rules.changeNoticeMs,
): Promise<BookingDocument> {
  const booking = await deps.bookings.find(bookingId);
  if (!booking) throw new HttpError(404, SESSION_NOT_FOUND);
  const state = changeState(booking, noticeMs, now);
  if (!state.changeable) throw new HttpError(409, state.reason!);
  return booking;
}

/** Give a seat back now; if that fails, the event's handler gives it back. */
async function giveBackSoon(deps: ChangeDeps, seat: ClaimRef | undefined, bookingId: string, now: Date) {
  if (!seat) return;
  await deps.claims.giveBack(seat, now).catch((err: unknown) => {
    deps.logger.warn({ err, bookingId }, 'seat not given back yet; the change event will');
  });
}

export function reschedule(
  deps: ChangeDeps,
  request: ChangeRequest & { scheduledAt: string },
): Promise<BookingDocument> {
  return deps.locks.run(request.bookingId, () => rescheduleInTurn(deps, request));
}

async function rescheduleInTurn(
  deps: ChangeDeps,
  { bookingId, scheduledAt, requestId, now = new Date(), noticeMs }: ChangeRequest & { scheduledAt: string },
): Promise<BookingDocument> {
  const { rules, claims, bookings, metrics, logger } = deps;
  const booking = await changeable(deps, bookingId, now, noticeMs);
  const instant = new Date(scheduledAt);
  const found = await bookableSlot(deps, booking.type, instant, now);
  if (!found.ok) throw await refusal(deps, booking.type, instant, found.reason, now);
  const to = found.slot.startsAt;
  if (to.getTime() === booking.scheduledAt.getTime()) throw new HttpError(400, SAME_SLOT);

  const claimed = await claims.claim({
    ...slotSeats(booking.type, found.date, to),
    capacity: capacityOf(rules, booking.type),
    holder: booking._id,
    expiresAt: new Date(now.getTime() + rules.holdMs),
    now,
  });
  if (!claimed.ok || (await claims.keep(claimed.ref, now)) !== 'kept') {
    metrics.conflicts.inc({ type: booking.type });
    throw new HttpError(409, SLOT_TAKEN);
  }
  // The rules again, the seat claimed (as a new booking does, book-session.ts): a day closed meanwhile in the
  // console either is seen here, or its change saw this claim and lists the booking.
  const still = await bookableSlot(deps, booking.type, instant, now);
  if (!still.ok) {
    await claims.giveBack(claimed.ref, now);
    throw await refusal(deps, booking.type, instant, still.reason, now);
  }
  const sequence = (booking.sequence ?? 0) + 1;
  const moved = await bookings.change(
    booking._id,
    { status: 'confirmed', scheduledAt: booking.scheduledAt },
    {
      $set: { scheduledAt: to, claim: claimed.ref, sequence, rescheduledAt: now },
      ...(booking.claim ? { $push: { movedFrom: booking.claim } } : {}),
    },
    [rescheduledEvent(booking, { from: booking.scheduledAt, to, sequence }, now)],
    requestId,
  );
  if (!moved) {
    await claims.giveBack(claimed.ref, now);
    throw new HttpError(409, CHANGED_MEANWHILE);
  }
  await giveBackSoon(deps, booking.claim, booking._id, now);
  metrics.changed.inc({ change: 'rescheduled' });
  logger.info({ bookingId, requestId, from: booking.scheduledAt, to }, 'booking rescheduled');
  return { ...booking, scheduledAt: to, claim: claimed.ref, sequence, rescheduledAt: now };
}

export function cancel(deps: ChangeDeps, request: ChangeRequest): Promise<BookingDocument> {
  return deps.locks.run(request.bookingId, () => cancelInTurn(deps, request));
}

async function cancelInTurn(
  deps: ChangeDeps,
  { bookingId, requestId, now = new Date(), noticeMs }: ChangeRequest,
): Promise<BookingDocument> {
  const { bookings, metrics, logger } = deps;
  const found = await bookings.find(bookingId);
  // Cancelled already (a double click, a retry): the same answer.
  if (found?.status === 'cancelled') return found;
  const booking = await changeable(deps, bookingId, now, noticeMs);
  const sequence = (booking.sequence ?? 0) + 1;
  const refundCents = refundableCents(booking);
  const cancelled = await bookings.change(
    booking._id,
    { status: 'confirmed', scheduledAt: booking.scheduledAt },
    { $set: { status: 'cancelled', cancelledAt: now, sequence } },
    [cancelledEvent(booking, sequence, refundCents, now)],
    requestId,
  );
  if (!cancelled) {
    const fresh = await bookings.find(bookingId);
    if (fresh?.status === 'cancelled') return fresh;
    throw new HttpError(409, CHANGED_MEANWHILE);
  }
  await giveBackSoon(deps, booking.claim, booking._id, now);
  metrics.changed.inc({ change: 'cancelled' });
  logger.info({ bookingId, requestId, refundCents }, 'booking cancelled');
  return { ...booking, status: 'cancelled', cancelledAt: now, sequence };
}
