import { HttpError } from '@hhp/kit';
import { assertAmountMatches, assertPayable } from '../../src/intents/booking-lookup.js';
import { fromIntent } from '../../src/intents/payment-status.js';

describe('the amount a browser sends', () => {
  test.each([
    [9, 900],
    [400, 40_000],
    [19.99, 1999],
    [0.1 + 0.2, 30],
  ])('when %p dollars is asked for a price of %p cents, then it matches', (dollars, cents) => {
    expect(() => assertAmountMatches(dollars, cents)).not.toThrow();
  });

  test.each([
    [9.01, 900],
    [8.99, 900],
    [900, 900],
    [9.005, 900],
  ])('when %p dollars is asked for a price of %p cents, then it is a 400', (dollars, cents) => {
    expect(() => assertAmountMatches(dollars, cents)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/^amount: /) }),
    );
  });
});

describe('whether a session can be paid', () => {
  const session = {
    id: 'bk-1',
    type: 'ai-session' as const,
    priceCents: 900,
    scheduledAt: '2030-01-01T10:00:00.000Z',
    durationMinutes: 60,
    timeZone: 'UTC',
    name: 'A',
    email: 'a@example.org',
  };
  const now = new Date('2030-01-01T09:00:00.000Z');

  test('when it waits for payment within its hold, then it can', () => {
    expect(() =>
      assertPayable({ ...session, status: 'pending-payment', holdExpiresAt: '2030-01-01T09:10:00.000Z' }, now),
    ).not.toThrow();
  });

  test('when its hold lapsed a moment ago, then it is a 409', () => {
    const lapsed = () =>
      assertPayable({ ...session, status: 'pending-payment', holdExpiresAt: '2030-01-01T09:00:00.000Z' }, now);
    expect(lapsed).toThrow(HttpError);
    expect(lapsed).toThrow(/expired/);
  });
});

describe('what an intent says to the waiting visitor', () => {
  test.each([
    ['succeeded', null, 'succeeded'],
    ['processing', null, 'processing'],
    ['requires_capture', null, 'processing'],
    ['canceled', null, 'failed'],
    ['requires_payment_method', { type: 'card_error' }, 'failed'],
    ['requires_payment_method', null, 'none'],
    ['requires_action', null, 'none'],
    ['requires_confirmation', null, 'none'],
  ])('when Stripe says %s (last error %p), then it is %s', (status, error, expected) => {
    expect(fromIntent({ status, last_payment_error: error } as Parameters<typeof fromIntent>[0])).toBe(expected);
  });
});
