import { Router } from 'express';
import { HttpError } from '@hhp/kit';
import { WEBHOOK_PATH } from './webhooks/webhooks.router.js';

/**
 * What every payment route answers when payments are off, a sentence for the visitor who reads it in a panel
 * or a toast: that nothing can be paid online now, and whom to write to instead.
 */
export const paymentsOffMessage = (supportEmail: string) =>
  `Online payment is not available right now, so sessions and the subscription cannot be paid for here. Please write to ${supportEmail} instead.`;

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

/** Without Stripe keys every payment route answers 503 with the sentence the screens show. */
export function paymentsOffRouter(supportEmail: string): Router {
  const router = Router();
  const message = paymentsOffMessage(supportEmail);
  router.all(PAYMENT_ROUTES, () => {
    throw new HttpError(503, message);
  });
  return router;
}
