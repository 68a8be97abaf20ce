import type { OpenDaysResponse } from '@hhp/proto';
import { closedReason, type IsoDay } from '../../src/shared/payments/slots/calendar';
import { gridDays, monthQuery, type GridDays } from '../../src/shared/payments/slots/open-days';
import { texts } from '../../src/shared/payments/texts';

// 2 December 2025 is a Tuesday; December's Tuesdays are the 2nd, 9th, 16th, 23rd and 30th.
const TODAY = '2025-12-02';
const december = monthQuery('dr-helen', TODAY);

const answer = (open: IsoDay[], weekdays = [2], query = december): OpenDaysResponse => ({
  ...query,
  timeZone: 'America/New_York',
  weekdays,
  open,
});

/** The day grid's verdict on each day: null (open) or why it is closed, in the words of the day's name. */
const verdicts = (grid: GridDays, days: IsoDay[], type = december.type) =>
  days.map((day) => {
    const reason = closedReason(day, type, TODAY, grid.days);
    if (reason === null) return null;
    return reason === 'weekday' ? texts.booking.closed.weekday(type, grid.weekdays) : texts.booking.closed[reason];
  });

describe("the day grid's open days", () => {
  test('when a month is shown, then its first to its last day is asked for', () => {
    expect(monthQuery('dr-helen', '2026-02-17')).toEqual({ type: 'dr-helen', from: '2026-02-01', to: '2026-02-28' });
    expect(december).toEqual({ type: 'dr-helen', from: '2025-12-01', to: '2025-12-31' });
  });

  test('when the answer is not here yet, then the catalogue’s weekdays stand in and the grid is busy', () => {
    const grid = gridDays(december, { currentData: undefined, isError: false });
    expect(grid).toMatchObject({ days: undefined, weekdays: [2], loading: true });
    expect(verdicts(grid, ['2025-12-09', '2025-12-11'])).toEqual([null, 'Dr. Helen sees visitors on Tuesdays only']);
  });

  test('when the answer cannot be had, then the catalogue’s weekdays stay and the grid is not busy (booking is never blocked)', () => {
    const grid = gridDays(december, { currentData: undefined, isError: true });
    expect(grid).toMatchObject({ days: undefined, weekdays: [2], loading: false });
    expect(verdicts(grid, ['2025-12-09', '2025-12-10'])).toEqual([null, 'Dr. Helen sees visitors on Tuesdays only']);
  });

  test('when the practice opened an extra Thursday and took a Tuesday off, then the Thursday is open and the Tuesday says it is a day off', () => {
    const grid = gridDays(december, {
      currentData: answer(['2025-12-02', '2025-12-09', '2025-12-11', '2025-12-23', '2025-12-30']),
      isError: false,
    });
    expect(grid.loading).toBe(false);
    expect(grid.timeZone).toBe('America/New_York');
    expect(verdicts(grid, ['2025-12-11', '2025-12-16', '2025-12-18', '2025-12-23'])).toEqual([
      null,
      'the practice is closed on this day',
      'Dr. Helen sees visitors on Tuesdays only',
      null,
    ]);
  });

  test('when the practitioner’s week changed to Mondays and Fridays, then those are open, Tuesdays are not, and the words follow', () => {
    const grid = gridDays(december, {
      currentData: answer(['2025-12-05', '2025-12-08', '2025-12-12'], [1, 5]),
      isError: false,
    });
    expect(verdicts(grid, ['2025-12-05', '2025-12-08', '2025-12-09'])).toEqual([
      null,
      null,
      'Dr. Helen sees visitors on Mondays and Fridays only',
    ]);
    expect(texts.booking.calendarNote('dr-helen', grid.weekdays)).toBe(
      'Consultations with Dr. Helen are on Mondays and Fridays.',
    );
  });

  test('when the answer is another month’s or another plan’s (RTK Query’s data of the last call), then it does not count', () => {
    const november = answer(['2025-11-25'], [2], monthQuery('dr-helen', '2025-11-01'));
    expect(gridDays(december, { currentData: november, isError: false })).toMatchObject({
      days: undefined,
      loading: true,
    });
    const aiDecember = { ...answer([]), type: 'ai-session' as const };
    expect(gridDays(december, { currentData: aiDecember, isError: false }).days).toBeUndefined();
  });

  test('when the practice’s answer opens a day, then a past day or one beyond the horizon is still closed', () => {
    const grid = gridDays(december, { currentData: answer(['2025-12-01', '2025-12-02']), isError: false });
    expect(verdicts(grid, ['2025-12-01', '2025-12-02'])).toEqual(['past', null]);
    // A day outside the answer's range: the catalogue's week.
    expect(closedReason('2026-01-06', 'dr-helen', TODAY, grid.days)).toBeNull();
    expect(closedReason('2026-07-07', 'dr-helen', TODAY, grid.days)).toBe('beyond');
  });

  test('when the rules are the catalogue’s, then the notes above the calendar and the closed days read as before', () => {
    expect(texts.booking.calendarNote('dr-helen', [2])).toBe('Consultations with Dr. Helen are on Tuesdays.');
    expect(texts.booking.calendarNote('ai-session', [1, 2, 3, 4, 5, 6])).toBe(
      'Sessions are offered every day but Sunday.',
    );
    expect(texts.booking.closed.weekday('ai-session', [1, 2, 3, 4, 5, 6])).toBe('closed on Sundays');
    expect(texts.booking.calendarNote('ai-session', [1, 3])).toBe('Sessions are offered on Mondays and Wednesdays.');
    expect(texts.booking.calendarNote('dr-helen', [])).toBe(
      'Consultations with Dr. Helen are not offered at the moment.',
    );
  });
});
