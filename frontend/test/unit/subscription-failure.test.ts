import { httpError } from '../../src/shared/api/base-query';
import { texts } from '../../src/shared/payments/texts';
import { subscriptionFailure } from '../../src/features/subscription/subscribe/use-subscription-completion';

// What the toast says when completing a subscription failed (features/subscription/subscribe).

describe('a subscription that could not be completed', () => {
  test('when payments refused with a sentence, then the toast says it, without the status code', () => {
    const error = httpError(
      { status: 409, statusText: 'Conflict' },
      JSON.stringify({ message: 'Your card was declined.' }),
    );
    expect(subscriptionFailure(error)).toBe('Your card was declined.');
  });

  test('when no answer came, then the toast says to check the connection', () => {
    expect(subscriptionFailure({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(
      'We could not reach the portal. Please check your connection and try again.',
    );
  });

  test("when the failure is not the portal's, then the toast says the specification's fallback", () => {
    expect(subscriptionFailure(new Error('boom'))).toBe(texts.subscribe.failedDefault);
    expect(texts.subscribe.failedDefault).toBe('Failed to create subscription');
  });
});
