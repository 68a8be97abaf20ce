import { minutesUntil } from '../../src/shared/ai/session-minutes';

describe('the minutes left of a session', () => {
  const endsAt = '2026-03-10T15:00:00.000Z';
  const at = (iso: string) => minutesUntil(endsAt, Date.parse(iso));

  test.each([
    ['2026-03-10T13:50:00.000Z', 70],
    ['2026-03-10T14:59:00.000Z', 1],
    ['2026-03-10T14:59:59.000Z', 1],
    ['2026-03-10T14:58:30.000Z', 2],
    ['2026-03-10T15:00:00.000Z', 0],
    ['2026-03-10T15:10:00.000Z', 0],
  ])('when it is %s, then %i minutes are left', (now, minutes) => {
    expect(at(now)).toBe(minutes);
  });
});
