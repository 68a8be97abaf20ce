import { planHold } from '../../src/features/subscription/subscribe/plan-hold';

const now = Date.parse('2026-12-08T14:00:00.000Z');
const inMs = (ms: number) => new Date(now + ms).toISOString();

describe("/subscribe's plan card: the subscription plan's held time", () => {
  test('when the hold runs for 9 minutes 30 seconds more, then it is held with 10 minutes left', () => {
    expect(planHold({ status: 'pending-subscription', holdExpiresAt: inMs(570_000) }, now)).toEqual({
      kind: 'held',
      minutesLeft: 10,
    });
  });

  test('when a few seconds are left, then it still says one minute, never zero', () => {
    expect(planHold({ status: 'pending-subscription', holdExpiresAt: inMs(5_000) }, now)).toEqual({
      kind: 'held',
      minutesLeft: 1,
    });
  });

  test('when the hold has run out on this clock before the server expired it, then it says it was released', () => {
    expect(planHold({ status: 'pending-subscription', holdExpiresAt: inMs(0) }, now)).toEqual({ kind: 'lapsed' });
    expect(planHold({ status: 'pending-subscription' }, now)).toEqual({ kind: 'lapsed' });
    expect(planHold({ status: 'expired', holdExpiresAt: inMs(-60_000) }, now)).toEqual({ kind: 'lapsed' });
  });

  test('when the booking is confirmed, then it says so whatever the hold said', () => {
    expect(planHold({ status: 'confirmed', holdExpiresAt: inMs(60_000) }, now)).toEqual({ kind: 'confirmed' });
  });

  test('when the booking is cancelled or refunded, then it is no longer held (not "lapsed")', () => {
    expect(planHold({ status: 'cancelled' }, now)).toEqual({ kind: 'not-held' });
    expect(planHold({ status: 'refunded' }, now)).toEqual({ kind: 'not-held' });
  });
});
