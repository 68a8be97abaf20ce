import { Router } from 'express';
import { AvailabilityQuery, OpenDaysQuery } from '@hhp/proto';
import { orUnavailable, parse } from '@hhp/kit';
import type { BookingDeps } from '../rules.js';
import { BOOKING_UNAVAILABLE } from '../sessions/book-session.js';
import { availability } from './get-availability.js';
import { openDays } from './open-days.js';

/** GET /api/availability?type=&date=YYYY-MM-DD and GET /api/availability/days?type=&from=&to= */
export function availabilityRouter(deps: BookingDeps, timeoutMs: number): Router {
  const router = Router();
  router.get('/api/availability', async (req, res) => {
    const query = parse(AvailabilityQuery, req.query);
    const answer = await orUnavailable(timeoutMs, availability(deps, query), BOOKING_UNAVAILABLE);
    res.set('Cache-Control', 'no-store').json(answer);
  });
  // no-store as the day's answer: a change made in the console shows on the next call.
  router.get('/api/availability/days', async (req, res) => {
    const query = parse(OpenDaysQuery, req.query);
    const answer = await orUnavailable(timeoutMs, openDays(deps, query), BOOKING_UNAVAILABLE);
    res.set('Cache-Control', 'no-store').json(answer);
  });
  return router;
}
