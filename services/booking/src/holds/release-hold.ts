// The visitor gives back an unpaid booking's hold (they went back from checkout or the subscription to
// change their choice): the slot is free again at once instead of reading "Booked" until the hold lapses.
// Only the browser that booked can do it: it alone was told the hold's token (POST /api/book-session's
// `holdToken`); the booking id travels in addresses and to payments, so it is not enough.
import { timingSafeEqual } from 'node:crypto';
import { HttpError } from '@hhp/kit';
import type { BookingDeps } from '../rules.js';
import { isPending, type BookingDocument } from '../sessions/booking.model.js';
import { holdTokenHash } from '../sessions/book-session.js';
import { endHold } from './expire-holds.js';

const HOLD_TOKEN_REFUSED =
  'This booking can only be released from the browser that made it. Its time is released by itself when the hold lapses.';
const HOLD_PAID =
  'This session has been paid for, so its time stays booked for you. To change or cancel it, use the link in its confirmation e-mail.';

function tokenMatches(token: string, booking: BookingDocument): boolean {
  if (!booking.holdTokenHash) return false;
  const given = Buffer.from(holdTokenHash(token), 'hex');
  const kept = Buffer.from(booking.holdTokenHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * Release the hold of booking `id` with its token: the booking as it is afterwards (`expired`, or as it was
 * when nothing was held any more: lapsed, refunded, cancelled); null for an unknown id. 403 not its token,
 * 409 paid.
 */
export async function releaseHold(
  deps: Pick<BookingDeps, 'bookings' | 'claims' | 'metrics' | 'logger'>,
  id: string,
  token: string,
  requestId: string,
  now = new Date(),
): Promise<BookingDocument | null> {
  const booking = await deps.bookings.find(id);
  if (!booking) return null;
  if (!tokenMatches(token, booking)) throw new HttpError(403, HOLD_TOKEN_REFUSED);
  if (booking.status === 'confirmed') throw new HttpError(409, HOLD_PAID);
  if (!isPending(booking.status)) return booking;
  const ended = await endHold(deps, booking, now, { releasedAt: now });
  if (ended === 'kept') throw new HttpError(409, HOLD_PAID);
  deps.logger.info({ requestId, bookingId: id, type: booking.type }, 'hold released by its visitor');
  const after = await deps.bookings.find(id);
  if (after?.status === 'confirmed') throw new HttpError(409, HOLD_PAID);
  return after ?? booking;
}
