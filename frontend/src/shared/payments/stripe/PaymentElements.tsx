import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { Elements } from '@stripe/react-stripe-js';
import { useMemo, type ReactNode } from 'react';

// Stripe's Payment Element in the portal's colours (shared/ui/theme.ts).
const APPEARANCE: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: {
    colorPrimary: '#0f766e',
    colorText: '#1f2937',
    colorDanger: '#b91c1c',
    borderRadius: '10px',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
};

/** Stripe Elements for one intent: a PaymentIntent's client secret (checkout) or a SetupIntent's (subscribe). */
export function PaymentElements({
  stripe,
  clientSecret,
  children,
}: {
  stripe: Stripe;
  clientSecret: string;
  children: ReactNode;
}) {
  // Elements takes its options once; a new object on every render would be a change it warns about.
  const options = useMemo<StripeElementsOptions>(() => ({ clientSecret, appearance: APPEARANCE }), [clientSecret]);
  return (
    // A new intent is a new Elements instance: the key remounts it.
    <Elements key={clientSecret} stripe={stripe} options={options}>
      {children}
    </Elements>
  );
}
