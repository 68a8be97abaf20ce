import { Router } from 'express';
import { BookSessionRequest, ReleaseSessionRequest, SessionParams, type BookSessionResponse } from '@hhp/proto';
import { bodyObject, HttpError, orUnavailable, parse, requestContext } from '@hhp/kit';
import { releaseHold } from '../holds/release-hold.js';
import type { BookingDeps } from '../rules.js';
import { BOOKING_UNAVAILABLE, HoldLimitError, bookWithin } from './book-session.js';
import { sessionView } from './session-view.js';

export const SESSION_NOT_FOUND = 'Session not found';

/** The parsed JSON body as an object (an absent body reads as `{}` so zod names the missing fields). */
/**
 * POST /api/book-session, GET /api/session/:id and POST /api/session/:id/release (the visitor gives an unpaid
 * hold back with its token); the database gets `timeoutMs`, then the answer is 503.
 */
export function sessionsRouter(deps: BookingDeps, timeoutMs: number): Router {
  const router = Router();
  router.post('/api/book-session', async (req, res) => {
    const request = parse(BookSessionRequest, bodyObject(req));
    const { requestId, clientAddress, logger } = requestContext(req);
    res.set('Cache-Control', 'no-store');
    try {
      const { booking, holdToken } = await bookWithin(deps, { request, clientAddress, requestId }, timeoutMs);
      logger.info({ bookingId: booking._id, type: booking.type, scheduledAt: booking.scheduledAt }, 'session booked');
      res.json({ id: booking._id, holdToken } satisfies BookSessionResponse);
    } catch (err) {
      if (err instanceof HoldLimitError) res.set('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  });

  router.get('/api/session/:id', async (req, res) => {
    const { id } = parse(SessionParams, req.params);
    const booking = await orUnavailable(timeoutMs, deps.bookings.find(id), BOOKING_UNAVAILABLE);
    if (!booking) throw new HttpError(404, SESSION_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json(sessionView(booking));
  });

  router.post('/api/session/:id/release', async (req, res) => {
    const { id } = parse(SessionParams, req.params);
    const { token } = parse(ReleaseSessionRequest, bodyObject(req));
    const { requestId } = requestContext(req);
    const booking = await orUnavailable(timeoutMs, releaseHold(deps, id, token, requestId), BOOKING_UNAVAILABLE);
    if (!booking) throw new HttpError(404, SESSION_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json(sessionView(booking));
  });
  return router;
}
