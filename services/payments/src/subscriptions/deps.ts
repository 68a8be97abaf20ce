import type Stripe from 'stripe';
import type { Logger } from '@hhp/kit';
import type { PaymentsMetrics } from '../metrics.js';
import type { SubscriptionPrice } from '../stripe/plan-price.js';
import type { CustomerModel } from './customer.model.js';
import type { SubscribeClaims } from './subscribe-claims.js';
import type { SubscriptionStore } from './subscription-store.js';

/** What the subscription use cases share. */
export interface SubscriptionDeps {
  stripe: Stripe;
  customers: CustomerModel;
  subscriptions: SubscriptionStore;
  claims: SubscribeClaims;
  price: SubscriptionPrice;
  metrics: PaymentsMetrics;
  dbTimeoutMs: number;
  /**
   * Tells the address of a running subscription, after the answer, that it already subscribes and how to use
   * the subscription on this device (sign-in/already-subscribed.ts): someone started another with it.
   */
  alreadySubscribed: (email: string, customerId: string, logger: Logger) => void;
  /** The portal's public address, for Checkout's return URLs. */
  publicBaseUrl: string;
}

export const SUBSCRIPTIONS_STORE_UNAVAILABLE = 'Subscription service unavailable: please try again in a moment.';
