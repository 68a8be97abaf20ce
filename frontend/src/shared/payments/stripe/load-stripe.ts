// Stripe.js comes from Stripe's own address (https://js.stripe.com, which the CSP in nginx.conf allows), and
// only when a payment form is about to show: the "pure" entry of @stripe/stripe-js does not add the script on
// import, as the package's main entry would on every page that bundles it.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per publishable key (the key is the payments service's, GET /api/payments/config). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch((error: unknown) => {
      // A failed download may succeed on the next attempt: do not keep the failure.
      loaded.delete(publishableKey);
      throw error;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
