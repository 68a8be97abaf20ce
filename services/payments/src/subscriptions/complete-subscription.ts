import { HttpError, orUnavailable } from '@hhp/kit';
import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  type CompleteSubscriptionRequest,
  type CompleteSubscriptionResponse,
} from '@hhp/proto';
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { answeredAt } from '../stripe/client.js';
import { callStripe } from '../stripe/errors.js';
import { SUBSCRIPTIONS_STORE_UNAVAILABLE, type SubscriptionDeps } from './deps.js';
import { ATTEMPT_METADATA_KEY, verifyCompletionToken } from './completion-token.js';
import { viewOf } from './subscription-state.js';

const CUSTOMER_NOT_FOUND = 'Customer not found: start the subscription again with your e-mail address.';
const SUBSCRIBE_BUSY = 'This subscription is being set up already. Please wait a moment and try again.';
const NOT_THIS_ATTEMPT =
  'completionToken: this subscription was not started in this browser, or over an hour ago. Start again with your e-mail address.';
const ALREADY_SUBSCRIBED =
  'This e-mail address already has a subscription, so nothing was charged. We have e-mailed it how to use the subscription on this device.';

export interface CompletedSubscription {
  response: CompleteSubscriptionResponse;
  /** Set when the subscription is active: the customer the subscriber cookie names. */
  subscriberId?: string;
}

/** What the browser is told of a subscription: its status, and what to confirm when the invoice needs it. */
function answer(subscription: Stripe.Subscription, customerId: string): CompletedSubscription {
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const secret = invoice?.confirmation_secret?.client_secret;
  const needsAction = subscription.status === 'incomplete' && Boolean(secret);
  const active = ACTIVE_SUBSCRIPTION_STATUSES.includes(subscription.status);
  return {
    response: {
      subscriptionId: subscription.id,
      status: subscription.status,
      ...(needsAction && { clientSecret: secret }),
    },
    ...(active && { subscriberId: customerId }),
  };
}

const EXPAND = ['latest_invoice.confirmation_secret'];

/** Who is asking: the signing secrets (current first) and the customer of the request's subscriber cookie. */
export interface CompletionCaller {
  secrets: readonly (string | undefined)[];
  cookieCustomerId: string | undefined;
}

/**
 * The subscribe screen's last step, after the browser confirmed the SetupIntent: the card becomes the
 * customer's default and the $19/month subscription is created and charged. Only the browser that started
 * this attempt can ask: `completionToken` is create-subscription's proof (completion-token.ts), bound to this
 * customer; a customer id alone gets a 400 or 403 and Stripe is not called. Called again (after the browser
 * confirmed a first invoice that needed 3-D Secure, or from a second tab), it answers the customer's running
 * subscription as Stripe has it now instead of creating another, but only to the attempt that created it
 * (its Stripe metadata says which) or to a browser that already holds that customer's subscriber cookie;
 * anyone else who started an attempt with the address gets 409 and nothing of the subscription. Nothing is
 * stored here until Stripe has created the subscription.
 */
export async function completeSubscription(
  deps: SubscriptionDeps,
  { customerId, paymentMethodId, completionToken }: CompleteSubscriptionRequest,
  caller: CompletionCaller,
  { logger, requestId }: { logger: Logger; requestId: string },
): Promise<CompletedSubscription> {
  const proof = verifyCompletionToken(completionToken, caller.secrets);
  if (!proof || proof.customerId !== customerId) throw new HttpError(403, NOT_THIS_ATTEMPT);
  const { stripe, customers, subscriptions, claims, price, dbTimeoutMs } = deps;
  const db = <T>(work: Promise<T>) => orUnavailable(dbTimeoutMs, work, SUBSCRIPTIONS_STORE_UNAVAILABLE);
  const customer = await db(customers.findById(customerId).lean());
  if (!customer) throw new HttpError(404, CUSTOMER_NOT_FOUND);

  const running = async (): Promise<CompletedSubscription | undefined> => {
    const live = await db(subscriptions.live(customerId));
    if (!live) return undefined;
    const current = await callStripe(logger, () => stripe.subscriptions.retrieve(live._id, { expand: EXPAND }));
    const createdByThisAttempt = current.metadata?.[ATTEMPT_METADATA_KEY] === proof.attempt;
    if (!createdByThisAttempt && caller.cookieCustomerId !== customerId) {
      logger.info({ customerId, subscriptionId: current.id }, 'another attempt asked for a running subscription');
      throw new HttpError(409, ALREADY_SUBSCRIBED);
    }
    const asOf = answeredAt(current);
    const view = { ...viewOf(current, asOf), customerId };
    await db(subscriptions.apply(view, `${current.id}-${current.status}-${asOf}`, requestId));
    return answer(current, customerId);
  };
  const existing = await running();
  if (existing) return existing;
  if (!(await db(claims.take(customerId)))) {
    const meanwhile = await running();
    if (meanwhile) return meanwhile;
    throw new HttpError(409, SUBSCRIBE_BUSY);
  }
  try {
    const card = await callStripe(logger, () => stripe.paymentMethods.retrieve(paymentMethodId), {
      notFound: 'paymentMethodId: no such card; enter the card again',
    });
    const owner = card.customer && (typeof card.customer === 'string' ? card.customer : card.customer.id);
    if (owner && owner !== customerId) throw new HttpError(400, 'paymentMethodId: this card belongs to someone else');
    if (!owner) await callStripe(logger, () => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
    await callStripe(logger, () =>
      stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }),
    );
    const priceId = await callStripe(logger, () => price.get());
    const subscription = await callStripe(logger, () =>
      stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: priceId }],
          default_payment_method: paymentMethodId,
          // Charged now; when the first invoice needs the customer (3-D Secure) the subscription is
          // created `incomplete` and the browser confirms the invoice's confirmation secret.
          payment_behavior: 'allow_incomplete',
          // The attempt, so that a later call can be matched to the subscription it created (in the same call).
          metadata: {
            [ATTEMPT_METADATA_KEY]: proof.attempt,
            ...(proof.bookingId && { bookingId: proof.bookingId }),
          },
          expand: EXPAND,
        },
        { idempotencyKey: `subscription-${customerId}-${paymentMethodId}` },
      ),
    );
    const asOf = answeredAt(subscription);
    const view = {
      ...viewOf(subscription, asOf),
      customerId,
      ...(proof.bookingId && { bookingId: proof.bookingId }),
    };
    await db(subscriptions.apply(view, `${subscription.id}-${subscription.status}-${asOf}`, requestId));
    deps.metrics.subscriptionsCreated.inc({ status: subscription.status });
    logger.info({ customerId, subscriptionId: subscription.id, status: subscription.status }, 'subscription created');
    return answer(subscription, customerId);
  } finally {
    await claims.release(customerId).catch((err: unknown) => logger.warn({ err }, 'could not release the claim'));
  }
}
