// The practitioner's calendar in the console (issue 30, point 2): the bookings of a range of the practice's
// days with their visitor, notes, status and payment, and the staff's three actions on one (cancel, move to
// another free slot of its plan, mark attended or no-show). Practice serves the routes (staff only) and asks
// booking, which owns the bookings, over the rpc.booking.v1.practice-* subjects; booking checks every request
// again with these same schemas.
import { z } from 'zod';
import { SessionStatus, SessionTypeSchema } from './booking.js';
import { singleLine } from './text.js';

/** The longest range one call may ask for: a month view's six weeks. */
export const CALENDAR_MAX_DAYS = 42;
/** Bookings in one answer; `nextCursor` asks for the rest. */
export const CALENDAR_PAGE_SIZE = 200;

const day = (field: string) => z.iso.date(`${field} must be a date YYYY-MM-DD`);
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** A page's position: the last booking's start (ms) and id, as the previous answer's `nextCursor` gave it. */
export const CalendarCursor = z
  .string()
  .regex(/^\d{1,15}\.[A-Za-z0-9_-]{24}$/, 'cursor must be the nextCursor of the previous answer');

/** GET /api/practice/calendar?from=&to=: the practice's calendar days `from` to `to`, both included. */
export const CalendarQuery = z
  .object({ from: day('from'), to: day('to'), cursor: CalendarCursor.optional() })
  .strict()
  .superRefine(({ from, to }, ctx) => {
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > CALENDAR_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `to must be at most ${CALENDAR_MAX_DAYS} days after from`,
      });
  });
export type CalendarQuery = z.infer<typeof CalendarQuery>;

/**
 * What paid for a booking, as booking knows it: `card` (paid by card), `subscription` (the subscription
 * plan), `unpaid` (still in checkout), `refund-pending` (cancelled, the card's refund not reported yet),
 * `refunded`.
 */
export const CALENDAR_PAYMENT_STATES = ['card', 'subscription', 'unpaid', 'refund-pending', 'refunded'] as const;
export const ATTENDANCE_OUTCOMES = ['attended', 'no-show'] as const;
export const AttendanceOutcome = z.enum(ATTENDANCE_OUTCOMES);
export type AttendanceOutcome = z.infer<typeof AttendanceOutcome>;

/** One booking as the console shows it: the visitor's name, e-mail and notes are in it (staff only). */
export const CalendarBooking = z.object({
  id: z.string(),
  type: SessionTypeSchema,
  status: SessionStatus,
  /** ISO date-time, UTC. */
  scheduledAt: z.string(),
  durationMinutes: z.number().int().positive(),
  /** The practice's calendar date and wall-clock start and end in `timeZone` ("2026-03-08", "09:00", "10:30"). */
  date: z.string(),
  time: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  name: z.string(),
  email: z.string(),
  notes: z.string(),
  payment: z.object({
    state: z.enum(CALENDAR_PAYMENT_STATES),
    /** The catalogue's price when booked, "9.00". */
    amount: z.string(),
    /** Once a refund is reported: what it gave back, "9.00". */
    refunded: z.string().optional(),
  }),
  /** Set once staff marked it, after it began. */
  attendance: AttendanceOutcome.optional(),
  /** Staff may cancel or move it now: confirmed and not begun (the visitor's change notice does not apply). */
  changeable: z.boolean(),
  /** Staff may mark it attended or no-show now: confirmed and begun. */
  markable: z.boolean(),
});
export type CalendarBooking = z.infer<typeof CalendarBooking>;

export const CalendarResponse = z.object({
  from: z.string(),
  to: z.string(),
  /** The practice's IANA time zone, in which `date`, `time` and `endTime` are written. */
  timeZone: z.string(),
  /** Ordered by start; pending holds that lapsed are left out. */
  bookings: z.array(CalendarBooking),
  /** More bookings than one page: ask again with `cursor` set to it. */
  nextCursor: z.string().optional(),
});
export type CalendarResponse = z.infer<typeof CalendarResponse>;

/** The `{id}` of /api/practice/bookings/{id}/...: a booking id (24 characters of A-Z, a-z, 0-9, _ and -). */
export const PracticeBookingParams = z
  .object({ id: singleLine({ max: 100 }).regex(/^[A-Za-z0-9_-]{24}$/, 'id must be a booking id') })
  .strict();
export type PracticeBookingParams = z.infer<typeof PracticeBookingParams>;

/** POST /api/practice/bookings/{id}/cancel: no fields. */
export const PracticeCancelRequest = z.object({}).strict();

/** POST /api/practice/bookings/{id}/move: a free slot of the same plan (a `startsAt` of /api/availability). */
export const PracticeMoveRequest = z
  .object({ scheduledAt: z.iso.datetime({ offset: true, message: 'scheduledAt must be an ISO date-time' }) })
  .strict();
export type PracticeMoveRequest = z.infer<typeof PracticeMoveRequest>;

/** POST /api/practice/bookings/{id}/attendance */
export const PracticeAttendanceRequest = z.object({ outcome: AttendanceOutcome }).strict();
export type PracticeAttendanceRequest = z.infer<typeof PracticeAttendanceRequest>;

// --- Practice asks booking (rpc.booking.v1.practice-*). `staffId` says who, for booking's logs.

const BookingId = PracticeBookingParams.shape.id;
const StaffId = singleLine({ max: 100 }).min(1);

export const PracticeCalendarRpcRequest = CalendarQuery;
export const PracticeCancelRpcRequest = z.object({ bookingId: BookingId, staffId: StaffId }).strict();
export type PracticeCancelRpcRequest = z.infer<typeof PracticeCancelRpcRequest>;
export const PracticeMoveRpcRequest = PracticeCancelRpcRequest.extend(PracticeMoveRequest.shape).strict();
export type PracticeMoveRpcRequest = z.infer<typeof PracticeMoveRpcRequest>;
export const PracticeAttendanceRpcRequest = PracticeCancelRpcRequest.extend(PracticeAttendanceRequest.shape).strict();
export type PracticeAttendanceRpcRequest = z.infer<typeof PracticeAttendanceRpcRequest>;
