// The payments service: one-off session payments and the monthly subscription on Stripe, Stripe's
// webhooks, and refunds for booking conflicts. Without Stripe keys it runs with payments off (503s).
import { loadConfig, runService } from '@hhp/kit';
import { PaymentsConfig } from './config.js';
import { paymentsService } from './service.js';

const config = loadConfig(PaymentsConfig);

await runService({ name: 'payments', config, setup: paymentsService });
