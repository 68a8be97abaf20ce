// The console's calendar panel's state (features/practice/calendar/calendar-state.ts): the range each view asks
// for, stepping and today, a month's day opening its list, and the bookings grouped by the practice's day that
// the server wrote on each (not the browser's), so a session across a daylight-saving change stays on its day.
import type { CalendarBooking } from '@hhp/proto';
import {
  byDay,
  calendarReducer,
  initialCalendar,
  monthGrid,
  openBooking,
  rangeOf,
  type CalendarAction,
  type CalendarState,
} from '../../src/features/practice/calendar/calendar-state';

const run = (state: CalendarState, ...actions: CalendarAction[]) => actions.reduce(calendarReducer, state);

const booking = (id: string, date: string, time: string, scheduledAt: string, extra: Partial<CalendarBooking> = {}) =>
  ({
    id,
    type: 'dr-helen',
    status: 'confirmed',
    scheduledAt,
    durationMinutes: 90,
    date,
    time,
    endTime: '10:30',
    timeZone: 'America/New_York',
    name: 'Ada',
    email: 'ada@example.com',
    notes: '',
    payment: { state: 'card', amount: '400.00' },
    changeable: true,
    markable: false,
    ...extra,
  }) satisfies CalendarBooking;

test('when the calendar opens, then it shows the practice\u2019s today as a day', () => {
  const state = initialCalendar('2027-03-10');
  expect(state).toEqual({ view: 'day', anchor: '2027-03-10', today: '2027-03-10' });
  expect(rangeOf(state)).toEqual({ from: '2027-03-10', to: '2027-03-10' });
});

test('when the week is chosen, then it runs Monday to Sunday around the day, and steps by seven days', () => {
  const week = run(initialCalendar('2027-03-10'), { type: 'view', view: 'week' });
  expect(rangeOf(week)).toEqual({ from: '2027-03-08', to: '2027-03-14' });
  expect(rangeOf(run(week, { type: 'step', by: 1 }))).toEqual({ from: '2027-03-15', to: '2027-03-21' });
  // A Sunday belongs to the week that began the Monday before.
  expect(rangeOf({ view: 'week', anchor: '2027-03-14' })).toEqual({ from: '2027-03-08', to: '2027-03-14' });
});

test('when the month is chosen, then it is the whole month, steps by months, and a day chosen in it opens that day', () => {
  const month = run(initialCalendar('2027-01-31'), { type: 'view', view: 'month' });
  expect(rangeOf(month)).toEqual({ from: '2027-01-01', to: '2027-01-31' });
  const february = run(month, { type: 'step', by: 1 });
  expect(rangeOf(february)).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  const day = run(february, { type: 'day', date: '2027-02-16' });
  expect(day).toMatchObject({ view: 'day', anchor: '2027-02-16' });
  expect(run(day, { type: 'step', by: -1 }, { type: 'today' })).toMatchObject({ anchor: '2027-01-31' });
});

test('when the practice\u2019s today is learnt, then a view on today follows it and a view elsewhere stays', () => {
  expect(run(initialCalendar('2027-03-10'), { type: 'today-is', date: '2027-03-11' })).toMatchObject({
    anchor: '2027-03-11',
    today: '2027-03-11',
  });
  const elsewhere = run(initialCalendar('2027-03-10'), { type: 'step', by: 1 }, { type: 'step', by: 1 });
  expect(run(elsewhere, { type: 'today-is', date: '2027-03-11' })).toMatchObject({ anchor: '2027-03-12' });
});

test('when bookings come, then each is listed under the practice\u2019s day the server gave it, every day of the week shown', () => {
  // 09:00 in New York on either side of the spring change: 14:00 UTC, then 13:00 UTC.
  const before = booking('b1', '2027-03-09', '09:00', '2027-03-09T14:00:00.000Z');
  const after = booking('b2', '2027-03-16', '09:00', '2027-03-16T13:00:00.000Z');
  // Late evening in New York is the next day in UTC: still listed on the practice's day.
  const late = booking('b3', '2027-03-09', '20:00', '2027-03-10T01:00:00.000Z');
  const days = byDay({ from: '2027-03-08', to: '2027-03-14' }, [late, before, after]);
  expect(days.map((d) => d.date)).toEqual([
    '2027-03-08',
    '2027-03-09',
    '2027-03-10',
    '2027-03-11',
    '2027-03-12',
    '2027-03-13',
    '2027-03-14',
  ]);
  expect(days[1]!.bookings.map((b) => [b.id, b.time])).toEqual([
    ['b1', '09:00'],
    ['b3', '20:00'],
  ]);
  expect(days.flatMap((d) => d.bookings).map((b) => b.id)).not.toContain('b2');
  const march = monthGrid('2027-03-01', [before, after, late]).flat();
  expect(march.find((c) => c?.date === '2027-03-09')!.bookings).toHaveLength(2);
  expect(march.find((c) => c?.date === '2027-03-16')!.bookings).toHaveLength(1);
});

test('when a booking is opened, then the drawer shows it as the latest answer has it, and closes when it is gone', () => {
  const opened = run(initialCalendar('2027-03-10'), { type: 'open', id: 'b1' });
  const cancelled = booking('b1', '2027-03-10', '09:00', '2027-03-10T13:00:00.000Z', { status: 'cancelled' });
  expect(openBooking(opened, [cancelled])?.status).toBe('cancelled');
  expect(openBooking(opened, [])).toBeUndefined();
  expect(run(opened, { type: 'close' }).openId).toBeUndefined();
  expect(run(opened, { type: 'step', by: 1 }).openId).toBeUndefined();
});
