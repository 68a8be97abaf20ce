import { sessionWindow, windowState } from '../../src/join/session-window.js';

const start = new Date('2026-03-10T14:00:00.000Z');
const window = sessionWindow({ scheduledAt: start, durationMinutes: 60 }, 10 * 60_000);
const at = (iso: string) => windowState(window, new Date(iso));

describe('the window of an AI Avatar Session', () => {
  test('when asked, then it opens 10 minutes before the start and ends with the session', () => {
    expect(window).toEqual({
      opensAt: new Date('2026-03-10T13:50:00.000Z'),
      endsAt: new Date('2026-03-10T15:00:00.000Z'),
    });
  });

  test.each([
    ['2026-03-10T13:49:59.999Z', 'early'],
    ['2026-03-10T13:50:00.000Z', 'open'],
    ['2026-03-10T14:30:00.000Z', 'open'],
    ['2026-03-10T14:59:59.999Z', 'open'],
    ['2026-03-10T15:00:00.000Z', 'ended'],
  ])('when it is %s, then it is %s', (now, state) => {
    expect(at(now)).toBe(state);
  });
});
