import { supersedes, type SubscriptionStatus } from '../../src/subscriptions/subscription-state.js';

const view = (status: SubscriptionStatus, asOf: number) => ({ status, asOf });

describe('which view of a subscription is newer', () => {
  test('when nothing is stored, then any view is taken', () => {
    expect(supersedes(view('incomplete', 10), undefined)).toBe(true);
  });

  test.each([
    ['a later view replaces an earlier one', view('active', 20), view('incomplete', 10), true],
    ['an earlier view never replaces a later one', view('incomplete', 10), view('active', 20), false],
    ['a view of the same second replaces it (arrival order)', view('past_due', 20), view('active', 20), true],
    ['an ended subscription is not revived by a later live view', view('active', 30), view('canceled', 20), false],
    ['an end wins over a later live view', view('canceled', 10), view('active', 20), true],
    [
      'an expired first attempt wins over a later incomplete view',
      view('incomplete_expired', 5),
      view('incomplete', 9),
      true,
    ],
    ['two ends are ordered by time', view('canceled', 10), view('incomplete_expired', 20), false],
  ])('%s', (_what, next, current, expected) => {
    expect(supersedes(next, current)).toBe(expected);
  });
});
