// What the numbers panel shows, worked out from the server's answer (pure, unit-tested): the cards' values (or
// "unavailable"), money in dollars, the week's bars for the chart with their text alternative, and the plans'
// revenue rows.
import type { NumbersResponse, RevenueByPlan, SessionType } from '@hhp/proto';
import { planName } from '../../../shared/payments/texts';
import { numbersTexts } from './numbers-texts';

export interface Card {
  label: string;
  /** The value to show, or undefined when its source was unavailable. */
  value?: string;
}

const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });

/** "2026-11-23" → "Mon 23" (a calendar date: the same in every zone). */
export const dayLabel = (date: string) => `${WEEKDAY.format(new Date(`${date}T00:00:00Z`))} ${Number(date.slice(8))}`;

/** Cents as dollars: 41900 → "$419.00", -900 → "−$9.00". */
export function money(cents: number): string {
  const text = `$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return cents < 0 ? `\u2212${text}` : text;
}

export function cards(n: NumbersResponse): Card[] {
  const t = numbersTexts;
  const count = (value: number) => String(value);
  const { bookings, revenue, aiAnswers, crises } = n;
  const ok = <S extends { status: string }>(s: S): s is Extract<S, { status: 'ok' }> => s.status === 'ok';
  return [
    { label: t.sessionsToday, ...(ok(bookings) && { value: count(bookings.today) }) },
    { label: t.sessionsWeek, ...(ok(bookings) && { value: count(bookings.week) }) },
    { label: t.revenueWeek, ...(ok(revenue) && { value: money(revenue.week.netCents) }) },
    { label: t.revenueMonth, ...(ok(revenue) && { value: money(revenue.month.netCents) }) },
    { label: t.answersToday, ...(ok(aiAnswers) && { value: count(aiAnswers.today) }) },
    { label: t.answersWeek, ...(ok(aiAnswers) && { value: count(aiAnswers.week) }) },
    { label: t.crisesToday, ...(ok(crises) && { value: count(crises.today) }) },
    { label: t.crisesWeek, ...(ok(crises) && { value: count(crises.week) }) },
  ];
}

export interface Bar {
  date: string;
  label: string;
  count: number;
  /** In the chart's coordinates (CHART.width × CHART.height, the bars' area above the labels). */
  x: number;
  y: number;
  width: number;
  height: number;
  today: boolean;
}

export const CHART = { width: 350, height: 160, bars: 120, gap: 10 } as const;

/** The week's sessions per day as bars, the tallest the full height (an empty week: no bar has height). */
export function weekBars(n: NumbersResponse): Bar[] {
  if (n.bookings.status !== 'ok') return [];
  const days = n.bookings.byDay;
  const most = Math.max(1, ...days.map((d) => d.total));
  const slot = CHART.width / Math.max(1, days.length);
  return days.map((d, i) => {
    const height = Math.round((d.total / most) * CHART.bars);
    return {
      date: d.date,
      label: dayLabel(d.date),
      count: d.total,
      x: Math.round(i * slot + CHART.gap / 2),
      y: CHART.bars - height,
      width: Math.round(slot - CHART.gap),
      height,
      today: d.date === n.today,
    };
  });
}

/** The chart's text alternative: every day with its count, in one sentence. */
export const chartSummary = (bars: Bar[]) =>
  numbersTexts.chartSummary(bars.map((b) => ({ label: b.label, count: b.count })));

export interface RevenueRow {
  key: string;
  plan: string;
  paid: string;
  refunded: string;
  net: string;
}

export const revenueRows = (plans: RevenueByPlan[]): RevenueRow[] =>
  plans.map((p) => ({
    key: p.plan,
    plan: p.plan === 'other' ? numbersTexts.otherPlan : planName(p.plan as SessionType),
    paid: money(p.paidCents),
    refunded: money(p.refundedCents),
    net: money(p.netCents),
  }));
