// The booking calendar's rules (specification, section 5): past days are closed, and so are the days after the
// booking horizon (the catalogue's `BOOKING_HORIZON_MONTHS` from today); between them a plan is open on the days the
// practice's rules open (GET /api/availability/days: its week, its days off, its extra days), and, until that
// answer is here or when it cannot be had, on the catalogue's weekdays (the practitioner on Tuesdays, the other
// plans every day but Sunday). Weeks start on Sunday (section 9).
// Days are plain "YYYY-MM-DD" strings, a date in the practice's calendar, and the arithmetic below runs
// on UTC midnights, so no time zone or daylight-saving change can move a day. The booking service applies
// the same rules and has the last word (`open` in its availability answer).
import {
  CLOSED_WEEKDAYS_OTHER_PLANS,
  lastBookableDay,
  PRACTITIONER_WEEKDAYS,
  type SessionType,
} from '@hhp/proto/catalogue/plans';
import { dateTimeFormat } from '../ui/time';

/** A calendar day, "2025-12-02". */
export type IsoDay = string;

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtc(day: IsoDay): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

function fromUtc(date: Date): IsoDay {
  return date.toISOString().slice(0, 10);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekday(day: IsoDay): number {
  return toUtc(day).getUTCDay();
}

export function addDays(day: IsoDay, days: number): IsoDay {
  return fromUtc(new Date(toUtc(day).getTime() + days * DAY_MS));
}

/** The first day of the month `months` away from `day`'s month. */
export function addMonths(day: IsoDay, months: number): IsoDay {
  const date = toUtc(day);
  return fromUtc(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)));
}

/** The same day of the month `months` away, or that month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonthsClamped(day: IsoDay, months: number): IsoDay {
  const first = toUtc(addMonths(day, months));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(toUtc(day).getUTCDate(), last));
  return fromUtc(first);
}

export function startOfMonth(day: IsoDay): IsoDay {
  return `${day.slice(0, 7)}-01`;
}

function sameMonth(a: IsoDay, b: IsoDay): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** Today in the given IANA time zone (the practice's, once known), or in the browser's own. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): IsoDay {
  // en-CA writes dates as YYYY-MM-DD.
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * `weekday`: not one of the plan's days of the week; `day-off`: one of them, but the practice closed that date (a
 * day off, a holiday).
 */
export type ClosedReason = 'past' | 'beyond' | 'weekday' | 'day-off';

/** The days the practice's rules open for a plan in a range of days, as the booking service answered them. */
export interface OpenDays {
  from: IsoDay;
  to: IsoDay;
  /** The plan's week in force, Sunday 0. */
  weekdays: readonly number[];
  open: ReadonlySet<IsoDay>;
}

/** The catalogue's week of a plan (Sunday 0): what the grid offers until the practice's answer is here. */
export function catalogueWeekdays(type: SessionType): number[] {
  const week = [0, 1, 2, 3, 4, 5, 6];
  return type === 'dr-helen'
    ? week.filter((day) => (PRACTITIONER_WEEKDAYS as readonly number[]).includes(day))
    : week.filter((day) => !(CLOSED_WEEKDAYS_OTHER_PLANS as readonly number[]).includes(day));
}

/**
 * Why a plan cannot be booked on a day, or null when it can: by the practice's open days when they cover the day,
 * else by the catalogue's week.
 */
export function closedReason(day: IsoDay, type: SessionType, today: IsoDay, days?: OpenDays): ClosedReason | null {
  if (day < today) return 'past';
  if (day > lastBookableDay(today)) return 'beyond';
  const dayOfWeek = weekday(day);
  if (days && day >= days.from && day <= days.to) {
    if (days.open.has(day)) return null;
    return days.weekdays.includes(dayOfWeek) ? 'day-off' : 'weekday';
  }
  return catalogueWeekdays(type).includes(dayOfWeek) ? null : 'weekday';
}

export function isDayOpen(day: IsoDay, type: SessionType, today: IsoDay, days?: OpenDays): boolean {
  return closedReason(day, type, today, days) === null;
}

/** The first day on or after `from` that the plan can be booked (up to the horizon), for the calendar's first focus. */
export function firstOpenDay(type: SessionType, today: IsoDay, from: IsoDay = today): IsoDay {
  const last = lastBookableDay(today);
  let day = from < today ? today : from;
  for (; day <= last; day = addDays(day, 1)) {
    if (isDayOpen(day, type, today)) return day;
  }
  return from;
}

/**
 * The month of `day` as weeks of seven, Sunday first; days of the neighbouring months are null, so the
 * grid shows one month and each of its days once.
 */
export function monthWeeks(day: IsoDay): (IsoDay | null)[][] {
  const first = startOfMonth(day);
  const weeks: (IsoDay | null)[][] = [];
  let week: (IsoDay | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let current = first; sameMonth(current, first); current = addDays(current, 1)) {
    week.push(current);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/**
 * Where a key moves the calendar's focus (the date grid pattern of the WAI-ARIA practices): a day, a week,
 * the week's start or end, a month; null for any other key.
 */
export function moveFocus(day: IsoDay, key: string): IsoDay | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekday(day));
    case 'End':
      return addDays(day, 6 - weekday(day));
    case 'PageUp':
      return addMonthsClamped(day, -1);
    case 'PageDown':
      return addMonthsClamped(day, 1);
    default:
      return null;
  }
}
