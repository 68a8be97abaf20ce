// The console's calendar (rpc.booking.v1.practice-calendar): the bookings that start on the practice's days
// `from` to `to`, each as staff see it (visitor, notes, status, payment, attendance) with its day and wall-clock
// times worked out here in the practice's time zone, so a session keeps its local hour across a daylight-saving
// change whatever the browser's zone. Unpaid holds that lapsed (and payments that came too late) were never
// sessions and are left out. A range is at most six weeks (the schema), read a page at a time by start and id.
import {
  CALENDAR_PAGE_SIZE,
  type CalendarBooking,
  type CalendarQuery,
  type CalendarResponse,
  type SessionStatus,
} from '@hhp/proto';
import { trusted } from 'mongoose';
import { addMinutes, practiceDate, wallClock } from '../calendar/calendar.js';
import type { BookingDeps } from '../rules.js';
import { effectiveStatus, type BookingDocument } from '../sessions/booking.model.js';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const LISTED: SessionStatus[] = ['confirmed', 'cancelled', 'pending-payment', 'pending-subscription'];

function wallTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    instant,
  );
}

function paymentOf(booking: BookingDocument, status: string): CalendarBooking['payment'] {
  const amount = booking.price;
  if (status === 'pending-payment' || status === 'pending-subscription') return { state: 'unpaid', amount };
  if (booking.paymentIntentId && status === 'cancelled') {
    return booking.refundedAt
      ? { state: 'refunded', amount, refunded: dollars(booking.refundedCents ?? booking.priceCents) }
      : { state: 'refund-pending', amount };
  }
  if (booking.paymentIntentId) return { state: 'card', amount };
  if (booking.subscriptionId) return { state: 'subscription', amount };
  return { state: 'unpaid', amount };
}

export function calendarEntry(booking: BookingDocument, timeZone: string, now = new Date()): CalendarBooking {
  const status = effectiveStatus(booking, now);
  const start = new Date(booking.scheduledAt);
  const time = wallTime(start, timeZone);
  const begun = now.getTime() >= start.getTime();
  return {
    id: booking._id,
    type: booking.type,
    status,
    scheduledAt: start.toISOString(),
    durationMinutes: booking.durationMinutes,
    date: practiceDate(start, timeZone),
    time,
    endTime: addMinutes(time, booking.durationMinutes),
    timeZone,
    name: booking.name,
    email: booking.email,
    notes: booking.notes ?? '',
    payment: paymentOf(booking, status),
    ...(booking.attendance ? { attendance: booking.attendance } : {}),
    changeable: status === 'confirmed' && !begun,
    markable: status === 'confirmed' && begun,
  };
}

/** The day after a calendar date ("2026-03-08" -> "2026-03-09"). */
const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function listCalendar(
  deps: Pick<BookingDeps, 'bookings' | 'rules'>,
  { from, to, cursor }: CalendarQuery,
  now = new Date(),
): Promise<CalendarResponse> {
  const { timeZone } = deps.rules;
  const start = wallClock(from, '00:00', timeZone);
  const end = wallClock(nextDay(to), '00:00', timeZone);
  // The kit sanitises filters: an operator is written here as trusted, never taken from a request.
  const range = { scheduledAt: trusted({ $gte: start, $lt: end }), status: trusted({ $in: LISTED }) };
  const after = cursor?.split('.');
  const filter = after
    ? {
        ...range,
        $or: [
          { scheduledAt: trusted({ $gt: new Date(Number(after[0])) }) },
          { scheduledAt: new Date(Number(after[0])), _id: trusted({ $gt: after[1] }) },
        ],
      }
    : range;
  const found = await deps.bookings.model
    .find(filter)
    .sort({ scheduledAt: 1, _id: 1 })
    .limit(CALENDAR_PAGE_SIZE + 1)
    .lean<BookingDocument[]>()
    .exec();
  const page = found.slice(0, CALENDAR_PAGE_SIZE);
  const last = page.at(-1);
  return {
    from,
    to,
    timeZone,
    bookings: page.map((b) => calendarEntry(b, timeZone, now)).filter((b) => b.status !== 'expired'),
    ...(found.length > CALENDAR_PAGE_SIZE && last
      ? { nextCursor: `${new Date(last.scheduledAt).getTime()}.${last._id}` }
      : {}),
  };
}
