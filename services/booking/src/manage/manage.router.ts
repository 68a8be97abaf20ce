// The "Change or cancel" page's calls: POST /api/session/:id/manage (read), /reschedule and /cancel, each
// with the link's token in the body (not the URL, so it stays out of access logs). The token is checked
// before anything is read, so a guessed id learns nothing; the database gets `timeoutMs`, then the answer
// is 503 (a change that lands after it is what the page shows on its next read).
import { Router, type Request } from 'express';
import type { z } from 'zod';
import { ManageSessionRequest, RescheduleSessionRequest, SessionParams, type ManageSessionResponse } from '@hhp/proto';
import { bodyObject, HttpError, orUnavailable, parse, requestContext, verifyBookingManageToken } from '@hhp/kit';
import { BOOKING_UNAVAILABLE } from '../sessions/book-session.js';
import { SESSION_NOT_FOUND } from '../sessions/sessions.router.js';
import { cancel, reschedule, type ChangeDeps } from './change-booking.js';
import { manageView } from './manage-view.js';

const MANAGE_UNAVAILABLE = 'Changing a booking online is not available right now.';
const BAD_MANAGE_TOKEN = 'This link is not valid. Please use the link in your confirmation e-mail.';

export interface ManageDeps extends ChangeDeps {
  secret: string;
  timeoutMs: number;
}

/** Without a secret (deps undefined) no link was ever sent, and the routes say so. */
export function manageRouter(deps: ManageDeps | undefined): Router {
  const router = Router();
  /** The parsed body, once the token is known to be the booking's. */
  function authorised<T extends z.ZodType<{ token: string }>>(req: Request<{ id: string }>, schema: T) {
    parse(SessionParams, req.params);
    const body = parse(schema, bodyObject(req));
    if (!deps) throw new HttpError(503, MANAGE_UNAVAILABLE);
    if (!verifyBookingManageToken(req.params.id, body.token, deps.secret)) throw new HttpError(403, BAD_MANAGE_TOKEN);
    return { body, deps };
  }
  const answer = (deps: ManageDeps, booking: Parameters<typeof manageView>[0]): ManageSessionResponse =>
    manageView(booking, deps.rules.changeNoticeMs);

  router.post('/api/session/:id/manage', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const { deps } = authorised(req, ManageSessionRequest);
    const booking = await orUnavailable(deps.timeoutMs, deps.bookings.find(req.params.id), BOOKING_UNAVAILABLE);
    if (!booking) throw new HttpError(404, SESSION_NOT_FOUND);
    res.json(answer(deps, booking));
  });

  router.post('/api/session/:id/reschedule', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const { body, deps } = authorised(req, RescheduleSessionRequest);
    const { requestId } = requestContext(req);
    const work = reschedule(deps, { bookingId: req.params.id, scheduledAt: body.scheduledAt, requestId });
    res.json(answer(deps, await orUnavailable(deps.timeoutMs, work, BOOKING_UNAVAILABLE)));
  });

  router.post('/api/session/:id/cancel', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const { deps } = authorised(req, ManageSessionRequest);
    const { requestId } = requestContext(req);
    const work = cancel(deps, { bookingId: req.params.id, requestId });
    res.json(answer(deps, await orUnavailable(deps.timeoutMs, work, BOOKING_UNAVAILABLE)));
  });
  return router;
}
