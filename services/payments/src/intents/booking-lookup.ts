// The booking service is the authority on a session's price and state: payments asks it over NATS before
// it charges anything, and never takes an amount from the browser.
import { HttpError, type EventBus } from '@hhp/kit';
import { BookingLookupResponse, RpcSubjects, type SessionStatus } from '@hhp/proto';

export type BookedSession = NonNullable<BookingLookupResponse['session']>;

export const BOOKING_UNAVAILABLE = 'Payment service unavailable: the booking could not be checked. Please try again.';
export const SESSION_NOT_FOUND = 'Session not found';

/** Why a session that is not `pending-payment` cannot be paid, in words the checkout screen can show. */
const NOT_PAYABLE: Record<Exclude<SessionStatus, 'pending-payment'>, string> = {
  'pending-subscription': 'This session comes with the monthly subscription: subscribe instead of paying for it.',
  confirmed: 'This session is already paid.',
  expired: 'The hold on this session has expired. Please book the session again.',
  refunded: 'This session was refunded. Please book the session again.',
  cancelled: 'This session was cancelled. Please book the session again.',
};

export class BookingLookup {
  constructor(
    private readonly bus: Pick<EventBus, 'request'>,
    private readonly timeoutMs: number,
  ) {}

  /** The session as booking knows it now; 404 when unknown, 503 when booking does not answer in time. */
  async session(sessionId: string, requestId: string): Promise<BookedSession> {
    let answer: BookingLookupResponse;
    try {
      answer = await this.bus.request(
        RpcSubjects.bookingSession,
        { sessionId },
        { response: BookingLookupResponse, timeoutMs: this.timeoutMs, requestId },
      );
    } catch (err) {
      if (err instanceof HttpError && err.status === 503) throw new HttpError(503, BOOKING_UNAVAILABLE, { cause: err });
      throw err;
    }
    if (!answer.session) throw new HttpError(404, SESSION_NOT_FOUND);
    return answer.session;
  }
}

/** 409 unless the session waits for its payment (and its hold has not lapsed). */
export function assertPayable(session: BookedSession, now = new Date()): void {
  if (session.status !== 'pending-payment') throw new HttpError(409, NOT_PAYABLE[session.status]);
  if (session.holdExpiresAt && Date.parse(session.holdExpiresAt) <= now.getTime()) {
    throw new HttpError(409, NOT_PAYABLE.expired);
  }
}

/**
 * The browser's `amount` is dollars (9 or 9.00); it must be the session's price to the cent. A different
 * amount is a stale page or a tampered request, and nothing is charged either way.
 */
export function assertAmountMatches(amountDollars: number, priceCents: number): void {
  if (Math.abs(amountDollars * 100 - priceCents) > 1e-6) {
    throw new HttpError(
      400,
      `amount: ${amountDollars} does not match the session's price of ${(priceCents / 100).toFixed(2)}`,
    );
  }
}
