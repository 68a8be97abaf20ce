// The console's numbers panel, what it shows from the server's answer (features/practice/numbers/numbers-view.ts):
// a source that was unavailable shows as such while the others show their values; money in dollars with refunds
// negative; the week's bars scaled to the busiest day with a sentence that says every bar's value.
import type { NumbersResponse } from '@hhp/proto';
import {
  cards,
  CHART,
  chartSummary,
  dayLabel,
  money,
  revenueRows,
  weekBars,
} from '../../src/features/practice/numbers/numbers-view';

const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const plans = (a: number, s: number, h: number) => ({ 'ai-session': a, subscription: s, 'dr-helen': h });

const answer = (over: Partial<NumbersResponse> = {}): NumbersResponse => ({
  timeZone: 'America/New_York',
  today: '2026-11-25',
  week: { from: week[0]!, to: week[6]! },
  month: { from: '2026-11-01', to: '2026-11-30' },
  bookings: {
    status: 'ok',
    today: 4,
    week: 6,
    byDay: week.map((date, i) => ({
      date,
      total: i === 2 ? 4 : i === 0 ? 2 : 0,
      byPlan: i === 2 ? plans(3, 0, 1) : i === 0 ? plans(2, 0, 0) : plans(0, 0, 0),
    })),
  },
  revenue: {
    status: 'ok',
    currency: 'usd',
    week: {
      netCents: 41900,
      plans: [
        { plan: 'ai-session', netCents: 0, paidCents: 900, refundedCents: 900 },
        { plan: 'subscription', netCents: 1900, paidCents: 1900, refundedCents: 0 },
        { plan: 'dr-helen', netCents: 40000, paidCents: 40000, refundedCents: 0 },
      ],
    },
    month: { netCents: -40000, plans: [{ plan: 'other', netCents: -40000, paidCents: 0, refundedCents: 40000 }] },
  },
  aiAnswers: { status: 'ok', today: 12, week: 30, byDay: [] },
  crises: { status: 'ok', today: 1, week: 2, byDay: [] },
  ...over,
});

describe('the numbers panel', () => {
  test('when every source answered, then each card has its value, revenue in dollars', () => {
    expect(cards(answer()).map((c) => [c.label, c.value])).toEqual([
      ['Sessions today', '4'],
      ['Sessions this week', '6'],
      ['Revenue this week', '$419.00'],
      ['Revenue this month', '\u2212$400.00'],
      ['AI answers today', '12'],
      ['AI answers this week', '30'],
      ['Crises met today', '1'],
      ['Crises met this week', '2'],
    ]);
  });

  test('when booking was unavailable, then its two cards have no value and the chart no bars, and the rest still shows', () => {
    const n = answer({ bookings: { status: 'unavailable' } });
    const shown = cards(n);
    expect(shown.filter((c) => c.value === undefined).map((c) => c.label)).toEqual([
      'Sessions today',
      'Sessions this week',
    ]);
    expect(shown.find((c) => c.label === 'AI answers today')!.value).toBe('12');
    expect(weekBars(n)).toEqual([]);
  });

  test("when the week is drawn, then the busiest day is the full height, an empty day has none, today is marked, and the summary says every day's count", () => {
    const bars = weekBars(answer());
    expect(bars).toHaveLength(7);
    expect(bars[2]).toMatchObject({ label: 'Wed 25', count: 4, height: CHART.bars, y: 0, today: true });
    expect(bars[0]).toMatchObject({ count: 2, height: CHART.bars / 2, today: false });
    expect(bars[1]!.height).toBe(0);
    // The bars stay inside the chart and do not overlap.
    for (const [i, bar] of bars.entries()) {
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART.width);
      if (i > 0) expect(bar.x).toBeGreaterThanOrEqual(bars[i - 1]!.x + bars[i - 1]!.width);
    }
    expect(chartSummary(bars)).toBe(
      'Sessions per day this week: Mon 23 2, Tue 24 0, Wed 25 4, Thu 26 0, Fri 27 0, Sat 28 0, Sun 29 0.',
    );
  });

  test('when revenue is listed by plan, then each plan has its name and its paid, refunded and net in dollars', () => {
    const n = answer();
    if (n.revenue.status !== 'ok') throw new Error('revenue');
    const rows = revenueRows(n.revenue.week.plans);
    expect(rows.map((r) => [r.plan, r.paid, r.refunded, r.net])).toEqual([
      ['AI Avatar Session', '$9.00', '$9.00', '$0.00'],
      ['Monthly Subscription', '$19.00', '$0.00', '$19.00'],
      ['Dr. Helen Consultation', '$400.00', '$0.00', '$400.00'],
    ]);
    expect(revenueRows([{ plan: 'other', netCents: 5, paidCents: 5, refundedCents: 0 }])[0]!.plan).toBe(
      'Other (booking not known)',
    );
    expect(money(123456789)).toBe('$1,234,567.89');
    expect(dayLabel('2026-03-08')).toBe('Sun 8');
  });
});
