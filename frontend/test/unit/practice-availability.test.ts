// The console's availability panel's state (features/practice/availability/availability-state.ts): the server's
// answer replaces the drafts, edits are checked before they are sent, and the bodies sent are the server's shape.
import type { PracticeAvailabilityResponse } from '@hhp/proto';
import {
  availabilityReducer,
  exceptionBody,
  initialAvailability,
  ruleBody,
  type AvailabilityAction,
  type AvailabilityState,
} from '../../src/features/practice/availability/availability-state';

const answer = (helen = { times: ['09:00', '11:00', '14:00'], version: 0 }): PracticeAvailabilityResponse => ({
  timeZone: 'America/New_York',
  today: '2026-03-02',
  rules: [
    {
      type: 'ai-session',
      weekdays: [1, 2, 3, 4, 5, 6],
      times: ['09:00', '10:00'],
      durationMinutes: 60,
      version: 0,
      source: 'catalogue',
      updatedAt: null,
    },
    {
      type: 'dr-helen',
      weekdays: [2],
      times: helen.times,
      durationMinutes: 90,
      version: helen.version,
      source: helen.version ? 'stored' : 'catalogue',
      updatedAt: null,
    },
  ],
  exceptions: [],
  affected: [],
});

const run = (...actions: AvailabilityAction[]): AvailabilityState =>
  actions.reduce(availabilityReducer, initialAvailability());
const helen = (state: AvailabilityState) => state.drafts.find((d) => d.type === 'dr-helen')!;

test('when the server answers, then each plan’s draft is its rule, unchanged', () => {
  const state = run({ type: 'loaded', answer: answer() });
  expect(helen(state)).toEqual({
    type: 'dr-helen',
    weekdays: [2],
    times: ['09:00', '11:00', '14:00'],
    durationMinutes: 90,
    version: 0,
    dirty: false,
  });
});

test('when staff tick a day and add a time, then the draft changes in order and is marked changed; the body is the server’s shape', () => {
  const state = run(
    { type: 'loaded', answer: answer() },
    { type: 'toggle-day', plan: 'dr-helen', day: 4 },
    { type: 'add-time', plan: 'dr-helen', time: '16:00' },
    { type: 'remove-time', plan: 'dr-helen', time: '09:00' },
  );
  expect(helen(state)).toMatchObject({ weekdays: [2, 4], times: ['11:00', '14:00', '16:00'], dirty: true });
  expect(ruleBody(helen(state))).toEqual({
    weekdays: [2, 4],
    times: ['11:00', '14:00', '16:00'],
    durationMinutes: 90,
    version: 0,
  });
  expect(
    helen(run({ type: 'loaded', answer: answer() }, { type: 'toggle-day', plan: 'dr-helen', day: 2 })).weekdays,
  ).toEqual([]);
});

test('when a time overlaps, repeats or is not a time, or a length would make slots overlap, then the draft is unchanged and says why', () => {
  const loaded = run({ type: 'loaded', answer: answer() });
  const overlap = availabilityReducer(loaded, { type: 'add-time', plan: 'dr-helen', time: '10:00' });
  expect(helen(overlap)).toMatchObject({
    times: ['09:00', '11:00', '14:00'],
    dirty: false,
    problem: 'Not added: the slots at 09:00 and 10:00 overlap (each is 90 minutes).',
  });
  expect(helen(availabilityReducer(loaded, { type: 'add-time', plan: 'dr-helen', time: '11:00' })).problem).toBe(
    '11:00 is already one of the times.',
  );
  expect(helen(availabilityReducer(loaded, { type: 'add-time', plan: 'dr-helen', time: '' })).problem).toBe(
    'That is not a time HH:MM.',
  );
  expect(helen(availabilityReducer(loaded, { type: 'set-length', plan: 'dr-helen', minutes: 150 }))).toMatchObject({
    durationMinutes: 90,
    problem: 'A length of 150 minutes: the slots at 09:00 and 11:00 overlap (each is 150 minutes).',
  });
  // The next edit clears the message.
  expect(helen(availabilityReducer(overlap, { type: 'toggle-day', plan: 'dr-helen', day: 5 })).problem).toBeUndefined();
});

test('when the server answers again, then a plan being edited keeps its edits, unless someone saved a newer version', () => {
  const editing = run({ type: 'loaded', answer: answer() }, { type: 'toggle-day', plan: 'dr-helen', day: 5 });
  expect(helen(availabilityReducer(editing, { type: 'loaded', answer: answer() })).weekdays).toEqual([2, 5]);
  const newer = availabilityReducer(editing, { type: 'loaded', answer: answer({ times: ['10:00'], version: 1 }) });
  expect(helen(newer)).toMatchObject({ weekdays: [2], times: ['10:00'], version: 1, dirty: false });
});

test('when an exception is written, then its body is the server’s shape, or the panel says what is missing', () => {
  const base = {
    date: '2026-03-10',
    kind: 'closed' as const,
    types: ['dr-helen' as const],
    times: '',
    note: ' Holiday ',
  };
  expect(exceptionBody(base)).toEqual({
    ok: true,
    body: { date: '2026-03-10', kind: 'closed', types: ['dr-helen'], note: 'Holiday' },
  });
  expect(exceptionBody({ ...base, kind: 'open', times: '13:00, 10:00 10:00' })).toEqual({
    ok: true,
    body: { date: '2026-03-10', kind: 'open', types: ['dr-helen'], times: ['10:00', '13:00'], note: 'Holiday' },
  });
  expect(exceptionBody({ ...base, kind: 'open', times: '1pm' })).toEqual({
    ok: false,
    problem: '1pm is not a time HH:MM.',
  });
  expect(exceptionBody({ ...base, date: '' })).toEqual({ ok: false, problem: 'Please choose a date.' });
  expect(exceptionBody({ ...base, types: [] })).toEqual({ ok: false, problem: 'Please choose at least one plan.' });
  const added = run({ type: 'exception', fields: { date: '2026-03-10', note: 'x' } }, { type: 'exception-added' });
  expect(added.exception).toMatchObject({ date: '', note: '', kind: 'closed' });
});
