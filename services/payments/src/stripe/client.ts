// The one Stripe client of the service, and the one place the API version is pinned. The SDK's types
// describe this version; so does the code that reads Stripe's objects: an invoice's `confirmation_secret`
// (its `payment_intent` field was removed in 2025-03-31.basil), a subscription's period on its items, an
// invoice's subscription under `parent.subscription_details`. Webhook endpoints send events in their
// own version: create the endpoint (or run `stripe listen`) with this one.
import Stripe from 'stripe';
import type { PaymentsConfig } from '../config.js';

const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export function createStripe(config: PaymentsConfig, secretKey: string): Stripe {
  const url = config.STRIPE_API_URL;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: config.STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'holistic-health-portal-payments' },
    ...(url && {
      protocol: url.protocol === 'http:' ? 'http' : 'https',
      host: url.hostname,
      port: url.port || (url.protocol === 'http:' ? 80 : 443),
    }),
  });
}

/** Stripe's clock when it answered (its Date header, whole seconds), for ordering against events' `created`. */
export function answeredAt(object: { lastResponse?: { headers?: Record<string, string> } }, now = Date.now()): number {
  const date = Date.parse(object.lastResponse?.headers?.date ?? '');
  return Math.floor((Number.isNaN(date) ? now : date) / 1000);
}
