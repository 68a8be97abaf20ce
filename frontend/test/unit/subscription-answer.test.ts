import { pollAsk, retryAsk } from '../../src/features/subscription/confirmed/use-subscription-answer';

// Which call /subscription-confirmed makes when it asks payments again (use-subscription-answer.ts).

const COMPLETION = { customerId: 'cus_1', completionToken: 'tok', email: 'ada@example.com' };

describe('/subscription-confirmed asking again', () => {
  test("when the hosted Checkout's return has not been verified, then retrying completes it again", () => {
    expect(retryAsk('cs_test_1', false)).toBe('complete-checkout');
  });

  test('when the return was verified, or the visitor did not come from the hosted Checkout, then retrying reads the status', () => {
    expect(retryAsk('cs_test_1', true)).toBe('read-status');
    expect(retryAsk(null, false)).toBe('read-status');
  });

  test('when payments knows no subscription yet (no cookie) and the page has what completes it, then the poll completes it again', () => {
    expect(pollAsk(COMPLETION, 'none')).toBe('complete-subscription');
  });

  test('when the page has nothing to complete with, or the status is known, then the poll reads the status', () => {
    expect(pollAsk(undefined, 'none')).toBe('read-status');
    expect(pollAsk(COMPLETION, 'incomplete')).toBe('read-status');
    expect(pollAsk(COMPLETION, undefined)).toBe('read-status');
  });
});
