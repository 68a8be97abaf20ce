import { randomUUID } from 'node:crypto';
import { parseConfig, startService } from '@hhp/kit';
import { PaymentsConfig } from '../../src/config.js';
import { paymentsService } from '../../src/service.js';
import { PAYMENT_ROUTES } from '../../src/payments-off.js';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';

/** The service with no Stripe keys, as `npm start` runs it on a bare machine. */
async function startWithoutKeys() {
  const config = parseConfig(PaymentsConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    ...natsEnvFor('payments'),
    PORT: '0',
    MONGODB_DB: `it-payments-off-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
  });
  return startService({ name: 'payments', config, setup: paymentsService });
}

describe('payments without Stripe keys', () => {
  let service: Awaited<ReturnType<typeof startWithoutKeys>>;
  beforeAll(async () => {
    service = await startWithoutKeys();
  });
  afterAll(async () => {
    await service?.close();
  });

  test.each(
    PAYMENT_ROUTES.flatMap((path) => [
      ['GET', path],
      ['POST', path],
    ]),
  )('when %s %s is called, then it is 503 "Payment service unavailable"', async (method, path) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      ...(method === 'POST' && {
        headers: { 'content-type': 'application/json' },
        body: '{"amount":9,"sessionId":"x"}',
      }),
    });

    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Payment service unavailable' });
  });

  test('when asked whether it runs, then it is ready: payments being off is not a fault', async () => {
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  });
});
