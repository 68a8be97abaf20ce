// The monthly subscription's Stripe Price, found by its lookup key and created (with its Product) the first
// time. The key carries the amount, currency and interval, so a change of PLANS.subscription makes a new
// Price (Stripe's prices cannot change their amount) and the new one takes the key over; a price found
// under the key that does not say what the catalogue says is never charged.
import { PLANS } from '@hhp/proto';
import type Stripe from 'stripe';

const PLAN = PLANS.subscription;
const SUBSCRIPTION_CURRENCY = 'usd';
const INTERVAL = PLAN.interval ?? 'month';
export const SUBSCRIPTION_LOOKUP_KEY = `hhp-subscription-${PLAN.priceCents}-${SUBSCRIPTION_CURRENCY}-${INTERVAL}`;

const matchesPlan = (price: Stripe.Price): boolean =>
  price.active &&
  price.lookup_key === SUBSCRIPTION_LOOKUP_KEY &&
  price.unit_amount === PLAN.priceCents &&
  price.currency === SUBSCRIPTION_CURRENCY &&
  price.recurring?.interval === INTERVAL &&
  (price.recurring.interval_count ?? 1) === 1;

export class SubscriptionPrice {
  private id: Promise<string> | undefined;

  constructor(private readonly stripe: Stripe) {}

  /** The Price id; looked up once per process (a failed look-up is tried again next time). */
  get(): Promise<string> {
    this.id ??= this.lookUp().catch((err: unknown) => {
      this.id = undefined;
      throw err;
    });
    return this.id;
  }

  private async lookUp(): Promise<string> {
    const found = await this.stripe.prices.list({ lookup_keys: [SUBSCRIPTION_LOOKUP_KEY], active: true, limit: 10 });
    const price = found.data.find(matchesPlan);
    if (price) return price.id;
    // Two processes creating it at once send the same idempotency key and get the same Price.
    const created = await this.stripe.prices.create(
      {
        currency: SUBSCRIPTION_CURRENCY,
        unit_amount: PLAN.priceCents,
        recurring: { interval: INTERVAL },
        lookup_key: SUBSCRIPTION_LOOKUP_KEY,
        transfer_lookup_key: true,
        product_data: { name: PLAN.name },
      },
      { idempotencyKey: `price-${SUBSCRIPTION_LOOKUP_KEY}` },
    );
    return created.id;
  }
}
