import { Router } from 'express';
import { AvailabilityQuery } from '@hhp/proto';
import { orUnavailable, parse } from '@hhp/kit';
import type { BookingDeps } from '../rules.js';
import { BOOKING_UNAVAILABLE } from '../sessions/book-session.js';
import { availability } from './get-availability.js';

/** GET /api/availability?type=&date=YYYY-MM-DD */
export function availabilityRouter(deps: BookingDeps, timeoutMs: number): Router {
  const router = Router();
  router.get('/api/availability', async (req, res) => {
    const query = parse(AvailabilityQuery, req.query);
    const answer = await orUnavailable(timeoutMs, availability(deps, query), BOOKING_UNAVAILABLE);
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
