import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { stripeFor } from './load-stripe';

export type StripeLoad = { stripe: Stripe; error?: undefined } | { stripe?: undefined; error: string };

/**
 * Stripe.js for this publishable key, once it has loaded (undefined until then, or without a key). Loaded here
 * rather than handed to <Elements> as a promise, so that a failed download is an error the screen can show.
 */
export function useStripeJs(publishableKey: string | undefined): StripeLoad | undefined {
  const [loaded, setLoaded] = useState<{ key: string; load: StripeLoad }>();
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    stripeFor(publishableKey).then(
      (stripe) => {
        if (!live) return;
        setLoaded({ key: publishableKey, load: stripe ? { stripe } : { error: 'Stripe.js is not available' } });
      },
      (error: unknown) => {
        if (!live) return;
        setLoaded({ key: publishableKey, load: { error: error instanceof Error ? error.message : String(error) } });
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  return loaded && loaded.key === publishableKey ? loaded.load : undefined;
}
