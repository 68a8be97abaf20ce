import { HttpError, isDuplicateKeyError, orUnavailable } from '@hhp/kit';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@hhp/proto';
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { PROVIDER_FAILED, callStripe } from '../stripe/errors.js';
import type { PaymentsMetrics } from '../metrics.js';
import { assertAmountMatches, assertPayable, type BookingLookup } from './booking-lookup.js';
import type { PaymentModel } from './payment.model.js';

export const PAYMENTS_STORE_UNAVAILABLE = 'Payment service unavailable: please try again in a moment.';

export interface IntentDeps {
  stripe: Stripe;
  payments: PaymentModel;
  booking: BookingLookup;
  metrics: PaymentsMetrics;
  dbTimeoutMs: number;
}

/**
 * One PaymentIntent per session, for the price booking states. The idempotency key is the session's, so a
 * retry, a second tab, or a request racing this one gets the same intent from Stripe; the intent is kept
 * in payments' own `payments` collection, so later asks answer its client secret without calling Stripe.
 * Nothing is created for a session that is unknown, not awaiting payment, or asked with another amount.
 */
export async function createPaymentIntent(
  { stripe, payments, booking, metrics, dbTimeoutMs }: IntentDeps,
  request: CreatePaymentIntentRequest,
  { requestId, logger }: { requestId: string; logger: Logger },
): Promise<CreatePaymentIntentResponse> {
  const session = await booking.session(request.sessionId, requestId);
  assertPayable(session);
  assertAmountMatches(request.amount, session.priceCents);

  const stored = () => orUnavailable(dbTimeoutMs, payments.findById(session.id).lean(), PAYMENTS_STORE_UNAVAILABLE);
  const existing = await stored();
  if (existing?.clientSecret) return { clientSecret: existing.clientSecret };

  const intent = await callStripe(logger, () =>
    stripe.paymentIntents.create(
      {
        amount: session.priceCents,
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        metadata: { bookingId: session.id },
        description: `Holistic Health Portal ${session.type} session`,
      },
      { idempotencyKey: `payment-intent-${session.id}` },
    ),
  );
  if (!intent.client_secret) {
    logger.error({ paymentIntentId: intent.id }, 'Stripe returned a payment intent without a client secret');
    throw new HttpError(502, PROVIDER_FAILED);
  }
  const now = new Date();
  try {
    await orUnavailable(
      dbTimeoutMs,
      payments.create({
        _id: session.id,
        paymentIntentId: intent.id,
        clientSecret: intent.client_secret,
        amountCents: session.priceCents,
        currency: 'usd',
        status: 'created',
        createdAt: now,
        updatedAt: now,
      }),
      PAYMENTS_STORE_UNAVAILABLE,
    );
  } catch (err) {
    // A request for the same session stored its intent first (with Stripe, the same intent): answer that one.
    if (!isDuplicateKeyError(err)) throw err;
    const winner = await stored();
    if (winner?.clientSecret) return { clientSecret: winner.clientSecret };
    // Written by a webhook (the record had been lost): keep its state, add the secret.
    await payments.updateOne({ _id: session.id }, { $set: { clientSecret: intent.client_secret } });
  }
  metrics.intentsCreated.inc();
  logger.info(
    { bookingId: session.id, paymentIntentId: intent.id, amountCents: session.priceCents },
    'payment intent created',
  );
  return { clientSecret: intent.client_secret };
}
