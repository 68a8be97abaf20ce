// The practitioner's calendar's routes (services/practice, calendar/calendar.router.ts) in the OpenAPI document:
// any staff member, behind her session; the three POSTs behind the Origin check first. Booking owns the bookings
// and answers through practice (rpc.booking.v1.practice-*): its 404 and 409 sentences are these routes'.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { PRACTICE_API } from '../practice.js';
import {
  CalendarBooking,
  CalendarQuery,
  CalendarResponse,
  PracticeAttendanceRequest,
  PracticeBookingParams,
  PracticeCancelRequest,
  PracticeMoveRequest,
} from '../practice-calendar.js';
import { error, json, ORIGIN_403, SESSION, UNAUTHORISED } from './practice-route-shapes.js';

const UNAVAILABLE = error('Booking did not answer in time; nothing may have been done: reload the calendar');

/** A POST on one booking. */
const onBooking = (action: string, summary: string, request: z.ZodType, refusals: object): RouteConfig => ({
  method: 'post',
  path: `${PRACTICE_API}/bookings/{id}/${action}`,
  tags: ['practice'],
  summary,
  request: {
    params: PracticeBookingParams,
    body: { required: true, content: { 'application/json': { schema: request } } },
  },
  responses: {
    200: json(CalendarBooking, 'The booking as it is now'),
    400: error('The request is invalid; the message names what is wrong'),
    401: UNAUTHORISED,
    403: error(ORIGIN_403),
    404: error('No booking has this id'),
    413: error('The body is too large'),
    415: error('The body is not JSON'),
    503: UNAVAILABLE,
    ...refusals,
  },
});

export const CALENDAR_ROUTES: RouteConfig[] = [
  {
    method: 'get',
    path: `${PRACTICE_API}/calendar`,
    tags: ['practice'],
    summary: "The bookings of a range of the practice's days (at most 42), with visitor, notes, status and payment",
    request: { query: CalendarQuery },
    responses: {
      200: json(CalendarResponse, 'The bookings, by start; nextCursor when there are more'),
      400: error('The query is invalid; the message names what is wrong'),
      401: UNAUTHORISED,
      403: error('Not a staff role that may see the calendar'),
      503: UNAVAILABLE,
    },
  },
  onBooking('cancel', 'Cancel a confirmed booking (refunded by card as by its link)', PracticeCancelRequest, {
    409: error('It is not confirmed, or it has begun'),
  }),
  onBooking(
    'move',
    'Move a confirmed booking to a free slot of its plan (the visitor is e-mailed)',
    PracticeMoveRequest,
    {
      409: error('That slot was just taken, or the booking is not confirmed, or it has begun'),
    },
  ),
  onBooking('attendance', 'Mark a session that has begun attended or no-show', PracticeAttendanceRequest, {
    409: error('It has not begun yet, or it is not confirmed'),
  }),
];

export const CALENDAR_OPERATIONS: Record<string, { id: string; description: string }> = {
  [`GET ${PRACTICE_API}/calendar`]: {
    id: 'practiceCalendar',
    description: `The bookings that start on the practice's calendar days from \`from\` to \`to\` (both included, in the practice's time zone: each booking's date, time and endTime are its wall clock there, right across a daylight-saving change). Lapsed unpaid holds are left out. Visitor's name, e-mail and notes: staff only. Audited (the range). ${SESSION}`,
  },
  [`POST ${PRACTICE_API}/bookings/{id}/cancel`]: {
    id: 'practiceCancelBooking',
    description: `Cancels a confirmed booking that has not begun, also inside the visitor's change notice: the same cancellation as the visitor's link (the card's payment refunded in full, once; the visitor e-mailed). A booking cancelled already answers as it is. Audited (the booking id). ${SESSION}`,
  },
  [`POST ${PRACTICE_API}/bookings/{id}/move`]: {
    id: 'practiceMoveBooking',
    description: `Moves a confirmed booking that has not begun to a free slot of its plan (a startsAt of GET /api/availability), also inside the visitor's change notice; the visitor gets the same "has moved" e-mail as by link. Audited (the booking id and the new time). ${SESSION}`,
  },
  [`POST ${PRACTICE_API}/bookings/{id}/attendance`]: {
    id: 'practiceMarkAttendance',
    description: `Marks a confirmed session that has begun attended or no-show (a later mark replaces it). Audited (the booking id and the outcome). ${SESSION}`,
  },
};
