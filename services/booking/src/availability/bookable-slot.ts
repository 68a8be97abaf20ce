// The slot a booking or a move asks for, under the practice's rules as they are now: read from the database on
// every call (no cache), so a change made in the console counts at once, on every replica.
import type { HttpError } from '@hhp/kit';
import type { SessionType } from '@hhp/proto';
import { horizonDay, practiceDate, slotAt, type SlotLookup } from '../calendar/calendar.js';
import type { BookingDeps } from '../rules.js';
import { notBookable } from '../sessions/book-session.js';
import { closedWhy } from './schedule.js';

type Deps = Pick<BookingDeps, 'rules' | 'availability'>;

export async function bookableSlot({ rules, availability }: Deps, type: SessionType, instant: Date, now: Date) {
  const date = practiceDate(instant, rules.timeZone);
  if (date < practiceDate(now, rules.timeZone)) return { ok: false, reason: 'past' } satisfies SlotLookup;
  if (date > horizonDay(rules.timeZone, now)) return { ok: false, reason: 'beyond' } satisfies SlotLookup;
  const schedule = await availability.scheduleOn(type, date);
  return slotAt(type, instant, rules.timeZone, now, () => schedule);
}

/** The 400 for a slot the rules do not offer, with the plan's days named when the day is closed. */
export async function refusal(
  deps: Deps,
  type: SessionType,
  instant: Date,
  reason: Exclude<SlotLookup, { ok: true }>['reason'],
  now: Date,
): Promise<HttpError> {
  const { timeZone } = deps.rules;
  const why =
    reason === 'closed' ? closedWhy(await deps.availability.rule(type), practiceDate(instant, timeZone)) : undefined;
  return notBookable(type, reason, timeZone, now, why);
}
