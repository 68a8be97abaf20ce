import { z } from 'zod';

const Email = z.string().trim().toLowerCase().pipe(z.email('email must be a valid e-mail address').max(254));

/** POST /api/create-checkout-session */
export const CreateCheckoutSessionRequest = z.object({ email: Email.optional() }).strict();
export const CreateCheckoutSessionResponse = z.object({ url: z.url() });

/** POST /api/create-payment-intent. The amount is checked against the session's price, never trusted. */
export const CreatePaymentIntentRequest = z
  .object({
    amount: z.number().positive('amount must be positive'),
    sessionId: z.string().min(1, 'sessionId is required').max(100),
  })
  .strict();
export const CreatePaymentIntentResponse = z.object({ clientSecret: z.string() });

/** POST /api/create-subscription */
export const CreateSubscriptionRequest = z.object({ email: Email }).strict();
export const CreateSubscriptionResponse = z.object({ clientSecret: z.string(), customerId: z.string() });

/** POST /api/complete-subscription */
export const CompleteSubscriptionRequest = z
  .object({
    customerId: z.string().min(1, 'customerId is required').max(100),
    paymentMethodId: z.string().min(1, 'paymentMethodId is required').max(100),
  })
  .strict();
export const CompleteSubscriptionResponse = z.object({ subscriptionId: z.string() });

export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;
export type CreateCheckoutSessionResponse = z.infer<typeof CreateCheckoutSessionResponse>;
export type CreatePaymentIntentRequest = z.infer<typeof CreatePaymentIntentRequest>;
export type CreatePaymentIntentResponse = z.infer<typeof CreatePaymentIntentResponse>;
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;
export type CreateSubscriptionResponse = z.infer<typeof CreateSubscriptionResponse>;
export type CompleteSubscriptionRequest = z.infer<typeof CompleteSubscriptionRequest>;
export type CompleteSubscriptionResponse = z.infer<typeof CompleteSubscriptionResponse>;
