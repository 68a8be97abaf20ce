import { Router } from 'express';
import { HttpError } from '@hhp/kit';
import { WEBHOOK_PATH } from './webhooks/webhooks.router.js';

/** What the screens show when payments are off (the specification's default panel message). */
export const PAYMENTS_OFF = 'Payment service unavailable';

export const PAYMENT_ROUTES = [
  '/api/payments/config',
  '/api/payments/status',
  '/api/create-payment-intent',
  '/api/create-subscription',
  '/api/complete-subscription',
  '/api/create-checkout-session',
  '/api/subscription',
  '/api/subscription/checkout-complete',
  '/api/subscription/sign-in',
  '/api/subscription/sign-in/complete',
  '/api/subscription/portal',
  WEBHOOK_PATH,
];

/** Without Stripe keys every payment route answers 503 with the message the screens show. */
export function paymentsOffRouter(): Router {
  const router = Router();
  router.all(PAYMENT_ROUTES, () => {
    throw new HttpError(503, PAYMENTS_OFF);
  });
  return router;
}
