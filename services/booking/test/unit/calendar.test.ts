import { BOOKING_HORIZON_MONTHS, lastBookableDay } from '@hhp/proto/catalogue/plans';
import { addMinutes, horizonDay, planDay, practiceDate, slotAt, wallClock } from '../../src/calendar/calendar.js';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const starts = (day: ReturnType<typeof planDay>) => day.slots.map((s) => s.startsAt.toISOString());

describe('the practice calendar', () => {
  const now = at('2026-03-02T15:00:00Z'); // Monday 2 March 2026, 10:00 in New York

  test('when a date is before the practice’s today, then the day is past and has no slots', () => {
    expect(planDay('ai-session', '2026-03-01', NY, now)).toEqual({ date: '2026-03-01', state: 'past', slots: [] });
    expect(planDay('dr-helen', '2026-02-24', NY, now).state).toBe('past');
  });

  test('when it is already tomorrow in UTC but still today in the practice, then today is not past', () => {
    const lateEvening = at('2026-03-03T03:30:00Z'); // 22:30 on Monday 2 March in New York
    expect(practiceDate(lateEvening, NY)).toBe('2026-03-02');
    expect(planDay('ai-session', '2026-03-02', NY, lateEvening).state).toBe('open');
  });

  test('when the plan is an AI session or the subscription, then Sundays are closed and other days have six hourly slots', () => {
    for (const type of ['ai-session', 'subscription'] as const) {
      expect(planDay(type, '2026-03-08', NY, now).state).toBe('closed');
      const saturday = planDay(type, '2026-03-07', NY, now);
      expect(saturday.slots.map((s) => [s.time, s.endTime])).toEqual([
        ['09:00', '10:00'],
        ['10:00', '11:00'],
        ['11:00', '12:00'],
        ['14:00', '15:00'],
        ['15:00', '16:00'],
        ['16:00', '17:00'],
      ]);
    }
  });

  test('when the plan is the practitioner’s, then only Tuesdays are open, with three 90-minute slots', () => {
    expect(planDay('dr-helen', '2026-03-09', NY, now).state).toBe('closed'); // Monday
    expect(planDay('dr-helen', '2026-03-11', NY, now).state).toBe('closed'); // Wednesday
    const tuesday = planDay('dr-helen', '2026-03-10', NY, now);
    expect(tuesday.slots.map((s) => [s.time, s.endTime])).toEqual([
      ['09:00', '10:30'],
      ['11:00', '12:30'],
      ['14:00', '15:30'],
    ]);
  });

  test('when daylight saving time begins (8 March 2026 in New York), then 09:00 moves from 14:00 UTC to 13:00 UTC', () => {
    expect(starts(planDay('ai-session', '2026-03-07', NY, now))[0]).toBe('2026-03-07T14:00:00.000Z');
    expect(starts(planDay('ai-session', '2026-03-09', NY, now))[0]).toBe('2026-03-09T13:00:00.000Z');
    expect(starts(planDay('dr-helen', '2026-03-10', NY, now))).toEqual([
      '2026-03-10T13:00:00.000Z',
      '2026-03-10T15:00:00.000Z',
      '2026-03-10T18:00:00.000Z',
    ]);
  });

  test('when daylight saving time ends (1 November 2026 in New York), then 09:00 moves from 13:00 UTC to 14:00 UTC', () => {
    const october = at('2026-10-01T15:00:00Z');
    expect(starts(planDay('ai-session', '2026-10-31', NY, october))[0]).toBe('2026-10-31T13:00:00.000Z');
    expect(starts(planDay('ai-session', '2026-11-02', NY, october))[0]).toBe('2026-11-02T14:00:00.000Z');
  });

  test('when a date is after the booking horizon (6 months from the practice’s today), then the day is beyond and has no slots; its last day is open', () => {
    // Today is 2 March 2026 in New York: the horizon's last day is 2 September 2026 (a Wednesday).
    expect(horizonDay(NY, now)).toBe('2026-09-02');
    expect(planDay('ai-session', '2026-09-02', NY, now).state).toBe('open');
    expect(planDay('ai-session', '2026-09-03', NY, now)).toEqual({ date: '2026-09-03', state: 'beyond', slots: [] });
    expect(planDay('dr-helen', '2026-09-01', NY, now).state).toBe('open');
    expect(planDay('dr-helen', '2026-09-08', NY, now).state).toBe('beyond');
    expect(planDay('ai-session', '2999-03-02', NY, now).state).toBe('beyond');
  });

  test('when the practice’s today differs from UTC’s, then the horizon counts from the practice’s today', () => {
    const lateEvening = at('2026-03-03T03:30:00Z'); // still 2 March in New York, already 3 March in UTC
    expect(horizonDay(NY, lateEvening)).toBe('2026-09-02');
    expect(horizonDay('Asia/Tokyo', lateEvening)).toBe('2026-09-03');
  });

  test('when the horizon lands on a shorter month, then its last day is that month’s last (31 August → 28 February)', () => {
    expect(lastBookableDay('2026-08-31')).toBe('2027-02-28');
    expect(lastBookableDay('2027-08-31')).toBe('2028-02-29');
    expect(lastBookableDay('2026-12-15')).toBe('2027-06-15');
    expect(BOOKING_HORIZON_MONTHS).toBe(6);
  });

  test('when the clocks change on an open day itself (Cairo, Friday 24 April 2026 at midnight), then that day’s slots are already in the new offset', () => {
    const cairo = 'Africa/Cairo';
    expect(starts(planDay('ai-session', '2026-04-23', cairo, now))[0]).toBe('2026-04-23T07:00:00.000Z');
    expect(starts(planDay('ai-session', '2026-04-24', cairo, now))[0]).toBe('2026-04-24T06:00:00.000Z');
  });

  test('when a wall-clock time is converted and extended, then it is the instant and end time of that zone', () => {
    expect(wallClock('2026-07-01', '14:00', 'Europe/London').toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(addMinutes('14:00', 90)).toBe('15:30');
  });
});

describe('finding the slot a booking names', () => {
  const now = at('2026-03-10T14:30:00Z'); // Tuesday 10 March 2026, 10:30 in New York

  test('when the instant is one of the plan’s slot starts later today, then it is found with its date', () => {
    const found = slotAt('dr-helen', at('2026-03-10T15:00:00Z'), NY, now);
    expect(found).toMatchObject({ ok: true, date: '2026-03-10', slot: { time: '11:00', endTime: '12:30' } });
  });

  test('when the same instant is written with an offset, then it is the same slot', () => {
    expect(slotAt('dr-helen', at('2026-03-10T11:00:00-04:00'), NY, now).ok).toBe(true);
  });

  test.each([
    ['a slot of today that has begun', 'dr-helen', '2026-03-10T13:00:00Z', 'started'],
    ['a time between slots', 'dr-helen', '2026-03-10T16:00:00Z', 'not-a-slot'],
    ['an hourly slot asked of the practitioner', 'dr-helen', '2026-03-17T14:00:00Z', 'not-a-slot'],
    ['a Wednesday for the practitioner', 'dr-helen', '2026-03-11T13:00:00Z', 'closed'],
    ['a Sunday for an AI session', 'ai-session', '2026-03-15T13:00:00Z', 'closed'],
    ['yesterday', 'ai-session', '2026-03-09T13:00:00Z', 'past'],
    ['the day after the horizon', 'ai-session', '2026-09-11T13:00:00Z', 'beyond'],
    ['a Tuesday in the year 2999', 'dr-helen', '2999-03-05T14:00:00Z', 'beyond'],
    ['a slot start shifted by a second', 'ai-session', '2026-03-11T13:00:01Z', 'not-a-slot'],
  ] as const)('when it is %s (%s), then it is refused: %s', (_what, type, iso, reason) => {
    expect(slotAt(type, at(iso), NY, now)).toEqual({ ok: false, reason });
  });
});
