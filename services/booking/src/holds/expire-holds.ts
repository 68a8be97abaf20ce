// The sweeper: unpaid bookings whose hold has lapsed become `expired`, their seats are released, and
// `booking.v1.expired` is published, once per booking even when two replicas sweep at the same moment (the
// seat's fate is a unique insert, and the event's id is the booking's, so a second publish is dropped).
// A payment that kept the seat first wins: that booking is left for the payment's handler to confirm.
import mongoose from 'mongoose';
import type { PeriodicTask } from '@hhp/kit';
import type { BookingDeps } from '../rules.js';
import { PENDING_STATUSES, type BookingDocument } from '../sessions/booking.model.js';
import { expiredEvent } from '../sessions/booking-events.js';

/** Bookings looked at per status and run; the next run takes the rest. */
const BATCH = 200;

async function expireLapsedHolds(deps: BookingDeps, now = new Date(), signal?: AbortSignal): Promise<number> {
  const { bookings, logger } = deps;
  let expired = 0;
  for (const status of PENDING_STATUSES) {
    const lapsed = await bookings.model
      .find({ status, holdExpiresAt: mongoose.trusted({ $lte: now }) })
      .limit(BATCH)
      .lean<BookingDocument[]>()
      .exec();
    for (const booking of lapsed) {
      if (signal?.aborted) return expired;
      if ((await endHold(deps, booking, now)) === 'expired') {
        expired += 1;
        logger.info({ bookingId: booking._id, type: booking.type }, 'unpaid hold lapsed; booking expired');
      }
    }
  }
  return expired;
}

/**
 * End an unpaid booking's hold now: its seat released, the booking `expired` with its `booking.v1.expired`,
 * its address's hold given back. 'kept': a payment kept the seat first (the payment's handler confirms it);
 * 'changed': another writer changed the booking first. `extra` is set with the change (a release's time).
 */
export async function endHold(
  { bookings, claims, metrics }: Pick<BookingDeps, 'bookings' | 'claims' | 'metrics'>,
  booking: BookingDocument,
  now: Date,
  extra: Partial<BookingDocument> = {},
): Promise<'expired' | 'kept' | 'changed'> {
  if (booking.claim && (await claims.release(booking.claim, now)) === 'kept') return 'kept';
  const changed = await bookings.change(
    booking._id,
    booking.status,
    { $set: { status: 'expired', expiredAt: now, ...extra } },
    [expiredEvent(booking, now)],
  );
  if (booking.addressHold) await claims.release(booking.addressHold, now);
  if (!changed) return 'changed';
  metrics.expired.inc();
  return 'expired';
}

export function holdSweeper(deps: BookingDeps, everyMs: number): PeriodicTask {
  return {
    name: 'expire lapsed holds',
    everyMs,
    runAtStart: true,
    run: (signal) => expireLapsedHolds(deps, new Date(), signal),
  };
}
