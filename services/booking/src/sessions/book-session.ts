// Book a session: the slot's seat is claimed first (a unique insert: of any number of concurrent requests
// for the last seat exactly one wins), then one of the client address's live holds, then the booking is
// written. Price and duration are the catalogue's; a body that says otherwise is ignored (and logged), as
// the frontend only ever sends the catalogue's values.
import { createHash, randomBytes } from 'node:crypto';
import { HttpError, TIMED_OUT, within } from '@hhp/kit';
import { BOOKING_HORIZON_MONTHS, PLANS, type BookSessionRequest } from '@hhp/proto';
import { bookableSlot, refusal } from '../availability/bookable-slot.js';
import { horizonDay, type SlotLookup } from '../calendar/calendar.js';
import { capacityOf, type BookingDeps } from '../rules.js';
import { addressSeats, slotSeats } from '../slots/slot-keys.js';
import type { ClaimRef } from '../slots/seats.js';
import type { BookingDocument } from './booking.model.js';

export const SLOT_TAKEN = 'That time was just booked. Please choose another slot.';
const TOO_MANY_HOLDS =
  'Too many unpaid bookings from here. Please complete the payment of one, or try again once a hold has lapsed.';
export const BOOKING_UNAVAILABLE = 'Booking is not available right now. Please try again in a moment.';

/** A 429 that knows when to come back (the router sets Retry-After). */
export class HoldLimitError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_HOLDS);
  }
}

/** 18 random bytes: 24 url-safe characters, the only key to a booking. */
const newBookingId = () => randomBytes(18).toString('base64url');

/** What a hold's token is kept as: only its sha256, so the database alone cannot release a hold. */
export const holdTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A booking just made, with its hold's token (told to the booking browser only). */
export interface NewBooking {
  booking: BookingDocument;
  holdToken: string;
}

const REFUSALS = {
  'not-a-slot': 'must be the start of one of the slots of that day for this plan (see /api/availability)',
  past: 'that day has passed',
  started: 'that slot has already started',
} as const;

/** The 400 for a `scheduledAt` that is not a bookable slot of the plan (booking and moving a booking alike). */
export function notBookable(
  type: BookSessionRequest['type'],
  reason: Exclude<SlotLookup, { ok: true }>['reason'],
  timeZone: string,
  now: Date,
  closedWhy = 'the practice is closed on that day',
): HttpError {
  const why =
    reason === 'closed'
      ? closedWhy
      : reason === 'beyond'
        ? `sessions can be booked at most ${BOOKING_HORIZON_MONTHS} months ahead, until ${horizonDay(timeZone, now)}`
        : REFUSALS[reason];
  return new HttpError(400, `scheduledAt: ${why}`);
}

export interface BookingInput {
  request: BookSessionRequest;
  clientAddress: string;
  requestId: string;
}

export async function bookSession(deps: BookingDeps, input: BookingInput, now = new Date()): Promise<NewBooking> {
  const { rules, claims, bookings, metrics, logger } = deps;
  const { request } = input;
  const plan = PLANS[request.type];
  const instant = new Date(request.scheduledAt);
  const found = await bookableSlot(deps, request.type, instant, now);
  if (!found.ok) throw await refusal(deps, request.type, instant, found.reason, now);
  if (
    (request.price && request.price !== plan.price) ||
    (request.duration && request.duration !== String(plan.durationMinutes))
  ) {
    logger.warn(
      { requestId: input.requestId, type: request.type },
      'price or duration differs from the catalogue; ignored',
    );
  }

  const id = newBookingId();
  const holdToken = randomBytes(24).toString('base64url');
  const holdExpiresAt = new Date(now.getTime() + rules.holdMs);
  const claim = await claims.claim({
    ...slotSeats(request.type, found.date, found.slot.startsAt),
    capacity: capacityOf(rules, request.type),
    holder: id,
    expiresAt: holdExpiresAt,
    now,
  });
  if (!claim.ok) {
    metrics.conflicts.inc({ type: request.type });
    throw new HttpError(409, SLOT_TAKEN);
  }
  let addressHold: ClaimRef | undefined;
  if (rules.maxHoldsPerAddress > 0 && !rules.loadTestAllowlist.exempt(input.clientAddress)) {
    const held = await claims.claim({
      ...addressSeats(input.clientAddress, now, rules.timeZone),
      capacity: rules.maxHoldsPerAddress,
      holder: id,
      expiresAt: holdExpiresAt,
      now,
    });
    if (!held.ok) {
      await claims.release(claim.ref, now);
      const freeAt = held.freeAt?.getTime() ?? holdExpiresAt.getTime();
      throw new HoldLimitError(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
    }
    addressHold = held.ref;
  }
  // The rules again, now that the seat is claimed: a change made in the console writes the rules first and
  // reads the claims after, so either this read sees the change, or the change's read sees this claim and
  // lists the booking (availability/change-availability.ts). Never a booking the rules do not cover, unseen.
  const still = await bookableSlot(deps, request.type, instant, now).catch(async (err: unknown) => {
    await releaseSeats(deps, { claim: claim.ref, addressHold }, now).catch(() => undefined);
    throw err;
  });
  if (!still.ok) {
    await releaseSeats(deps, { claim: claim.ref, addressHold }, now);
    metrics.outsideRules.inc({ type: request.type });
    throw await refusal(deps, request.type, instant, still.reason, now);
  }

  const booking: BookingDocument = {
    _id: id,
    type: request.type,
    priceCents: plan.priceCents,
    price: plan.price,
    durationMinutes: found.slot.durationMinutes,
    scheduledAt: found.slot.startsAt,
    timeZone: rules.timeZone,
    name: request.name,
    email: request.email,
    notes: request.notes,
    status: request.type === 'subscription' ? 'pending-subscription' : 'pending-payment',
    holdExpiresAt,
    holdTokenHash: holdTokenHash(holdToken),
    claim: claim.ref,
    ...(addressHold ? { addressHold } : {}),
    createdAt: now,
  };
  try {
    await bookings.insert(booking);
  } catch (err) {
    await releaseSeats(deps, booking, now).catch(() => undefined);
    throw err;
  }
  metrics.created.inc({ type: request.type });
  return { booking, holdToken };
}

/** Give back what a booking holds: its slot's seat and its address's hold. */
export async function releaseSeats(
  { claims }: Pick<BookingDeps, 'claims'>,
  booking: Pick<BookingDocument, 'claim' | 'addressHold'>,
  now = new Date(),
): Promise<void> {
  if (booking.claim) await claims.release(booking.claim, now);
  if (booking.addressHold) await claims.release(booking.addressHold, now);
}

/**
 * `bookSession` answered in time, or a 503. First payments is asked whether a payment can be taken at all:
 * when it cannot, nothing is claimed and the 503 says so (payments/payments-gate.ts). A booking that lands
 * after its request was answered 503 was never seen by the visitor: it is given back (its seats released,
 * the document removed) so that it does not hold the slot against the visitor's own retry.
 */
export async function bookWithin(deps: BookingDeps, input: BookingInput, timeoutMs: number): Promise<NewBooking> {
  await deps.payments.assertAcceptsPayments(input.requestId);
  const work = bookSession(deps, input);
  const result = await within(timeoutMs, work);
  if (result !== TIMED_OUT) return result;
  void work
    .then(async ({ booking: late }) => {
      await releaseSeats(deps, late);
      await deps.bookings.remove(late._id);
      deps.logger.warn({ requestId: input.requestId, bookingId: late._id }, 'booking landed after its 503; given back');
    })
    .catch(() => undefined);
  throw new HttpError(503, BOOKING_UNAVAILABLE);
}
