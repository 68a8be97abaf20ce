import { addMinutes, planDay, practiceDate, slotAt, wallClock } from '../../src/calendar/calendar.js';

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
    expect(starts(planDay('ai-session', '2026-10-31', NY, now))[0]).toBe('2026-10-31T13:00:00.000Z');
    expect(starts(planDay('ai-session', '2026-11-02', NY, now))[0]).toBe('2026-11-02T14:00:00.000Z');
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
    ['a slot start shifted by a second', 'ai-session', '2026-03-11T13:00:01Z', 'not-a-slot'],
  ] as const)('when it is %s (%s), then it is refused: %s', (_what, type, iso, reason) => {
    expect(slotAt(type, at(iso), NY, now)).toEqual({ ok: false, reason });
  });
});
