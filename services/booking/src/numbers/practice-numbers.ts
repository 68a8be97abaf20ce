// rpc.booking.v1.practice-numbers: the confirmed sessions per plan on each day of a range of the practice's
// calendar days, for the console's numbers (services/practice). Practice decided who may ask; the range is
// checked again with proto's schema (at most NUMBERS_MAX_DAYS days). Counts only: no visitor, no note.
// A confirmed booking marked attended or no-show is still a confirmed booking; a cancelled one is not counted.
import { trusted } from 'mongoose';
import type { EventBus } from '@hhp/kit';
import {
  PracticeNumbersRpcRequest,
  RpcSubjects,
  SESSION_TYPES,
  type BookingsDay,
  type PlanCounts,
  type PracticeNumbersRpcResponse,
} from '@hhp/proto';
import { practiceDate, wallClock } from '../calendar/calendar.js';
import type { BookingModel } from '../sessions/booking.model.js';

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const noneByPlan = (): PlanCounts => Object.fromEntries(SESSION_TYPES.map((t) => [t, 0])) as PlanCounts;

export async function bookingsPerDay(
  model: BookingModel,
  timeZone: string,
  { from, to }: PracticeNumbersRpcRequest,
): Promise<PracticeNumbersRpcResponse> {
  const days = new Map<string, BookingsDay>();
  for (let date = from; date <= to; date = nextDay(date)) days.set(date, { date, total: 0, byPlan: noneByPlan() });
  // From the first day's midnight to the midnight after the last, in the practice's zone (23 or 25 hours on a
  // daylight-saving change).
  const start = wallClock(from, '00:00', timeZone);
  const end = wallClock(nextDay(to), '00:00', timeZone);
  const confirmed = await model
    .find({ status: 'confirmed', scheduledAt: trusted({ $gte: start, $lt: end }) }, { _id: 0, type: 1, scheduledAt: 1 })
    .lean();
  for (const { type, scheduledAt } of confirmed) {
    const day = days.get(practiceDate(scheduledAt, timeZone));
    if (!day) continue;
    day.total += 1;
    day.byPlan[type] += 1;
  }
  return { timeZone, days: [...days.values()] };
}

export function practiceNumbersReplies(bus: EventBus, model: BookingModel, timeZone: string) {
  const numbers = bus.reply(RpcSubjects.practiceNumbers, {
    request: PracticeNumbersRpcRequest,
    handler: (request) => bookingsPerDay(model, timeZone, request),
  });
  return { drain: () => numbers.drain() };
}
