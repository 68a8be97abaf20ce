import { z } from 'zod';
import { serviceConfig, signingSecrets } from '@hhp/kit';
import { DEFAULT_SUPPORT_EMAIL } from '@hhp/proto/catalogue/practitioner';
import { servicePort } from '@hhp/proto/services';

/** `http://127.0.0.1:12111` (stripe-mock): the SDK's protocol, host and port instead of api.stripe.com. */
const stripeApiUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL such as http://127.0.0.1:12111' })
  .transform((value) => new URL(value));

export const PaymentsConfig = serviceConfig('payments', servicePort('payments')).extend({
  /** With the publishable key, turns payments on; without both every payment call answers 503. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  /** Verifies POST /api/stripe/webhook (`whsec_…`, from the dashboard or `stripe listen`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another Stripe API server than api.stripe.com (stripe-mock in tests). */
  STRIPE_API_URL: stripeApiUrl.optional(),
  /** How long one Stripe call may take before it is given up (the SDK retries network errors once more). */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(500).max(80_000).default(10_000),
  /** Signs the subscriber cookie that ai-query verifies (the same secret on both). */
  SUBSCRIBER_COOKIE_SECRET: signingSecrets.optional(),
  /**
   * The secret the subscriber cookie was signed with before SUBSCRIBER_COOKIE_SECRET was rotated: still
   * accepted, and re-signed with the current one, so nobody is logged out (deploy/README.md, "Rotate the subscriber cookie secret"). Unset: none.
   */
  SUBSCRIBER_COOKIE_PREVIOUS_SECRET: signingSecrets.optional(),
  /** Where Checkout sends the visitor back: the portal's public address. */
  PUBLIC_BASE_URL: z
    .url()
    .default('http://localhost:8080')
    .transform((value) => value.replace(/\/+$/, '')),
  /** Shown in the "payment service unavailable" answers. */
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
  /** How long the booking service may take to tell a session's price before the visitor gets 503. */
  BOOKING_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2000),
  /** How long a sign-in link works (15 minutes; the e-mail says so). */
  SIGN_IN_LINK_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Sign-in links sent to one e-mail address per window; over it nothing is sent (the answer is the same). */
  SIGN_IN_LINKS_PER_EMAIL: z.coerce.number().int().min(0).max(1000).default(5),
  /** Sign-in requests per client address per window; over it 429. 0: no limit. */
  SIGN_IN_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000).default(20),
  /** The window of both sign-in limits (an hour). */
  SIGN_IN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /** How long a request waits for the database before it is answered 503 (the write itself goes on). */
  DB_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
});
export type PaymentsConfig = z.output<typeof PaymentsConfig>;

/** Payments are on when both keys are set; the webhook secret is needed for webhooks only. */
export const paymentsConfigured = (config: PaymentsConfig): boolean =>
  Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY);
