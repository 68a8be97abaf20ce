// Following the join link: the token is the link's (else 403, before anything is read, so a guessed id
// learns nothing), the booking a confirmed AI Avatar Session, and now within its window; then this browser
// claims the pass (pass-claims.ts) and is given it, signed, until the session ends.
import { HttpError, orUnavailable, readSessionPass, signSessionPass, verifySessionJoinToken } from '@hhp/kit';
import type { JoinSessionResponse } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import { BOOKING_UNAVAILABLE } from '../sessions/book-session.js';
import { SESSION_NOT_FOUND } from '../sessions/sessions.router.js';
import { newBrowserId, type PassClaims } from './pass-claims.js';
import { sessionWindow, windowState } from './session-window.js';

const BAD_JOIN_TOKEN = 'This join link is not valid. Please use the link from your confirmation.';
export const NOT_CONFIRMED = 'This session is not confirmed.';
const OPEN_ELSEWHERE = 'This session is already open in another browser.';

export interface JoinDeps extends BookingDeps {
  passClaims: PassClaims;
  secret: string;
  earlyMs: number;
  timeoutMs: number;
}

export interface JoinRequest {
  bookingId: string;
  token: string;
  /** The request's hhp_pass cookie, if any: a browser that claimed the pass before rejoins with it. */
  passCookie: string | undefined;
  now: Date;
}

export type JoinOutcome = { answer: JoinSessionResponse; pass?: { value: string; maxAgeMs: number } };

export async function joinSession(deps: JoinDeps, request: JoinRequest): Promise<JoinOutcome> {
  const { bookingId, token, passCookie, now } = request;
  if (!verifySessionJoinToken(bookingId, token, deps.secret)) throw new HttpError(403, BAD_JOIN_TOKEN);
  const booking = await orUnavailable(deps.timeoutMs, deps.bookings.find(bookingId), BOOKING_UNAVAILABLE);
  if (!booking || booking.type !== 'ai-session') throw new HttpError(404, SESSION_NOT_FOUND);
  if (booking.status !== 'confirmed') throw new HttpError(409, NOT_CONFIRMED);
  const window = sessionWindow(booking, deps.earlyMs);
  const state = windowState(window, now);
  if (state === 'early') {
    return { answer: { status: 'early', startsAt: window.opensAt.toISOString(), timeZone: booking.timeZone } };
  }
  if (state === 'ended') return { answer: { status: 'ended' } };

  const earlier = readSessionPass(passCookie, deps.secret);
  const browserId = earlier?.bookingId === bookingId ? earlier.browserId : newBrowserId();
  const holds = await orUnavailable(
    deps.timeoutMs,
    deps.passClaims.claim(bookingId, browserId, now),
    BOOKING_UNAVAILABLE,
  );
  if (!holds) throw new HttpError(409, OPEN_ELSEWHERE);
  deps.logger.info({ bookingId, rejoined: earlier?.bookingId === bookingId }, 'session pass given');
  const value = signSessionPass(
    { bookingId, browserId, notBefore: window.opensAt.getTime(), notAfter: window.endsAt.getTime() },
    deps.secret,
  );
  return {
    answer: { status: 'active', endsAt: window.endsAt.toISOString() },
    pass: { value, maxAgeMs: window.endsAt.getTime() - now.getTime() },
  };
}
