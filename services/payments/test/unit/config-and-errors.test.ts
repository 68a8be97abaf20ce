import pino from 'pino';
import { ConfigError, HttpError, parseConfig } from '@hhp/kit';
import { PaymentsConfig, paymentsConfigured } from '../../src/config.js';
import { PROVIDER_FAILED, stripeFailure } from '../../src/stripe/errors.js';

const logger = pino({ level: 'silent' });

describe('the payments configuration', () => {
  test('when no Stripe variables are set, then it loads with payments off', () => {
    const config = parseConfig(PaymentsConfig, {});
    expect(paymentsConfigured(config)).toBe(false);
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:8080');
  });

  test('when both keys are set, then payments are on, and STRIPE_API_URL names the server', () => {
    const config = parseConfig(PaymentsConfig, {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      PUBLIC_BASE_URL: 'https://portal.example/',
    });
    expect(paymentsConfigured(config)).toBe(true);
    expect(config.STRIPE_API_URL?.port).toBe('12111');
    expect(config.PUBLIC_BASE_URL).toBe('https://portal.example');
  });

  test('when a key is swapped for the other, then the error names both variables', () => {
    expect(() =>
      parseConfig(PaymentsConfig, { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' }),
    ).toThrow(ConfigError);
    try {
      parseConfig(PaymentsConfig, { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' });
    } catch (err) {
      expect((err as ConfigError).problems.join('\n')).toMatch(/STRIPE_SECRET_KEY[\s\S]*STRIPE_PUBLISHABLE_KEY/);
    }
  });
});

describe("what a visitor is told of Stripe's errors", () => {
  const stripeError = (type: string, message: string, code?: string) =>
    Object.assign(new Error(message), { type, ...(code && { code }) });

  test("when the card is declined, then it is a 402 with Stripe's message", () => {
    const err = stripeFailure(stripeError('StripeCardError', 'Your card has insufficient funds.'), logger);
    expect(err).toEqual(expect.objectContaining({ status: 402, message: 'Your card has insufficient funds.' }));
  });

  test.each([
    ['StripeAuthenticationError', 'Invalid API Key provided: sk_live_****1234'],
    ['StripeInvalidRequestError', 'No such price: price_123'],
    ['StripeConnectionError', 'ECONNREFUSED'],
    ['StripeRateLimitError', 'Too many requests'],
  ])('when Stripe answers %s, then it is a 502 that reveals nothing', (type, message) => {
    const err = stripeFailure(stripeError(type, message), logger);
    expect(err).toEqual(expect.objectContaining({ status: 502, message: PROVIDER_FAILED }));
  });

  test('when Stripe does not know an id the visitor gave, then it is the 404 the caller names', () => {
    const err = stripeFailure(stripeError('StripeInvalidRequestError', 'No such x', 'resource_missing'), logger, {
      notFound: 'Checkout session not found',
    });
    expect(err).toEqual(expect.objectContaining({ status: 404, message: 'Checkout session not found' }));
  });

  test('when the error is already an HttpError, then it is passed on', () => {
    const original = new HttpError(400, 'paymentMethodId: no');
    expect(stripeFailure(original, logger)).toBe(original);
  });
});
