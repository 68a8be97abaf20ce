import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './events.js';
import { EmailAddress, singleLine } from './text.js';

const Email = EmailAddress;

/** POST /api/create-checkout-session */
const BookingId = singleLine({ max: 100 }).min(1);

/** A Stripe object id (`cus_…`, `pm_…`, `cs_test_…`): anything else is refused before Stripe is asked. */
const stripeId = (prefix: string, field: string, max = 100) =>
  z
    .string()
    .min(1, `${field} is required`)
    .max(max)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), `${field} must be a Stripe id starting with ${prefix}_`);

/** `sessionId`: the subscription plan's booking (/subscribe?sessionId=), confirmed once the subscription is active. */
export const CreateCheckoutSessionRequest = z
  .object({ email: Email.optional(), sessionId: BookingId.optional() })
  .strict();
export const CreateCheckoutSessionResponse = z.object({ url: z.url() });

/** POST /api/create-payment-intent. The amount is checked against the session's price, never trusted. */
export const CreatePaymentIntentRequest = z
  .object({
    amount: z.number().positive('amount must be positive'),
    sessionId: singleLine({ max: 100 }).min(1, 'sessionId is required'),
  })
  .strict();
export const CreatePaymentIntentResponse = z.object({ clientSecret: z.string() });

/**
 * POST /api/create-subscription. The same answer whether or not the address already subscribes (a subscriber
 * is e-mailed instead). `completionToken` proves to complete-subscription that it is this browser's attempt:
 * the customer id alone proves nothing.
 */
export const CreateSubscriptionRequest = z.object({ email: Email, sessionId: BookingId.optional() }).strict();
export const CreateSubscriptionResponse = z.object({
  clientSecret: z.string(),
  customerId: z.string(),
  completionToken: z.string(),
});

/**
 * create-subscription's `completionToken`: `<customerId>.<attempt>.<booking>.<expires>.<signature>` (the kit's
 * signed values), or the earlier form `<customerId>.<attempt>.<expires>.<booking>.<signature>` within its hour.
 */
const CompletionToken = z
  .string()
  .min(1, 'completionToken is required')
  .max(800)
  .regex(
    /^cus_[A-Za-z0-9_]+\.[A-Za-z0-9_-]{22}\.(?:[A-Za-z0-9_-]{0,540}\.\d{1,12}\.[A-Za-z0-9_-]{24}|\d{1,12}\.[A-Za-z0-9_-]{0,540}\.[A-Za-z0-9_-]{43})$/,
    'completionToken must be the completionToken that create-subscription answered',
  );

/** POST /api/complete-subscription */
export const CompleteSubscriptionRequest = z
  .object({
    customerId: stripeId('cus', 'customerId'),
    paymentMethodId: stripeId('pm', 'paymentMethodId'),
    completionToken: CompletionToken,
  })
  .strict();
/**
 * `clientSecret` only when the first invoice still needs the customer's action (3-D Secure): the browser
 * confirms it with Stripe.js (the invoice's `confirmation_secret`).
 */
export const CompleteSubscriptionResponse = z.object({
  subscriptionId: z.string(),
  status: z.string(),
  clientSecret: z.string().optional(),
});

/** GET /api/payments/config: 503 when payments are not configured. */
export const PaymentsConfigResponse = z.object({ publishableKey: z.string() });
export type PaymentsConfigResponse = z.infer<typeof PaymentsConfigResponse>;

/** GET /api/payments/status?sessionId=: what Stripe says of the session's payment, checked by the server. */
export const PaymentStatusQuery = z
  .object({ sessionId: singleLine({ max: 100 }).min(1, 'sessionId is required') })
  .strict();
export const PAYMENT_STATES = ['none', 'processing', 'succeeded', 'failed', 'refunded'] as const;
export const PaymentStatusResponse = z.object({ payment: z.enum(PAYMENT_STATES) });
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponse>;

/**
 * GET /api/subscription: the subscription of this browser's subscriber cookie, as the webhooks left it
 * (`none` without a cookie). POST /api/subscription/checkout-complete `{ sessionId }` verifies a hosted
 * Checkout session with Stripe, sets the cookie and answers the same.
 */
export const SubscriptionStatusResponse = z.object({
  status: z.enum(['none', ...SUBSCRIPTION_STATUSES]),
  active: z.boolean(),
  currentPeriodEnd: z.string().optional(),
});
export type SubscriptionStatusResponse = z.infer<typeof SubscriptionStatusResponse>;
export const CheckoutCompleteRequest = z.object({ sessionId: stripeId('cs', 'sessionId', 300) }).strict();
export type CheckoutCompleteRequest = z.infer<typeof CheckoutCompleteRequest>;

export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;
export type CreateCheckoutSessionResponse = z.infer<typeof CreateCheckoutSessionResponse>;
export type CreatePaymentIntentRequest = z.infer<typeof CreatePaymentIntentRequest>;
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponse>;
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;
export type CompleteSubscriptionRequest = z.infer<typeof CompleteSubscriptionRequest>;
export type CompleteSubscriptionResponse = z.infer<typeof CompleteSubscriptionResponse>;

/**
 * POST /api/subscription/sign-in `{ email }`: a subscriber on another device asks for a one-time sign-in
 * link. Always 202 with SIGN_IN_LINK_ANSWER, whether or not the address has a subscription.
 */
export const SignInLinkRequest = z.object({ email: Email }).strict();
export type SignInLinkRequest = z.infer<typeof SignInLinkRequest>;
export const SIGN_IN_LINK_ANSWER =
  'If that address has an active subscription, we have sent it a sign-in link. It works once, within 15 minutes.';
export const SignInLinkResponse = z.object({ message: z.string() });
export type SignInLinkResponse = z.infer<typeof SignInLinkResponse>;

/** The sign-in link's token: 32 random bytes, base64url (43 characters). */
const LinkToken = z
  .string()
  .min(1, 'token is required')
  .regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the 43-character token of a sign-in link');

/** POST /api/subscription/sign-in/complete `{ token }`: sets the subscriber cookie; answers the subscription. */
export const CompleteSignInRequest = z.object({ token: LinkToken }).strict();
export type CompleteSignInRequest = z.infer<typeof CompleteSignInRequest>;
export const SIGN_IN_LINK_INVALID = 'This sign-in link has expired or was already used. Ask for a new one.';

/**
 * POST /api/subscription/portal `{ token? }`: Stripe's customer portal for the subscription of the welcome
 * e-mail's "Manage subscription" token, or without one of this browser's subscriber cookie.
 */
export const PortalRequest = z
  .object({
    token: z
      .string()
      .min(1, 'token must not be empty')
      .max(300)
      .regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+){1,2}$/, 'token must be the token of a "Manage subscription" link')
      .optional(),
  })
  .strict();
export type PortalRequest = z.infer<typeof PortalRequest>;
export const PortalResponse = z.object({ url: z.url() });
export type PortalResponse = z.infer<typeof PortalResponse>;

/**
 * POST /api/stripe/webhook: what the portal reads of a Stripe event once its signature verifies (the rest is
 * Stripe's own). Its id is stored, as the record that the event was applied.
 */
export const StripeWebhookRequest = z.object({
  id: singleLine({ max: 255 }).min(1, 'id is required'),
  type: singleLine({ max: 255 }).min(1, 'type is required'),
});

/**
 * rpc.payments.v1.status: whether payments can take a payment now (Stripe's keys are set), asked by booking
 * before it holds a slot for a payment; `supportEmail` is where visitors are sent instead when it cannot.
 */
export const PaymentsStatusRequest = z.object({}).strict();
export type PaymentsStatusRequest = z.infer<typeof PaymentsStatusRequest>;
export const PaymentsStatusResponse = z.object({ acceptsPayments: z.boolean(), supportEmail: z.string() });
export type PaymentsStatusResponse = z.infer<typeof PaymentsStatusResponse>;
