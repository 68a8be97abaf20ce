// The catalogue's slots on the practice's calendar (pure: no I/O, "now" passed in). A slot is a wall-clock
// time in the practice's time zone on a calendar date; its instant (`startsAt`, UTC) is worked out for that
// date, so a slot at 09:00 stays at 09:00 across a daylight-saving change while its UTC hour moves.
import { TZDate } from '@date-fns/tz';
import {
  CLOSED_WEEKDAYS_OTHER_PLANS,
  HOURLY_SLOTS,
  lastBookableDay,
  PLANS,
  PRACTITIONER_SLOTS,
  PRACTITIONER_WEEKDAYS,
  type SessionType,
} from '@hhp/proto/catalogue/plans';

/** Whose time a slot is: the practitioner's own, or the AI sessions' (ai-session and subscription share it). */
export type Calendar = 'practitioner' | 'ai';

export const calendarOf = (type: SessionType): Calendar => (type === 'dr-helen' ? 'practitioner' : 'ai');

export interface Slot {
  /** "09:00", wall clock in the practice's time zone. */
  time: string;
  endTime: string;
  startsAt: Date;
  /** Its length: what a booking of it lasts. */
  durationMinutes: number;
}

type DayState = 'open' | 'past' | 'beyond' | 'closed';

export interface Day {
  date: string;
  state: DayState;
  /** The plan's slots of that day; empty unless open. */
  slots: Slot[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The practice's calendar date ("2026-03-08") at an instant. */
export function practiceDate(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The instant of a wall-clock time on a calendar date in `timeZone`. */
export function wallClock(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime());
}

/** "09:00" plus 90 minutes is "10:30" (the catalogue's slots end the same day). */
export function addMinutes(time: string, minutes: number): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const total = hh * 60 + mm + minutes;
  return `${pad(Math.floor(total / 60) % 24)}:${pad(total % 60)}`;
}

/** Sunday 0 … Saturday 6 of a calendar date: the same in every time zone. */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * What a plan offers on one date: open or not, its slots' start times and their length. The catalogue's is the
 * default; the practice's stored rules and exceptions (availability/schedule.ts) make another.
 */
export interface DaySchedule {
  open: boolean;
  times: readonly string[];
  durationMinutes: number;
}

/** The catalogue's rules for a plan's date (proto's catalogue/plans.ts): what a fresh install offers. */
export function catalogueSchedule(type: SessionType, date: string): DaySchedule {
  const day = weekday(date);
  const open =
    type === 'dr-helen'
      ? (PRACTITIONER_WEEKDAYS as readonly number[]).includes(day)
      : !(CLOSED_WEEKDAYS_OTHER_PLANS as readonly number[]).includes(day);
  const times = type === 'dr-helen' ? PRACTITIONER_SLOTS : HOURLY_SLOTS;
  return { open, times, durationMinutes: PLANS[type].durationMinutes };
}

/** The last day that can be booked now: the booking horizon from the practice's today (catalogue). */
export const horizonDay = (timeZone: string, now: Date): string => lastBookableDay(practiceDate(now, timeZone));

/** Whether a schedule opens its day: open, with at least one slot (an extra day always has one). */
export const offersSlots = (schedule: DaySchedule): boolean => schedule.open && schedule.times.length > 0;

/**
 * A plan's day: past (before the practice's today), beyond (after the booking horizon's last day), closed (the
 * schedule says so: not one of its weekdays, or a day off), or open with its slots.
 */
export function planDay(
  type: SessionType,
  date: string,
  timeZone: string,
  now: Date,
  schedule: DaySchedule = catalogueSchedule(type, date),
): Day {
  if (date < practiceDate(now, timeZone)) return { date, state: 'past', slots: [] };
  if (date > horizonDay(timeZone, now)) return { date, state: 'beyond', slots: [] };
  if (!offersSlots(schedule)) return { date, state: 'closed', slots: [] };
  const minutes = schedule.durationMinutes;
  const slots = schedule.times.map((time) => ({
    time,
    endTime: addMinutes(time, minutes),
    startsAt: wallClock(date, time, timeZone),
    durationMinutes: minutes,
  }));
  return { date, state: 'open', slots };
}

export type SlotLookup =
  | { ok: true; date: string; slot: Slot }
  | { ok: false; reason: 'not-a-slot' | 'past' | 'beyond' | 'closed' | 'started' };

/**
 * The plan's slot that starts at exactly `instant`, if it is still bookable; `scheduleOf` gives the schedule of
 * the instant's practice date (the catalogue's unless given).
 */
export function slotAt(
  type: SessionType,
  instant: Date,
  timeZone: string,
  now: Date,
  scheduleOf: (date: string) => DaySchedule = (date) => catalogueSchedule(type, date),
): SlotLookup {
  const date = practiceDate(instant, timeZone);
  const day = planDay(type, date, timeZone, now, scheduleOf(date));
  if (day.state !== 'open') return { ok: false, reason: day.state };
  const slot = day.slots.find((s) => s.startsAt.getTime() === instant.getTime());
  if (!slot) return { ok: false, reason: 'not-a-slot' };
  if (slot.startsAt.getTime() <= now.getTime()) return { ok: false, reason: 'started' };
  return { ok: true, date, slot };
}
