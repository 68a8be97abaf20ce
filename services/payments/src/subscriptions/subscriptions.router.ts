import { Router, type Request } from 'express';
import {
  CheckoutCompleteRequest,
  CompleteSubscriptionRequest,
  CreateCheckoutSessionRequest,
  CreateSubscriptionRequest,
} from '@hhp/proto';
import { HttpError, orUnavailable, requestContext } from '@hhp/kit';
import { parseBody } from '../parse-body.js';
import { CHECKOUT_OF_ANOTHER_BROWSER, completeCheckout, createCheckoutSession } from './checkout.js';
import { setCheckoutCookie, startedCheckout } from './checkout-cookie.js';
import { completeSubscription } from './complete-subscription.js';
import { createSubscription } from './create-subscription.js';
import { SUBSCRIPTIONS_STORE_UNAVAILABLE, type SubscriptionDeps } from './deps.js';
import { cookieCustomer, cookieSubscriber, setSubscriberCookie } from './subscriber-cookie.js';
import { statusOf } from './subscription-status.js';

const SUBSCRIBE_OFF = 'Subscriptions are not available on this portal right now.';

/**
 * POST /api/create-subscription, /api/complete-subscription, /api/create-checkout-session,
 * /api/subscription/checkout-complete; GET /api/subscription. `cookieSecret` undefined: no subscriber
 * cookie is set or read (ai-query could not verify it either), and the four subscribing calls answer 503
 * (their proofs are signed with it).
 */
export function subscriptionsRouter(
  deps: SubscriptionDeps,
  cookieSecret: string | undefined,
  previousCookieSecret?: string,
): Router {
  const router = Router();
  const context = (req: Request) => {
    const { requestId, logger } = requestContext(req);
    return { requestId, logger };
  };
  router.post('/api/create-subscription', async (req, res) => {
    const request = parseBody(CreateSubscriptionRequest, req);
    // The attempt's proof is signed with the cookie's secret; without one there is no subscriber to make.
    if (!cookieSecret) throw new HttpError(503, SUBSCRIBE_OFF);
    const answer = await createSubscription(deps, request, cookieSecret, context(req).logger);
    res.set('Cache-Control', 'no-store').json(answer);
  });
  router.post('/api/complete-subscription', async (req, res) => {
    const request = parseBody(CompleteSubscriptionRequest, req);
    if (!cookieSecret) throw new HttpError(503, SUBSCRIBE_OFF);
    const secrets = [cookieSecret, previousCookieSecret];
    const caller = { secrets, cookieCustomerId: cookieCustomer(req, secrets) };
    const { response, subscriberId } = await completeSubscription(deps, request, caller, context(req));
    if (subscriberId) setSubscriberCookie(req, res, subscriberId, cookieSecret);
    res.set('Cache-Control', 'no-store').json(response);
  });
  router.post('/api/create-checkout-session', async (req, res) => {
    const request = parseBody(CreateCheckoutSessionRequest, req);
    if (!cookieSecret) throw new HttpError(503, SUBSCRIBE_OFF);
    const { response, checkoutSessionId } = await createCheckoutSession(deps, request, context(req).logger);
    setCheckoutCookie(req, res, checkoutSessionId, cookieSecret);
    res.set('Cache-Control', 'no-store').json(response);
  });
  router.post('/api/subscription/checkout-complete', async (req, res) => {
    const { sessionId } = parseBody(CheckoutCompleteRequest, req);
    if (!cookieSecret) throw new HttpError(503, SUBSCRIBE_OFF);
    // The id is in the return address (history, logs): only the browser that started the checkout may use it.
    if (startedCheckout(req, [cookieSecret, previousCookieSecret]) !== sessionId) {
      throw new HttpError(403, CHECKOUT_OF_ANOTHER_BROWSER);
    }
    const { customerId, subscription } = await completeCheckout(deps, sessionId, context(req));
    setSubscriberCookie(req, res, customerId, cookieSecret);
    res.set('Cache-Control', 'no-store').json(statusOf(subscription));
  });
  router.get('/api/subscription', async (req, res) => {
    const cookie = cookieSecret ? cookieSubscriber(req, [cookieSecret, previousCookieSecret]) : undefined;
    const customerId = cookie?.customerId;
    const record = customerId
      ? await orUnavailable(
          deps.dbTimeoutMs,
          deps.subscriptions.forCustomer(customerId),
          SUBSCRIPTIONS_STORE_UNAVAILABLE,
        )
      : undefined;
    // Signed with the secret before a rotation: signed anew with the current one, so that the previous secret
    // can be dropped once the subscribers have been back.
    if (cookie?.stale && record && cookieSecret) setSubscriberCookie(req, res, cookie.customerId, cookieSecret);
    res.set('Cache-Control', 'no-store').json(statusOf(record));
  });
  return router;
}
