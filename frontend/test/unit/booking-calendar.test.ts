import {
  addMonthsClamped,
  closedReason,
  firstOpenDay,
  isDayOpen,
  monthWeeks,
  moveFocus,
  todayIn,
  weekday,
} from '../../src/shared/payments/slots/calendar';
import { lastBookableDay } from '@hhp/proto/catalogue/plans';

// 2 December 2025 is a Tuesday.
const TODAY = '2025-12-02';

describe('the booking calendar', () => {
  test('when a day is before today, then it is closed for every plan', () => {
    for (const type of ['ai-session', 'subscription', 'dr-helen'] as const) {
      expect(closedReason('2025-12-01', type, TODAY)).toBe('past');
      expect(closedReason('2025-11-25', type, TODAY)).toBe('past');
    }
    expect(isDayOpen(TODAY, 'dr-helen', TODAY)).toBe(true);
    expect(isDayOpen(TODAY, 'ai-session', TODAY)).toBe(true);
  });

  test('when the plan is the practitioner consultation, then only Tuesdays are open', () => {
    const week = ['2025-12-07', '2025-12-08', '2025-12-09', '2025-12-10', '2025-12-11', '2025-12-12', '2025-12-13'];
    expect(week.map(weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(week.map((day) => closedReason(day, 'dr-helen', TODAY))).toEqual([
      'weekday',
      'weekday',
      null,
      'weekday',
      'weekday',
      'weekday',
      'weekday',
    ]);
  });

  test('when the plan is an AI session or the subscription, then every day but Sunday is open', () => {
    const week = ['2025-12-07', '2025-12-08', '2025-12-09', '2025-12-10', '2025-12-11', '2025-12-12', '2025-12-13'];
    for (const type of ['ai-session', 'subscription'] as const) {
      expect(week.map((day) => closedReason(day, type, TODAY))).toEqual([
        'weekday',
        null,
        null,
        null,
        null,
        null,
        null,
      ]);
    }
  });

  test('when a month is laid out, then its weeks start on Sunday and each day appears once', () => {
    // 1 February 2026 is a Sunday; 1 March 2026 too; 1 January 2026 a Thursday.
    const february = monthWeeks('2026-02-17');
    expect(february).toHaveLength(4);
    expect(february[0]).toEqual([
      '2026-02-01',
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
      '2026-02-05',
      '2026-02-06',
      '2026-02-07',
    ]);
    const january = monthWeeks('2026-01-01');
    expect(january[0]).toEqual([null, null, null, null, '2026-01-01', '2026-01-02', '2026-01-03']);
    expect(january.at(-1)).toEqual([
      '2026-01-25',
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
    ]);
    const days = january.flat().filter(Boolean);
    expect(days).toHaveLength(31);
    expect(new Set(days).size).toBe(31);
    for (const week of monthWeeks('2025-11-30')) expect(week).toHaveLength(7);
  });

  test('when the keyboard moves through the grid, then days, weeks, week ends and months follow the keys', () => {
    expect(moveFocus(TODAY, 'ArrowRight')).toBe('2025-12-03');
    expect(moveFocus(TODAY, 'ArrowLeft')).toBe('2025-12-01');
    expect(moveFocus(TODAY, 'ArrowDown')).toBe('2025-12-09');
    expect(moveFocus('2025-12-30', 'ArrowDown')).toBe('2026-01-06');
    expect(moveFocus(TODAY, 'ArrowUp')).toBe('2025-11-25');
    expect(moveFocus(TODAY, 'Home')).toBe('2025-11-30');
    expect(moveFocus(TODAY, 'End')).toBe('2025-12-06');
    expect(moveFocus(TODAY, 'PageDown')).toBe('2026-01-02');
    expect(moveFocus('2026-01-31', 'PageDown')).toBe('2026-02-28');
    expect(moveFocus('2026-03-31', 'PageUp')).toBe('2026-02-28');
    expect(moveFocus(TODAY, 'a')).toBeNull();
    expect(addMonthsClamped('2024-01-31', 1)).toBe('2024-02-29');
  });

  test('when a day is after the booking horizon (6 months from today), then it is closed for every plan; the horizon’s last day is open', () => {
    // From Tuesday 2 December 2025 the last day is Tuesday 2 June 2026.
    expect(lastBookableDay(TODAY)).toBe('2026-06-02');
    for (const type of ['ai-session', 'subscription', 'dr-helen'] as const) {
      expect(closedReason('2026-06-02', type, TODAY)).toBeNull();
      expect(closedReason('2026-06-03', type, TODAY)).toBe('beyond');
      expect(closedReason('2026-06-09', type, TODAY)).toBe('beyond');
      expect(closedReason('2999-03-05', type, TODAY)).toBe('beyond');
    }
    // 31 August: the horizon ends on the last day of February (Tuesday 29 February 2028).
    expect(lastBookableDay('2026-08-31')).toBe('2027-02-28');
    expect(lastBookableDay('2027-08-31')).toBe('2028-02-29');
    expect(closedReason('2028-02-29', 'dr-helen', '2027-08-31')).toBeNull();
    expect(closedReason('2028-03-01', 'ai-session', '2027-08-31')).toBe('beyond');
  });

  test('when no day is open before the horizon, then the first focus stays where it was asked', () => {
    expect(firstOpenDay('dr-helen', TODAY, '2026-06-03')).toBe('2026-06-03');
    expect(firstOpenDay('ai-session', TODAY, '2026-06-01')).toBe('2026-06-01');
  });

  test('when the calendar opens, then its first focus is the first day the plan is open', () => {
    // From a Sunday: the AI session opens on Monday, the consultation on Tuesday.
    expect(firstOpenDay('ai-session', '2025-12-07')).toBe('2025-12-08');
    expect(firstOpenDay('dr-helen', '2025-12-07')).toBe('2025-12-09');
    expect(firstOpenDay('dr-helen', TODAY)).toBe(TODAY);
  });

  test("when today is asked in a time zone, then it is that zone's date", () => {
    // 23:30 UTC on 1 December is already 2 December in Tokyo, still 1 December in New York.
    const now = new Date('2025-12-01T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2025-12-01');
    expect(todayIn('Asia/Tokyo', now)).toBe('2025-12-02');
    expect(todayIn('America/New_York', now)).toBe('2025-12-01');
  });

  test('when days cross a daylight-saving change, then none is skipped or repeated', () => {
    // Europe's clocks go back on 26 October 2025, the US's on 2 November.
    expect(moveFocus('2025-10-25', 'ArrowRight')).toBe('2025-10-26');
    expect(moveFocus('2025-10-26', 'ArrowRight')).toBe('2025-10-27');
    expect(moveFocus('2025-11-01', 'ArrowDown')).toBe('2025-11-08');
  });
});
