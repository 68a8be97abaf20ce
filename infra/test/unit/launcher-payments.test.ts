import { paymentsBanner, paymentsEnv, withoutStripe } from '../../src/launcher/payments.js';

const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };

describe("the launcher's part in payments", () => {
  test('when no Stripe keys are set, then the banner says payments are off and names the variables that turn them on', () => {
    const line = paymentsBanner({}, 'http://localhost:8080');
    expect(line).toMatch(/payments: off/);
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])
      expect(line).toContain(name);
  });

  test('when the keys and the webhook secret are set, then the banner says test mode and how to forward webhooks', () => {
    const line = paymentsBanner({ ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_1' }, 'http://localhost:8080');
    expect(line).toMatch(/payments: on, Stripe test mode/);
    expect(line).toContain('stripe listen --forward-to localhost:8080/api/stripe/webhook');
  });

  test('when only the keys are set, then the banner warns that webhooks are off', () => {
    expect(paymentsBanner(keys, 'http://localhost:8080')).toMatch(/webhooks: off until STRIPE_WEBHOOK_SECRET/);
  });

  test('when services are started, then only payments gets the Stripe variables, with the portal address for Checkout', () => {
    const env = { ...keys, STRIPE_WEBHOOK_SECRET: 'whsec_1', LOG_LEVEL: 'info' };
    expect(withoutStripe(env)).toEqual({ LOG_LEVEL: 'info' });
    expect(paymentsEnv(env, 'http://localhost:8080')).toEqual({
      ...keys,
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PUBLIC_BASE_URL: 'http://localhost:8080',
    });
    expect(paymentsEnv({ PUBLIC_BASE_URL: 'https://portal.example' }, 'http://localhost:8080')).toEqual({
      PUBLIC_BASE_URL: 'https://portal.example',
    });
  });
});
