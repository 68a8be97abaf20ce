// Whether a booking can still be moved or cancelled by its visitor (pure). A confirmed session can be changed
// until `changeNoticeMs` (24 hours by default) before it starts: after that the slot could not be offered to
// anyone else in time, and the practice keeps the payment. Anything else says why not, in the visitor's words.
import type { BookingDocument } from '../sessions/booking.model.js';
import { effectiveStatus } from '../sessions/booking.model.js';

export interface ChangeState {
  changeable: boolean;
  /** The last moment a change is accepted. */
  changeableUntil: Date;
  /** Why it cannot be changed now; undefined when it can. */
  reason?: string;
}

export const ALREADY_CANCELLED = 'This session has been cancelled.';
export const NOT_CONFIRMED = 'Only a confirmed session can be changed or cancelled.';
export const ALREADY_HELD = 'This session has already taken place.';

/** "Sessions can be changed or cancelled up to 24 hours before they start; …". */
export function tooLateMessage(changeNoticeMs: number): string {
  const hours = Math.round((changeNoticeMs / 3_600_000) * 10) / 10;
  return (
    `Sessions can be changed or cancelled up to ${hours} ${hours === 1 ? 'hour' : 'hours'} before they start, ` +
    'so this one can no longer be changed here.'
  );
}

type Changeable = Pick<BookingDocument, 'status' | 'holdExpiresAt' | 'scheduledAt' | 'durationMinutes'>;

export function changeState(booking: Changeable, changeNoticeMs: number, now: Date): ChangeState {
  const starts = new Date(booking.scheduledAt).getTime();
  const changeableUntil = new Date(starts - changeNoticeMs);
  const status = effectiveStatus(booking, now);
  const refuse = (reason: string): ChangeState => ({ changeable: false, changeableUntil, reason });
  if (status === 'cancelled') return refuse(ALREADY_CANCELLED);
  if (status !== 'confirmed') return refuse(NOT_CONFIRMED);
  if (now.getTime() >= starts) return refuse(ALREADY_HELD);
  if (now.getTime() >= changeableUntil.getTime()) return refuse(tooLateMessage(changeNoticeMs));
  return { changeable: true, changeableUntil };
}
