// Payments with and without Stripe's keys, as booking and the browser see it: without them every payment
// route answers 503 with a sentence for the visitor, and rpc.payments.v1.status tells booking that no payment
// can be taken (so it holds no slot); with them it says payments are taken. On the suite's own nats-server:
// booking's suites on the shared one play payments' side themselves.
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { natsConnectOptions, parseConfig, startService } from '@hhp/kit';
import { RpcSubjects } from '@hhp/proto';
import { PaymentsConfig } from '../../src/config.js';
import { paymentsService } from '../../src/service.js';
import { PAYMENT_ROUTES } from '../../src/payments-off.js';
import { startPayments, startServers, stopPayments, type Payments, type Servers } from './harness.js';

const SUPPORT = 'help@practice.example';
const OFF_MESSAGE = `Online payment is not available right now, so sessions and the subscription cannot be paid for here. Please write to ${SUPPORT} instead.`;

/** The service with no Stripe keys, as `npm start` runs it on a bare machine. */
async function startWithoutKeys(servers: Servers) {
  const config = parseConfig(PaymentsConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    ...servers.paymentsNats,
    PORT: '0',
    MONGODB_DB: `it-payments-off-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    SUPPORT_EMAIL: SUPPORT,
  });
  return startService({ name: 'payments', config, setup: paymentsService });
}

/** What booking hears when it asks whether a payment can be taken (the kit's reply envelope). */
async function askStatus(servers: Servers): Promise<unknown> {
  const nc = await connect(natsConnectOptions(servers.natsUrl));
  try {
    return (await nc.request(RpcSubjects.paymentsStatus, '{}', { timeout: 2000 })).json();
  } finally {
    await nc.close();
  }
}

let servers: Servers;
beforeAll(async () => {
  servers = await startServers();
});
afterAll(async () => {
  await servers?.stop();
});

describe('payments without Stripe keys', () => {
  let service: Awaited<ReturnType<typeof startWithoutKeys>>;
  beforeAll(async () => {
    service = await startWithoutKeys(servers);
  });
  afterAll(async () => {
    await service?.close();
  });

  test.each(
    PAYMENT_ROUTES.flatMap((path) => [
      ['GET', path],
      ['POST', path],
    ]),
  )('when %s %s is called, then it is 503 with a sentence naming the support address', async (method, path) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      ...(method === 'POST' && {
        headers: { 'content-type': 'application/json' },
        body: '{"amount":9,"sessionId":"x"}',
      }),
    });

    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: OFF_MESSAGE });
  });

  test('when booking asks whether a payment can be taken, then it hears no, with the support address', async () => {
    expect(await askStatus(servers)).toEqual({ ok: true, data: { acceptsPayments: false, supportEmail: SUPPORT } });
  });

  test('when asked whether it runs, then it is ready: payments being off is not a fault', async () => {
    expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
  });
});

describe('payments with Stripe keys', () => {
  let service: Payments;
  beforeAll(async () => {
    service = await startPayments(servers, { SUPPORT_EMAIL: SUPPORT });
  });
  afterAll(async () => {
    await stopPayments(service);
  });

  test('when booking asks whether a payment can be taken, then it hears yes', async () => {
    expect(await askStatus(servers)).toEqual({ ok: true, data: { acceptsPayments: true, supportEmail: SUPPORT } });
  });
});
