// The console's availability (issue 30, point 3): the rules as they are, and a change to them, each answered
// with the live bookings the rules no longer cover. A change never cancels a booking: it lists it, for the
// practitioner to move or cancel.
//
// Why a booking racing a change is never left outside the rules unseen, without transactions: both sides write
// first and read after. A booking claims its seat (a unique insert), then reads the rules again and gives the
// seat back if its slot is gone (sessions/book-session.ts; a move likewise). A change writes the rules (an
// insert or a delete), then reads every held seat from today on. PostgreSQL under FerretDB commits each write
// before it answers and starts each read from what is committed then, so if the booking's second read missed the
// change, its claim was committed before the change was, and the change's read sees the claim: the booking is in
// the answer. A seat whose booking is still being written (claimed, not yet stored, or a move not yet applied)
// is waited for briefly, so the answer names it with its visitor.
import { HttpError } from '@hhp/kit';
import {
  SESSION_TYPES,
  slotOverlap,
  type AffectedBooking,
  type AvailabilityExceptionInput,
  type PracticeAvailabilityResponse,
  type PracticeAvailabilitySetResponse,
  type SessionType,
} from '@hhp/proto';
import type { z } from 'zod';
import type { PracticeAvailabilitySetRequest } from '@hhp/proto';
import { calendarOf, horizonDay, practiceDate } from '../calendar/calendar.js';
import type { BookingDeps } from '../rules.js';
import { seatsByKey } from '../slots/seats.js';
import {
  affectedView,
  calendarPartners,
  clash,
  scheduleFor,
  slotInDoubt,
  type BookingFacts,
  type ExceptionDocument,
  type PlanRule,
  type Rules,
} from './schedule.js';

type Deps = Pick<BookingDeps, 'rules' | 'availability' | 'claims' | 'bookings' | 'logger'>;
type SetRequest = z.output<typeof PracticeAvailabilitySetRequest>;

/** How long a change waits for seats whose booking is still being written before it lists them as they are. */
const IN_FLIGHT_WAIT_MS = 2_000;

const RULES_CHANGED = 'The rules of this plan were changed meanwhile. Please reload and try again.';
const EXCEPTION_EXISTS = 'date: that day already has an exception for one of these plans; remove it first';
const NO_SUCH_EXCEPTION = 'No such exception (it may have been removed already).';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A seat held at a slot the rules may no longer cover: which booking, and when its seat is. */
interface HeldSeat {
  claim: string;
  holder: string;
  startsAt: Date;
  /** The plans of its calendar. */
  types: SessionType[];
}

type SeatDocs = Awaited<ReturnType<Deps['claims']['readFrom']>>;

/** The taken seats, from now on, of slots that some plan of their calendar no longer offers. */
function heldSeats(rules: Rules, docs: SeatDocs, now: Date): HeldSeat[] {
  const held: HeldSeat[] = [];
  for (const [key, seats] of seatsByKey(docs, now)) {
    const [calendar, iso] = key.split('|') as [string, string | undefined];
    if (calendar !== 'ai' && calendar !== 'practitioner') continue; // an address's holds
    const startsAt = new Date(iso ?? '');
    if (Number.isNaN(startsAt.getTime()) || startsAt.getTime() <= now.getTime()) continue;
    const types = SESSION_TYPES.filter((type) => calendarOf(type) === calendar);
    if (!slotInDoubt(rules, types, startsAt)) continue;
    for (const seat of seats.values())
      if (seat.taken) held.push({ claim: seat.claim._id, holder: seat.claim.holder, startsAt, types });
  }
  return held;
}

const takenClaims = (docs: SeatDocs, now: Date) =>
  new Set(
    [...seatsByKey(docs, now).values()].flatMap((seats) =>
      [...seats.values()].filter((seat) => seat.taken).map((seat) => seat.claim._id),
    ),
  );

/**
 * The live bookings (confirmed, or held unpaid) from now on at a time the rules do not offer, read from the held
 * seats: every booking and every move claims its seat before it is stored. A seat taken whose booking is not
 * (yet) stored at that time is a booking in the middle of its steps: it is either past its second look at the
 * rules (it will be stored: waited for, and listed) or not (it will see the change and give its seat back:
 * dropped). A seat claimed after the first read here is claimed after the change, so it cannot pass.
 */
export async function affectedBookings(deps: Deps, rules: Rules, now: Date): Promise<AffectedBooking[]> {
  const today = practiceDate(now, rules.timeZone);
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  let pending = heldSeats(rules, await deps.claims.readFrom(today), now);
  const affected: AffectedBooking[] = [];
  for (;;) {
    const ids = [...new Set(pending.map((seat) => seat.holder))];
    // The driver's collection: the ids are the claims' own holders.
    const docs = ids.length
      ? ((await deps.bookings.model.collection
          .find({ _id: { $in: ids } } as object, { projection: { type: 1, scheduledAt: 1, status: 1, name: 1 } })
          .toArray()) as unknown as BookingFacts[])
      : [];
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    const stored = (seat: HeldSeat) => byId.get(seat.holder)?.scheduledAt.getTime() === seat.startsAt.getTime();
    for (const seat of pending.filter(stored)) {
      const found = affectedView(rules, byId.get(seat.holder)!, seat.startsAt);
      if (found) affected.push(found);
    }
    pending = pending.filter((seat) => !stored(seat));
    if (pending.length) {
      const taken = takenClaims(await deps.claims.readFrom(today), now);
      pending = pending.filter((seat) => taken.has(seat.claim));
    }
    if (pending.length && Date.now() > deadline) {
      for (const seat of pending) {
        const doc = byId.get(seat.holder);
        const found = doc ? affectedView(rules, doc, seat.startsAt) : unstored(rules, seat);
        if (found) affected.push(found);
      }
      pending = [];
    }
    if (!pending.length)
      return affected.sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id));
    await sleep(25);
  }
}

/** A seat held by a booking not stored (a crash between the claim and the write; it lapses): unnamed. */
function unstored(rules: Rules, { holder, startsAt, types }: HeldSeat): AffectedBooking | undefined {
  for (const type of types) {
    const found = affectedView(
      rules,
      { _id: holder, type, scheduledAt: startsAt, status: 'pending-payment', name: '' },
      startsAt,
    );
    if (found) return { ...found, name: null };
  }
  return undefined;
}

function view(rules: Rules, today: string, affected: AffectedBooking[]): PracticeAvailabilityResponse {
  return {
    timeZone: rules.timeZone,
    today,
    rules: SESSION_TYPES.map((type) => ruleView(rules.rules[type])),
    exceptions: exceptionViews([...rules.exceptions.values()]),
    affected,
  };
}

const ruleView = (rule: PlanRule) => ({
  type: rule.type,
  weekdays: rule.weekdays,
  times: rule.times,
  durationMinutes: rule.durationMinutes,
  version: rule.version,
  source: rule.version === 0 ? ('catalogue' as const) : ('stored' as const),
  updatedAt: rule.updatedAt?.toISOString() ?? null,
});

/** One entry per exception (its documents, one per plan, grouped), by date. */
function exceptionViews(docs: ExceptionDocument[]) {
  const groups = new Map<string, ExceptionDocument[]>();
  for (const doc of docs) groups.set(doc.exceptionId, [...(groups.get(doc.exceptionId) ?? []), doc]);
  return [...groups.entries()]
    .map(([id, [first, ...rest]]) => ({
      id,
      date: first!.date,
      kind: first!.kind,
      types: SESSION_TYPES.filter((type) => [first!, ...rest].some((doc) => doc.type === type)),
      ...(first!.times ? { times: first!.times } : {}),
      note: first!.note,
      createdAt: first!.createdAt.toISOString(),
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt));
}

/** The rules in force, the exceptions from today on, and the bookings outside them. */
export async function availabilityState(deps: Deps, now = new Date()): Promise<PracticeAvailabilityResponse> {
  const today = practiceDate(now, deps.rules.timeZone);
  const rules = await deps.availability.read(today, deps.rules.timeZone);
  return view(rules, today, await affectedBookings(deps, rules, now));
}

/** A plan's new week must not overlap the slots of a plan it shares seats with, on a day both are open. */
function checkPartners(
  rules: Rules,
  type: SessionType,
  rule: Pick<PlanRule, 'weekdays' | 'times' | 'durationMinutes'>,
) {
  for (const other of calendarPartners(type)) {
    const theirs = rules.rules[other];
    if (!rule.weekdays.some((day) => theirs.weekdays.includes(day))) continue;
    const problem = clash(rule, theirs);
    if (problem) throw new HttpError(400, `times: ${problem} (${other})`);
  }
}

async function setRule(deps: Deps, request: Extract<SetRequest, { action: 'set-rule' }>, now: Date) {
  const { type, rule, staffId } = request;
  const today = practiceDate(now, deps.rules.timeZone);
  const rules = await deps.availability.read(today, deps.rules.timeZone);
  if (rules.rules[type].version !== rule.version) throw new HttpError(409, RULES_CHANGED);
  const next = {
    type,
    weekdays: [...rule.weekdays].sort(),
    times: [...rule.times].sort(),
    durationMinutes: rule.durationMinutes,
    version: rule.version + 1,
  };
  checkPartners(rules, type, next);
  if (!(await deps.availability.addRule(next, staffId, now))) throw new HttpError(409, RULES_CHANGED);
  deps.logger.info({ type, version: next.version, staffId }, 'weekly rule changed');
}

async function addException(deps: Deps, exception: AvailabilityExceptionInput, staffId: string, now: Date) {
  const { timeZone } = deps.rules;
  const today = practiceDate(now, timeZone);
  if (exception.date < today) throw new HttpError(400, 'date: that day has passed');
  const last = horizonDay(timeZone, now);
  if (exception.date > last) throw new HttpError(400, `date: days can be changed until ${last} (the booking horizon)`);
  const rules = await deps.availability.read(today, timeZone);
  const times = exception.times ? [...exception.times].sort() : undefined;
  if (exception.kind === 'open') {
    for (const type of exception.types) {
      const day = { times: times ?? rules.rules[type].times, durationMinutes: rules.rules[type].durationMinutes };
      const overlap = slotOverlap(day.times, day.durationMinutes);
      if (overlap) throw new HttpError(400, `times: ${overlap}`);
      for (const other of calendarPartners(type)) {
        const theirs = exception.types.includes(other)
          ? {
              open: true,
              times: times ?? rules.rules[other].times,
              durationMinutes: rules.rules[other].durationMinutes,
            }
          : scheduleFor(rules, other, exception.date);
        if (!theirs.open) continue;
        const problem = clash(day, theirs);
        if (problem) throw new HttpError(400, `times: ${problem} (${other})`);
      }
    }
  }
  const id = await deps.availability.addException({ ...exception, ...(times ? { times } : {}) }, staffId, now);
  if (!id) throw new HttpError(409, EXCEPTION_EXISTS);
  deps.logger.info({ exceptionId: id, date: exception.date, kind: exception.kind, staffId }, 'exception added');
  return id;
}

/** Apply one change, then answer the rules as they are now and every booking they no longer cover. */
export async function changeAvailability(
  deps: Deps,
  request: SetRequest,
  now = new Date(),
): Promise<PracticeAvailabilitySetResponse> {
  let exceptionId: string | undefined;
  if (request.action === 'set-rule') await setRule(deps, request, now);
  else if (request.action === 'add-exception')
    exceptionId = await addException(deps, request.exception, request.staffId, now);
  else {
    const date = await deps.availability.removeException(request.id);
    if (!date) throw new HttpError(404, NO_SUCH_EXCEPTION);
    deps.logger.info({ exceptionId: request.id, date, staffId: request.staffId }, 'exception removed');
  }
  // Read after the write (see the top of this file).
  const state = await availabilityState(deps, now);
  return exceptionId ? { ...state, exceptionId } : state;
}
