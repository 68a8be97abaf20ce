import { dropsChosenDay } from '../../src/features/booking/use-slot-choice';

// /book's chosen day kept true to the practice's answers (features/booking/use-slot-choice.ts): a day the plan is
// closed on is dropped, but not while the practice's days are still loading.

const TODAY = '2026-03-02'; // a Monday
const TUESDAY = '2026-03-10';
const WEDNESDAY = '2026-03-11';
const known = { days: undefined, loading: false };
const loading = { days: undefined, loading: true };

describe("/book's chosen day", () => {
  test('when no day is chosen, then there is nothing to drop', () => {
    expect(dropsChosenDay(null, 'dr-helen', TODAY, known)).toBe(false);
  });

  test("when the plan is closed on the chosen day (Dr. Helen's sessions are on Tuesdays), then the day is dropped", () => {
    expect(dropsChosenDay(WEDNESDAY, 'dr-helen', TODAY, known)).toBe(true);
    expect(dropsChosenDay(TUESDAY, 'dr-helen', TODAY, known)).toBe(false);
    expect(dropsChosenDay(WEDNESDAY, 'ai-session', TODAY, known)).toBe(false);
  });

  test("when the practice's days are still loading, then a day the catalogue would close is kept meanwhile", () => {
    expect(dropsChosenDay(WEDNESDAY, 'dr-helen', TODAY, loading)).toBe(false);
  });

  test("when the practice's answer opens an extra day or takes a day off, then its answer decides", () => {
    const days = { from: '2026-03-01', to: '2026-03-31', weekdays: [2], open: new Set([WEDNESDAY]) };
    expect(dropsChosenDay(WEDNESDAY, 'dr-helen', TODAY, { days, loading: false })).toBe(false);
    expect(dropsChosenDay(TUESDAY, 'dr-helen', TODAY, { days, loading: false })).toBe(true);
  });

  test("when a draft's day has gone by, then it is dropped", () => {
    expect(dropsChosenDay('2026-03-01', 'ai-session', TODAY, known)).toBe(true);
  });
});
