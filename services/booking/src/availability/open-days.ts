// The days of a range that the practice's rules open for a plan: what /book's day grid offers (a day off greyed
// out, an extra day or a new weekday pickable), so the grid never disagrees with GET /api/availability's `open`.
// The same rules as a day's answer (planDay's test over the plan's rule and that date's exception), read in two
// queries for the whole range: the plan's latest rule, its exceptions between the two dates. Its weekdays come
// along, so the grid can say why a day is closed (not one of the plan's days, or a day off). Seats are not read:
// whether one is free is the day's own answer, asked when the visitor picks it.
import type { OpenDaysQuery, OpenDaysResponse } from '@hhp/proto';
import { horizonDay, offersSlots, practiceDate } from '../calendar/calendar.js';
import type { BookingDeps } from '../rules.js';
import { daySchedule, type ExceptionDocument } from './schedule.js';

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export async function openDays(
  { rules, availability }: Pick<BookingDeps, 'rules' | 'availability'>,
  { type, from, to }: OpenDaysQuery,
  now = new Date(),
): Promise<OpenDaysResponse> {
  const { timeZone } = rules;
  // Only the bookable part of the range is read: a past day or one after the horizon is closed whatever the rules say.
  const [today, horizon] = [practiceDate(now, timeZone), horizonDay(timeZone, now)];
  const first = from > today ? from : today;
  const last = to < horizon ? to : horizon;
  const [rule, exceptions] = await Promise.all([
    availability.rule(type),
    first <= last ? availability.exceptionsBetween(type, first, last) : new Map<string, ExceptionDocument>(),
  ]);
  const open: string[] = [];
  // Between today and the horizon a day is open as planDay has it, without working out its slots' instants.
  for (let date = first; date <= last; date = nextDay(date)) {
    if (offersSlots(daySchedule(rule, exceptions.get(date), date))) open.push(date);
  }
  return { type, from, to, timeZone, weekdays: [...rule.weekdays].sort((a, b) => a - b), open };
}
