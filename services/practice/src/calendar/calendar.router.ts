// The practitioner's calendar (issue 30, point 2): the bookings of a range of the practice's days, and staff's
// cancel, move and attendance on one. Booking owns the bookings: each route asks it over NATS
// (rpc.booking.v1.practice-*) and answers what it says, its 404 and 409 sentences included; practice decides who
// may ask. Every route is any staff member's (the practitioner runs her calendar; an admin passes every role),
// each POST behind the Origin check first, and each call in the audit log with the booking's id or the range,
// never the visitor's name, e-mail or notes, which go only to these staff sessions.
import { Router, type RequestHandler } from 'express';
import { bodyObject, parse } from '@hhp/kit';
import {
  CalendarBooking,
  CalendarQuery,
  CalendarResponse,
  PRACTICE_API,
  PracticeAttendanceRequest,
  PracticeBookingParams,
  PracticeCancelRequest,
  PracticeMoveRequest,
  RpcSubjects,
} from '@hhp/proto';
import type { z } from 'zod';
import { bounded } from '../http/deadline.js';
import { actorOf, askingBooking, type BookingAskingDeps } from '../http/staff-request.js';

export const CALENDAR_PATH = `${PRACTICE_API}/calendar`;
const BOOKING_PATH = `${PRACTICE_API}/bookings/:id`;

/** Any staff member's: the practitioner's own calendar. */
export const CALENDAR_STAFF_ROUTES = [
  `GET ${CALENDAR_PATH}`,
  `POST ${BOOKING_PATH}/cancel`,
  `POST ${BOOKING_PATH}/move`,
  `POST ${BOOKING_PATH}/attendance`,
] as const;

export const BOOKINGS_UNAVAILABLE = 'The calendar cannot reach the bookings right now. Please try again in a moment.';
export const NO_SUCH_BOOKING = 'No booking has this id.';
/** How long booking has to answer (a move claims a seat and writes the booking: a few writes). */
export const BOOKING_ANSWER_MS = 5000;

export type CalendarRouterDeps = BookingAskingDeps;

export function calendarRouter(deps: CalendarRouterDeps): Router {
  const router = Router();
  const { audit } = deps;
  /** Booking's answer; its 4xx as it said it (a 404 in the console's words), no answer a 503. */
  const { staff, sameOrigin, budget, ask } = askingBooking(
    deps,
    BOOKING_ANSWER_MS,
    BOOKINGS_UNAVAILABLE,
    NO_SUCH_BOOKING,
  );

  router.get(
    CALENDAR_PATH,
    ...bounded(budget, staff, async (req, res) => {
      const query = parse(CalendarQuery, req.query);
      const calendar = await ask(req, RpcSubjects.practiceCalendar, query, CalendarResponse);
      await audit.record(req, actorOf(req), 'calendar-read', `${query.from} to ${query.to}`);
      res.json(calendar);
    }),
  );

  /** A POST on one booking: Origin, session, the id and body parsed, booking asked on `subject`, the action audited. */
  function action<B extends z.ZodType<Record<string, unknown>>>(
    name: string,
    body: B,
    subject: string,
    target: (id: string, fields: z.output<B>) => string = (id) => id,
  ): RequestHandler[] {
    return bounded(budget, sameOrigin, staff, async (req, res) => {
      const { id } = parse(PracticeBookingParams, req.params);
      const fields = parse(body, bodyObject(req));
      const who = actorOf(req);
      const request = { ...fields, bookingId: id, staffId: who.staffId };
      const booking = await ask(req, subject, request, CalendarBooking);
      await audit.record(req, who, name, target(id, fields));
      res.json(booking);
    });
  }

  router.post(
    `${BOOKING_PATH}/cancel`,
    ...action('booking-cancelled', PracticeCancelRequest, RpcSubjects.practiceCancel),
  );
  router.post(
    `${BOOKING_PATH}/move`,
    ...action(
      'booking-moved',
      PracticeMoveRequest,
      RpcSubjects.practiceMove,
      (id, { scheduledAt }) => `${id} to ${scheduledAt}`,
    ),
  );
  router.post(
    `${BOOKING_PATH}/attendance`,
    ...action(
      'attendance-marked',
      PracticeAttendanceRequest,
      RpcSubjects.practiceAttendance,
      (id, { outcome }) => `${id}: ${outcome}`,
    ),
  );
  return router;
}
