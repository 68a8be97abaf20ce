// GET /api/practice/numbers: today's and this week's sessions (booking's, over rpc.booking.v1.practice-numbers),
// revenue by plan for the week and the month, and the AI's answers and crises met today and this week (the tally
// of payments' and ai-query's events, tally.ts). The sources are asked at once, each within `sourceTimeoutMs`:
// one that does not answer in time, or fails, is `unavailable` and the rest is answered all the same.
import { TIMED_OUT, within, type EventBus, type Logger } from '@hhp/kit';
import {
  PracticeNumbersRpcResponse,
  REVENUE_PLANS,
  RpcSubjects,
  SESSION_TYPES,
  type NumbersResponse,
  type RevenueByPlan,
  type RevenuePlan,
} from '@hhp/proto';
import { periodsAt, type Periods } from './periods.js';
import type { MoneyFact, Tally } from './tally.js';

export interface NumbersDeps {
  bus: Pick<EventBus, 'request'>;
  tally: Tally;
  timeZone: string;
  sourceTimeoutMs: number;
  now: () => Date;
  logger: Logger;
}

const UNAVAILABLE = { status: 'unavailable' } as const;

/** The source's answer, or `unavailable` when it failed or took longer than `ms` (logged either way). */
async function fromSource<T>(
  name: string,
  ms: number,
  logger: Logger,
  work: () => Promise<T>,
): Promise<T | typeof UNAVAILABLE> {
  try {
    const result = await within(ms, work());
    if (result !== TIMED_OUT) return result;
    logger.warn({ source: name, timeoutMs: ms }, 'a source of the numbers did not answer in time');
  } catch (err) {
    logger.warn({ err, source: name }, 'a source of the numbers failed');
  }
  return UNAVAILABLE;
}

async function bookings({ bus, sourceTimeoutMs }: NumbersDeps, periods: Periods, requestId?: string) {
  const { days } = await bus.request(RpcSubjects.practiceNumbers, periods.week, {
    response: PracticeNumbersRpcResponse,
    timeoutMs: sourceTimeoutMs,
    ...(requestId ? { requestId } : {}),
  });
  return {
    status: 'ok' as const,
    today: days.find((d) => d.date === periods.today)?.total ?? 0,
    week: days.reduce((sum, d) => sum + d.total, 0),
    byDay: days,
  };
}

/** Paid, refunded and net per plan: the catalogue's plans always, `other` when it has any. */
export function revenueByPlan(facts: MoneyFact[]): { netCents: number; plans: RevenueByPlan[] } {
  const sums = new Map<RevenuePlan, RevenueByPlan>(
    REVENUE_PLANS.map((plan) => [plan, { plan, netCents: 0, paidCents: 0, refundedCents: 0 }]),
  );
  for (const { plan, cents } of facts) {
    const sum = sums.get(plan)!;
    sum.netCents += cents;
    if (cents >= 0) sum.paidCents += cents;
    else sum.refundedCents -= cents;
  }
  const plans = [...sums.values()].filter(
    (s) => (SESSION_TYPES as readonly string[]).includes(s.plan) || s.paidCents > 0 || s.refundedCents > 0,
  );
  return { netCents: plans.reduce((sum, p) => sum + p.netCents, 0), plans };
}

async function revenue({ tally }: NumbersDeps, periods: Periods) {
  const facts = await tally.moneyIn([...periods.weekDays.map((d) => d.slice(0, 7)), periods.monthKey]);
  const week = new Set(periods.weekDays);
  return {
    status: 'ok' as const,
    currency: 'usd',
    week: revenueByPlan(facts.filter((f) => week.has(f.day))),
    month: revenueByPlan(facts.filter((f) => f.day.startsWith(periods.monthKey))),
  };
}

async function counts({ tally }: NumbersDeps, periods: Periods, kind: 'answer' | 'crisis') {
  const sofar = periods.weekDays.filter((d) => d <= periods.today);
  const byDay = await tally.countPerDay(kind, sofar);
  return {
    status: 'ok' as const,
    today: byDay.find((d) => d.date === periods.today)?.count ?? 0,
    week: byDay.reduce((sum, d) => sum + d.count, 0),
    byDay,
  };
}

export async function practiceNumbers(deps: NumbersDeps, requestId?: string): Promise<NumbersResponse> {
  const periods = periodsAt(deps.now(), deps.timeZone);
  const ask = <T>(name: string, work: () => Promise<T>) => fromSource(name, deps.sourceTimeoutMs, deps.logger, work);
  const [booked, money, answers, crises] = await Promise.all([
    ask('booking', () => bookings(deps, periods, requestId)),
    ask('revenue', () => revenue(deps, periods)),
    ask('answers', () => counts(deps, periods, 'answer')),
    ask('crises', () => counts(deps, periods, 'crisis')),
  ]);
  return {
    timeZone: deps.timeZone,
    today: periods.today,
    week: periods.week,
    month: periods.month,
    bookings: booked,
    revenue: money,
    aiAnswers: answers,
    crises,
  };
}
