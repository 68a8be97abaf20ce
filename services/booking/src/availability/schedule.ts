// What the practice offers, from its rules (pure: no I/O). A plan's weekly rule (the catalogue's until one is
// stored) gives its weekdays, its slots' start times and their length; an exception of one date closes it (a
// day off, a holiday) or opens it (an extra day, with the weekly times or its own). The day's schedule is what
// availability, booking and a move read (calendar.ts's planDay and slotAt).
import type { AffectedBooking, SessionStatus, SessionType } from '@hhp/proto';
import { SESSION_TYPES, minutesOfDay } from '@hhp/proto';
import {
  calendarOf,
  catalogueSchedule,
  practiceDate,
  wallClock,
  weekday,
  type DaySchedule,
} from '../calendar/calendar.js';

export interface PlanRule {
  type: SessionType;
  weekdays: number[];
  times: string[];
  durationMinutes: number;
  /** 0: the catalogue's; each stored change is the next. */
  version: number;
  updatedAt?: Date;
}

/** An exception as stored: one document per plan and date (`_id` `<type>|<date>`), grouped by `exceptionId`. */
export interface ExceptionDocument {
  _id: string;
  exceptionId: string;
  type: SessionType;
  date: string;
  kind: 'closed' | 'open';
  times?: string[];
  note: string;
  by: string;
  createdAt: Date;
}

export const exceptionKey = (type: SessionType, date: string) => `${type}|${date}`;

const WEEK = [0, 1, 2, 3, 4, 5, 6];

/** The catalogue's rule of a plan: what a fresh install offers. */
export function catalogueRule(type: SessionType): PlanRule {
  // Any week's dates give the catalogue's weekdays: 2026-03-01 is a Sunday.
  const dates = WEEK.map((day) => `2026-03-0${day + 1}`);
  const { times, durationMinutes } = catalogueSchedule(type, dates[0]!);
  const weekdays = WEEK.filter((day) => catalogueSchedule(type, dates[day]!).open);
  return { type, weekdays, times: [...times], durationMinutes, version: 0 };
}

/** A plan's schedule on `date`: its exception of that date if it has one, else its weekly rule. */
export function daySchedule(rule: PlanRule, exception: ExceptionDocument | undefined, date: string): DaySchedule {
  const { durationMinutes } = rule;
  if (exception?.kind === 'closed') return { open: false, times: [], durationMinutes };
  if (exception?.kind === 'open') return { open: true, times: exception.times ?? rule.times, durationMinutes };
  return { open: rule.weekdays.includes(weekday(date)), times: rule.times, durationMinutes };
}

/** Does the schedule have a slot that starts at `startsAt` on `date`? */
export function offers(schedule: DaySchedule, date: string, startsAt: Date, timeZone: string): boolean {
  return (
    schedule.open && schedule.times.some((time) => wallClock(date, time, timeZone).getTime() === startsAt.getTime())
  );
}

/**
 * Two plans that share a calendar (ai-session and subscription) share the seats of a slot that starts at the
 * same time; so their slots either coincide (same start, same length) or do not overlap at all.
 */
export function clash(a: Pick<DaySchedule, 'times' | 'durationMinutes'>, b: typeof a): string | undefined {
  for (const x of a.times) {
    for (const y of b.times) {
      if (x === y) {
        if (a.durationMinutes !== b.durationMinutes) return `the slot at ${x} has another length on the other plan`;
        continue;
      }
      const [sx, sy] = [minutesOfDay(x), minutesOfDay(y)];
      if (sx < sy + b.durationMinutes && sy < sx + a.durationMinutes)
        return `the slot at ${x} overlaps the other plan's slot at ${y}`;
    }
  }
  return undefined;
}

/** The other plans whose seats a plan's slots share. */
export const calendarPartners = (type: SessionType): SessionType[] =>
  SESSION_TYPES.filter((other) => other !== type && calendarOf(other) === calendarOf(type));

/** A booking as the list of affected ones needs it. */
export interface BookingFacts {
  _id: string;
  type: SessionType;
  scheduledAt: Date;
  status: SessionStatus;
  name: string;
}

export interface Rules {
  rules: Record<SessionType, PlanRule>;
  /** By `exceptionKey`. */
  exceptions: Map<string, ExceptionDocument>;
  timeZone: string;
}

export function scheduleFor({ rules, exceptions }: Rules, type: SessionType, date: string): DaySchedule {
  return daySchedule(rules[type], exceptions.get(exceptionKey(type, date)), date);
}

/** How a booking of `type` at `startsAt` stands with the rules: undefined when they still offer its slot. */
export function outsideRules(rules: Rules, type: SessionType, startsAt: Date): AffectedBooking['reason'] | undefined {
  const date = practiceDate(startsAt, rules.timeZone);
  const schedule = scheduleFor(rules, type, date);
  if (!schedule.open) return 'closed';
  return offers(schedule, date, startsAt, rules.timeZone) ? undefined : 'not-a-slot';
}

/** A slot no plan of its calendar offers any more, or only some of them do: its holders are to be looked at. */
export function slotInDoubt(rules: Rules, calendarTypes: readonly SessionType[], startsAt: Date): boolean {
  return calendarTypes.some((type) => outsideRules(rules, type, startsAt) !== undefined);
}

export function affectedView(rules: Rules, booking: BookingFacts, startsAt: Date): AffectedBooking | undefined {
  const reason = outsideRules(rules, booking.type, startsAt);
  if (!reason) return undefined;
  const date = practiceDate(startsAt, rules.timeZone);
  const wall = new Intl.DateTimeFormat('en-GB', {
    timeZone: rules.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(startsAt);
  return {
    id: booking._id,
    type: booking.type,
    scheduledAt: startsAt.toISOString(),
    date,
    time: wall,
    status: booking.status,
    name: booking.name,
    reason,
  };
}

const DAY_NAMES = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** Why a plan's date is closed, in the words of a 400's `scheduledAt: …`. */
export function closedWhy(rule: PlanRule, date: string): string {
  if (rule.weekdays.includes(weekday(date))) return 'the practice is closed on that day';
  if (rule.type === 'dr-helen') {
    return rule.weekdays.length
      ? `consultations with the practitioner are held on ${list(rule.weekdays.map((d) => DAY_NAMES[d]!))} only`
      : 'consultations with the practitioner are not offered at the moment';
  }
  const closed = WEEK.filter((d) => !rule.weekdays.includes(d));
  return closed.length === 7
    ? 'sessions of this plan are not offered at the moment'
    : `sessions are not held on ${list(closed.map((d) => DAY_NAMES[d]!))}`;
}
