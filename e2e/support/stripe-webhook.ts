// Stripe's side of what the browser confirmed: the webhooks Stripe would send, signed as the SDK's test helper
// signs, with the e2e stack's webhook secret (infra/src/e2e/stripe.ts), posted to /api/stripe/webhook.
// stripe-mock keeps no state (its payment intent is always a fresh one, its subscription's period ended in
// 2000), so what Stripe would say after a payment reaches the payments service the way Stripe says it: an event.
import type { APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { STRIPE_TEST_WEBHOOK_SECRET } from '../../infra/src/e2e/stripe';

let sent = 0;

/** Posts one signed event; resolves with the service's HTTP status. */
async function sendEvent(request: APIRequestContext, type: string, object: Record<string, unknown>): Promise<number> {
  sent += 1;
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now().toString(36)}_${process.pid}_${sent}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_WEBHOOK_SECRET });
  const response = await request.post('/api/stripe/webhook', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return response.status();
}

/** `payment_intent.succeeded` for a session's intent (its metadata names the booking, as payments made it). */
export function sendPaymentSucceeded(
  request: APIRequestContext,
  paymentIntentId: string,
  bookingId: string,
  amountCents: number,
): Promise<number> {
  return sendEvent(request, 'payment_intent.succeeded', {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: amountCents,
    amount_received: amountCents,
    currency: 'usd',
    status: 'succeeded',
    livemode: false,
    metadata: { bookingId },
  });
}

/** `customer.subscription.created` of a paid-up subscription: active, its first month's period running. */
export function sendSubscriptionActive(
  request: APIRequestContext,
  { subscriptionId, customerId, bookingId }: { subscriptionId: string; customerId: string; bookingId?: string },
): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  return sendEvent(request, 'customer.subscription.created', {
    id: subscriptionId,
    object: 'subscription',
    customer: customerId,
    status: 'active',
    livemode: false,
    created: now,
    metadata: bookingId ? { bookingId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_e2e_${now}`,
          object: 'subscription_item',
          current_period_start: now,
          current_period_end: now + 30 * 86_400,
        },
      ],
    },
  });
}
