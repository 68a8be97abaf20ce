// The calendar panel's own state (pure): which view (a day, a week, a month), the day it is about, and which
// booking's details are open. The range asked of the server follows from it; the bookings themselves are the
// server's answer (RTK Query's cache), grouped here by the practice's day that the server wrote on each, so a
// session keeps its local hour across a daylight-saving change whatever the browser's zone.
import type { CalendarBooking } from '@hhp/proto';
import {
  addDays,
  addMonths,
  monthWeeks,
  startOfMonth,
  weekday,
  type IsoDay,
} from '../../../shared/payments/slots/calendar';

export type CalendarView = 'day' | 'week' | 'month';

export interface CalendarState {
  view: CalendarView;
  /** The day the view is about (the practice's calendar). */
  anchor: IsoDay;
  /** The practice's today, as the panel last learnt it. */
  today: IsoDay;
  /** The booking whose details are open. */
  openId?: string;
}

export type CalendarAction =
  | { type: 'view'; view: CalendarView }
  | { type: 'step'; by: -1 | 1 }
  | { type: 'today' }
  /** The practice's today, once the server said its time zone (or a new day began). */
  | { type: 'today-is'; date: IsoDay }
  /** A day chosen in the month: that day's list. */
  | { type: 'day'; date: IsoDay }
  | { type: 'open'; id: string }
  | { type: 'close' };

export const initialCalendar = (today: IsoDay): CalendarState => ({ view: 'day', anchor: today, today });

export function calendarReducer(state: CalendarState, action: CalendarAction): CalendarState {
  switch (action.type) {
    case 'view':
      return { ...state, view: action.view };
    case 'step': {
      const { view, anchor } = state;
      const next =
        view === 'day'
          ? addDays(anchor, action.by)
          : view === 'week'
            ? addDays(anchor, 7 * action.by)
            : addMonths(startOfMonth(anchor), action.by);
      return { ...state, anchor: next, openId: undefined };
    }
    case 'today':
      return { ...state, anchor: state.today, openId: undefined };
    case 'today-is':
      // The anchor follows today only while it was today (a staff member looking at next week stays there).
      return state.today === action.date
        ? state
        : { ...state, today: action.date, anchor: state.anchor === state.today ? action.date : state.anchor };
    case 'day':
      return { ...state, view: 'day', anchor: action.date, openId: undefined };
    case 'open':
      return { ...state, openId: action.id };
    case 'close':
      return { ...state, openId: undefined };
  }
}

/** Monday of the week of `day` (the practice's weeks run Monday to Sunday). */
const mondayOf = (day: IsoDay): IsoDay => addDays(day, -((weekday(day) + 6) % 7));

/** The practice's days the view shows: what GET /api/practice/calendar is asked for. */
export function rangeOf({ view, anchor }: Pick<CalendarState, 'view' | 'anchor'>): { from: IsoDay; to: IsoDay } {
  if (view === 'day') return { from: anchor, to: anchor };
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: addDays(from, 6) };
  }
  const from = startOfMonth(anchor);
  return { from, to: addDays(addMonths(from, 1), -1) };
}

/** The days of the range, each with its bookings in order of start (every day listed, empty ones too). */
export function byDay(range: { from: IsoDay; to: IsoDay }, bookings: readonly CalendarBooking[]) {
  const days: { date: IsoDay; bookings: CalendarBooking[] }[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) days.push({ date, bookings: [] });
  const index = new Map(days.map((day) => [day.date, day]));
  for (const booking of [...bookings].sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt)))
    index.get(booking.date)?.bookings.push(booking);
  return days;
}

/** The month's grid (weeks of seven, Sunday first, other months' days null), each day with its bookings. */
export function monthGrid(anchor: IsoDay, bookings: readonly CalendarBooking[]) {
  const counts = new Map<IsoDay, CalendarBooking[]>();
  for (const booking of bookings) counts.set(booking.date, [...(counts.get(booking.date) ?? []), booking]);
  return monthWeeks(anchor).map((week) =>
    week.map((date) => (date ? { date, bookings: counts.get(date) ?? [] } : null)),
  );
}

/** The booking whose details are open, as the latest answer has it (gone: the drawer closes). */
export const openBooking = (state: CalendarState, bookings: readonly CalendarBooking[]) =>
  state.openId ? bookings.find((b) => b.id === state.openId) : undefined;
