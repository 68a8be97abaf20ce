import { createHash } from 'node:crypto';
import { HttpError, isDuplicateKeyError, orUnavailable } from '@hhp/kit';
import type { CreateSubscriptionRequest, CreateSubscriptionResponse } from '@hhp/proto';
import type { Logger } from 'pino';
import { PROVIDER_FAILED, callStripe } from '../stripe/errors.js';
import { completionToken } from './completion-token.js';
import { SUBSCRIPTIONS_STORE_UNAVAILABLE, type SubscriptionDeps } from './deps.js';

/**
 * The subscribe screen's first step: the e-mail's customer (one per address, made on first use), a SetupIntent
 * that saves a card for the monthly charges, and the attempt's `completionToken` (completion-token.ts), which
 * complete-subscription requires. The booking it came from (if any) is in that token, for the subscription
 * that completes it (kept with the attempt, not the customer: another attempt with the address cannot swap it). The answer is the same whether or not the address already has a running
 * subscription, so that it tells nobody who subscribes (the customer a SetupIntent belongs to is not among what
 * Stripe.js can read of it); the subscriber is e-mailed instead (how to use the subscription on this device,
 * after the answer), and complete-subscription will not give this attempt the running subscription nor create
 * a second one.
 */
export async function createSubscription(
  deps: SubscriptionDeps,
  { email, sessionId }: CreateSubscriptionRequest,
  secret: string,
  logger: Logger,
): Promise<CreateSubscriptionResponse> {
  const { stripe, subscriptions, dbTimeoutMs } = deps;
  const db = <T>(work: Promise<T>) => orUnavailable(dbTimeoutMs, work, SUBSCRIPTIONS_STORE_UNAVAILABLE);
  const customerId = await customerFor(deps, email, logger);
  const live = await db(subscriptions.live(customerId));
  const setup = await callStripe(logger, () =>
    stripe.setupIntents.create({
      // A subscriber's address gets a card form like anyone's, but the card it saves is no one's: it cannot be
      // used here (complete-subscription answers 409), and nobody can add cards to a subscriber's customer.
      ...(!live && { customer: customerId }),
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
      metadata: sessionId ? { bookingId: sessionId } : {},
    }),
  );
  if (!setup.client_secret) {
    logger.error({ setupIntentId: setup.id }, 'Stripe returned a SetupIntent without a client secret');
    throw new HttpError(502, PROVIDER_FAILED);
  }
  logger.info({ customerId, setupIntentId: setup.id, bookingId: sessionId }, 'card setup started');
  if (live) deps.alreadySubscribed(email, customerId, logger);
  return {
    clientSecret: setup.client_secret,
    customerId,
    completionToken: completionToken(customerId, secret, { bookingId: sessionId }),
  };
}

/** The address's customer id, creating the Stripe customer the first time. */
async function customerFor({ stripe, customers, dbTimeoutMs }: SubscriptionDeps, email: string, logger: Logger) {
  const db = <T>(work: Promise<T>) => orUnavailable(dbTimeoutMs, work, SUBSCRIPTIONS_STORE_UNAVAILABLE);
  const known = await db(customers.findOne({ email }).lean());
  if (known) return known._id;
  // Two first requests for one address send the same key and get the same customer from Stripe.
  const digest = createHash('sha256').update(email).digest('hex').slice(0, 32);
  const customer = await callStripe(logger, () =>
    stripe.customers.create({ email }, { idempotencyKey: `customer-${digest}` }),
  );
  const now = new Date();
  try {
    await db(customers.create({ _id: customer.id, email, createdAt: now, updatedAt: now }));
    return customer.id;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const winner = await db(customers.findOne({ email }).lean());
    if (!winner) throw err;
    return winner._id;
  }
}
