import { HttpError, isDuplicateKeyError, orUnavailable } from '@hhp/kit';
import type { CreateCheckoutSessionRequest, CreateCheckoutSessionResponse } from '@hhp/proto';
import type { Logger } from 'pino';
import { PROVIDER_FAILED, callStripe } from '../stripe/errors.js';
import { answeredAt } from '../stripe/client.js';
import type { CustomerModel } from './customer.model.js';
import { SUBSCRIPTIONS_STORE_UNAVAILABLE, type SubscriptionDeps } from './deps.js';
import { viewOf } from './subscription-state.js';
import type { SubscriptionDocument } from './subscription.model.js';

const CHECKOUT_NOT_FOUND = 'Checkout session not found';
const CHECKOUT_NOT_COMPLETE = 'This checkout has not been completed.';
const CHECKOUT_NOT_PAID = 'The payment for this checkout has not gone through yet.';
export const CHECKOUT_OF_ANOTHER_BROWSER =
  'This checkout was started in another browser. To use the subscription here, choose "Already subscribed?" and enter your e-mail address.';

/** Stripe's hosted Checkout for the monthly subscription (the specification's "checkout session" call). */
export async function createCheckoutSession(
  { stripe, price, publicBaseUrl, metrics }: SubscriptionDeps,
  { email, sessionId }: CreateCheckoutSessionRequest,
  logger: Logger,
): Promise<{ response: CreateCheckoutSessionResponse; checkoutSessionId: string }> {
  const priceId = await callStripe(logger, () => price.get());
  const cancel = sessionId ? `/subscribe?sessionId=${encodeURIComponent(sessionId)}` : '/subscribe';
  const checkout = await callStripe(logger, () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: priceId, quantity: 1 }],
      // Stripe puts the session's id in place of the template before it sends the visitor back.
      success_url: `${publicBaseUrl}/subscription-confirmed?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicBaseUrl}${cancel}`,
      ...(email && { customer_email: email }),
      ...(sessionId && {
        client_reference_id: sessionId,
        metadata: { bookingId: sessionId },
        subscription_data: { metadata: { bookingId: sessionId } },
      }),
    }),
  );
  if (!checkout.url) {
    logger.error({ checkoutSessionId: checkout.id }, 'Stripe returned a Checkout session without a URL');
    throw new HttpError(502, PROVIDER_FAILED);
  }
  metrics.checkoutSessions.inc();
  logger.info({ checkoutSessionId: checkout.id, bookingId: sessionId }, 'checkout session created');
  return { response: { url: checkout.url }, checkoutSessionId: checkout.id };
}

export interface CheckoutResult {
  customerId: string;
  subscription: SubscriptionDocument | undefined;
}

/**
 * The visitor is back from Checkout with its session id, which the router has matched to the browser's
 * checkout cookie (checkout-cookie.ts): Stripe (not the browser) says whether that checkout was completed and
 * paid, and for which customer. Its subscription is recorded as Stripe has it.
 */
export async function completeCheckout(
  { stripe, customers, subscriptions, dbTimeoutMs }: SubscriptionDeps,
  checkoutSessionId: string,
  { logger, requestId }: { logger: Logger; requestId: string },
): Promise<CheckoutResult> {
  const checkout = await callStripe(
    logger,
    () => stripe.checkout.sessions.retrieve(checkoutSessionId, { expand: ['subscription'] }),
    { notFound: CHECKOUT_NOT_FOUND },
  );
  if (checkout.mode !== 'subscription' || checkout.status !== 'complete')
    throw new HttpError(409, CHECKOUT_NOT_COMPLETE);
  if (checkout.payment_status === 'unpaid') throw new HttpError(409, CHECKOUT_NOT_PAID);
  const customerId = idOf(checkout.customer);
  if (!customerId) {
    logger.error({ checkoutSessionId }, 'a completed subscription checkout without a customer');
    throw new HttpError(502, PROVIDER_FAILED);
  }
  const email = checkout.customer_details?.email ?? checkout.customer_email;
  if (email) await orUnavailable(dbTimeoutMs, remember(customers, customerId, email), SUBSCRIPTIONS_STORE_UNAVAILABLE);
  const subscription = typeof checkout.subscription === 'object' ? checkout.subscription : null;
  if (subscription) {
    const asOf = answeredAt(checkout);
    const bookingId = checkout.metadata?.bookingId ?? checkout.client_reference_id ?? undefined;
    const view = { ...viewOf(subscription, asOf), customerId, ...(bookingId && { bookingId }) };
    await orUnavailable(
      dbTimeoutMs,
      subscriptions.apply(view, `${subscription.id}-${subscription.status}-${asOf}`, requestId),
      SUBSCRIPTIONS_STORE_UNAVAILABLE,
    );
  }
  const stored = await orUnavailable(
    dbTimeoutMs,
    subscriptions.forCustomer(customerId),
    SUBSCRIPTIONS_STORE_UNAVAILABLE,
  );
  return { customerId, subscription: stored };
}

/**
 * A customer that Stripe's Checkout made is remembered with its address, so that the address can ask for a
 * sign-in link on another device. An address already known keeps its customer.
 */
async function remember(customers: CustomerModel, customerId: string, email: string): Promise<void> {
  const now = new Date();
  try {
    await customers.create({ _id: customerId, email: email.trim().toLowerCase(), createdAt: now, updatedAt: now });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

const idOf = (value: string | { id: string } | null): string | undefined =>
  value === null ? undefined : typeof value === 'string' ? value : value.id;
