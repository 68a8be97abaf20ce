// A day's slots for a plan: the practice's rules of that day (its weekly rule and exception, the catalogue's
// until changed in the console; read on every call, so a change shows at once) on the practice's calendar,
// each available unless it has started or its calendar's seats are taken (confirmed bookings and live holds;
// a lapsed hold is free even before the sweeper has expired it). Then one indexed query: every claim of that
// calendar's day.
import type { AvailabilityQuery, AvailabilityResponse } from '@hhp/proto';
import { horizonDay, planDay, practiceDate } from '../calendar/calendar.js';
import { capacityOf, type BookingDeps } from '../rules.js';
import { dayGroup, slotSeats } from '../slots/slot-keys.js';
import { seatsByKey, takenSeats } from '../slots/seats.js';

export async function availability(
  { rules, claims, availability }: Pick<BookingDeps, 'rules' | 'claims' | 'availability'>,
  { type, date }: AvailabilityQuery,
  now = new Date(),
): Promise<AvailabilityResponse> {
  // A past day or one past the horizon is closed whatever the rules say: answered without reading them.
  const inRange = date >= practiceDate(now, rules.timeZone) && date <= horizonDay(rules.timeZone, now);
  const schedule = inRange ? await availability.scheduleOn(type, date) : undefined;
  const day = planDay(type, date, rules.timeZone, now, schedule);
  const answer = { date, type, timeZone: rules.timeZone };
  if (day.state !== 'open') return { ...answer, open: false, slots: [] };
  const seats = seatsByKey(await claims.read(dayGroup(type, date)), now);
  const capacity = capacityOf(rules, type);
  return {
    ...answer,
    open: true,
    slots: day.slots.map((slot) => ({
      time: slot.time,
      endTime: slot.endTime,
      startsAt: slot.startsAt.toISOString(),
      available:
        slot.startsAt.getTime() > now.getTime() &&
        takenSeats(seats.get(slotSeats(type, date, slot.startsAt).key)) < capacity,
    })),
  };
}
