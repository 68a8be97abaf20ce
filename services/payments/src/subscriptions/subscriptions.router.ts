import { Router, type Request } from 'express';
import {
  CheckoutCompleteRequest,
  CompleteSubscriptionRequest,
  CreateCheckoutSessionRequest,
  CreateSubscriptionRequest,
} from '@hhp/proto';
import { orUnavailable, parse, requestContext } from '@hhp/kit';
import { completeCheckout, createCheckoutSession } from './checkout.js';
import { completeSubscription } from './complete-subscription.js';
import { createSubscription } from './create-subscription.js';
import { SUBSCRIPTIONS_STORE_UNAVAILABLE, type SubscriptionDeps } from './deps.js';
import { cookieSubscriber, setSubscriberCookie } from './subscriber-cookie.js';
import { statusOf } from './subscription-status.js';

/**
 * POST /api/create-subscription, /api/complete-subscription, /api/create-checkout-session,
 * /api/subscription/checkout-complete; GET /api/subscription. `cookieSecret` undefined: no subscriber
 * cookie is set or read (ai-query could not verify it either).
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
    const request = parse(CreateSubscriptionRequest, req.body ?? {});
    res.set('Cache-Control', 'no-store').json(await createSubscription(deps, request, context(req).logger));
  });
  router.post('/api/complete-subscription', async (req, res) => {
    const request = parse(CompleteSubscriptionRequest, req.body ?? {});
    const { response, subscriberId } = await completeSubscription(deps, request, context(req));
    if (subscriberId && cookieSecret) setSubscriberCookie(req, res, subscriberId, cookieSecret);
    res.set('Cache-Control', 'no-store').json(response);
  });
  router.post('/api/create-checkout-session', async (req, res) => {
    const request = parse(CreateCheckoutSessionRequest, req.body ?? {});
    res.set('Cache-Control', 'no-store').json(await createCheckoutSession(deps, request, context(req).logger));
  });
  router.post('/api/subscription/checkout-complete', async (req, res) => {
    const { sessionId } = parse(CheckoutCompleteRequest, req.body ?? {});
    const { customerId, subscription } = await completeCheckout(deps, sessionId, context(req));
    if (cookieSecret) setSubscriberCookie(req, res, customerId, cookieSecret);
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
