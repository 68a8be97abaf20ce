// Staff mark a confirmed session attended or no-show (rpc.booking.v1.practice-attendance), once it has begun:
// before, nobody can know. A later mark replaces an earlier one (a slip corrected). One conditional write on
// the booking as read (still confirmed, at the same time): a move or a cancellation that came first wins and
// the mark is refused with the reason.
import { HttpError, type KeyedLock } from '@hhp/kit';
import type { AttendanceOutcome } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import { effectiveStatus, type BookingDocument } from '../sessions/booking.model.js';
import { SESSION_NOT_FOUND } from '../sessions/sessions.router.js';

export const NOT_BEGUN = 'This session has not begun yet: attendance can be marked once it has started.';
export const NOT_CONFIRMED_FOR_ATTENDANCE = 'Only a confirmed session can be marked attended or no-show.';
const CHANGED_MEANWHILE = 'This booking was changed a moment ago. Please reload and try again.';

export interface AttendanceRequest {
  bookingId: string;
  outcome: AttendanceOutcome;
  now?: Date;
}

export function markAttendance(
  deps: Pick<BookingDeps, 'bookings' | 'logger'> & { locks: KeyedLock },
  { bookingId, outcome, now = new Date() }: AttendanceRequest,
): Promise<BookingDocument> {
  return deps.locks.run(bookingId, async () => {
    const booking = await deps.bookings.find(bookingId);
    if (!booking) throw new HttpError(404, SESSION_NOT_FOUND);
    if (effectiveStatus(booking, now) !== 'confirmed') throw new HttpError(409, NOT_CONFIRMED_FOR_ATTENDANCE);
    if (now.getTime() < new Date(booking.scheduledAt).getTime()) throw new HttpError(409, NOT_BEGUN);
    const marked = await deps.bookings.change(
      bookingId,
      { status: 'confirmed', scheduledAt: booking.scheduledAt },
      { $set: { attendance: outcome, attendanceMarkedAt: now } },
    );
    if (!marked) throw new HttpError(409, CHANGED_MEANWHILE);
    deps.logger.info({ bookingId, outcome }, 'attendance marked');
    return { ...booking, attendance: outcome, attendanceMarkedAt: now };
  });
}
