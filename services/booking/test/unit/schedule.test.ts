// The practice's rules made into a day's schedule (pure): the catalogue's by default, an exception before the
// weekly rule, and the checks a change must pass.
import { catalogueSchedule } from '../../src/calendar/calendar.js';
import {
  catalogueRule,
  clash,
  closedWhy,
  daySchedule,
  outsideRules,
  type ExceptionDocument,
  type Rules,
} from '../../src/availability/schedule.js';

const NY = 'America/New_York';
const exception = (kind: 'closed' | 'open', times?: string[]): ExceptionDocument => ({
  _id: `dr-helen|2026-03-12`,
  exceptionId: 'e',
  type: 'dr-helen',
  date: '2026-03-12',
  kind,
  ...(times ? { times } : {}),
  note: '',
  by: 'staff',
  createdAt: new Date(),
});

test('when nothing is stored, then each plan’s rule is the catalogue’s and gives the catalogue’s days', () => {
  expect(catalogueRule('dr-helen')).toEqual({
    type: 'dr-helen',
    weekdays: [2],
    times: ['09:00', '11:00', '14:00'],
    durationMinutes: 90,
    version: 0,
  });
  expect(catalogueRule('ai-session').weekdays).toEqual([1, 2, 3, 4, 5, 6]);
  for (const date of ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-14'])
    for (const type of ['ai-session', 'subscription', 'dr-helen'] as const)
      expect(daySchedule(catalogueRule(type), undefined, date)).toEqual(catalogueSchedule(type, date));
});

test('when a date has an exception, then it decides the day before the weekly rule', () => {
  const rule = catalogueRule('dr-helen');
  expect(daySchedule(rule, exception('closed'), '2026-03-10').open).toBe(false);
  expect(daySchedule(rule, exception('open'), '2026-03-12')).toEqual({
    open: true,
    times: ['09:00', '11:00', '14:00'],
    durationMinutes: 90,
  });
  expect(daySchedule(rule, exception('open', ['10:00']), '2026-03-12').times).toEqual(['10:00']);
});

test('when two plans share a calendar, then their slots must coincide or not overlap', () => {
  expect(clash({ times: ['09:00'], durationMinutes: 60 }, { times: ['09:00', '10:00'], durationMinutes: 60 })).toBe(
    undefined,
  );
  expect(clash({ times: ['09:00'], durationMinutes: 90 }, { times: ['09:00'], durationMinutes: 60 })).toBe(
    'the slot at 09:00 has another length on the other plan',
  );
  expect(clash({ times: ['09:30'], durationMinutes: 60 }, { times: ['09:00'], durationMinutes: 60 })).toBe(
    "the slot at 09:30 overlaps the other plan's slot at 09:00",
  );
});

test('when a day is closed, then the refusal names the plan’s days, or says the practice is closed that day', () => {
  expect(closedWhy(catalogueRule('dr-helen'), '2026-03-11')).toBe(
    'consultations with the practitioner are held on Tuesdays only',
  );
  expect(closedWhy({ ...catalogueRule('dr-helen'), weekdays: [2, 4] }, '2026-03-11')).toBe(
    'consultations with the practitioner are held on Tuesdays and Thursdays only',
  );
  expect(closedWhy(catalogueRule('ai-session'), '2026-03-08')).toBe('sessions are not held on Sundays');
  expect(closedWhy(catalogueRule('dr-helen'), '2026-03-10')).toBe('the practice is closed on that day');
});

test('when a booking’s slot is gone, then it is outside the rules: its day closed, or no longer at that time', () => {
  const rules: Rules = {
    rules: {
      'ai-session': catalogueRule('ai-session'),
      subscription: catalogueRule('subscription'),
      'dr-helen': { ...catalogueRule('dr-helen'), times: ['10:00'] },
    },
    exceptions: new Map([['dr-helen|2026-03-17', { ...exception('closed'), date: '2026-03-17' }]]),
    timeZone: NY,
  };
  // 10 March 2026 is a Tuesday; 09:00 in New York is 13:00 UTC (daylight saving time began on the 8th).
  expect(outsideRules(rules, 'dr-helen', new Date('2026-03-10T14:00:00Z'))).toBeUndefined();
  expect(outsideRules(rules, 'dr-helen', new Date('2026-03-10T13:00:00Z'))).toBe('not-a-slot');
  expect(outsideRules(rules, 'dr-helen', new Date('2026-03-17T14:00:00Z'))).toBe('closed');
  expect(outsideRules(rules, 'ai-session', new Date('2026-03-17T13:00:00Z'))).toBeUndefined();
});
