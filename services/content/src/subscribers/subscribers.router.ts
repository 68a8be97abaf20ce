import { Router } from 'express';
import type { SubscribeEmailResponse } from '@hhp/proto';
import { SubscribeEmailRequest } from '@hhp/proto';
import { parse, type OutboxRelay } from '@hhp/kit';
import { bodyObject, requestContext } from '../http/request.js';
import type { SubscriberModel } from './subscriber.model.js';
import { subscribeEmail } from './subscribe-email.js';

/** The same answer for a new and a known address, so the endpoint does not reveal who is on the list. */
const SUBSCRIBED: SubscribeEmailResponse = { message: 'Subscribed' };

/** POST /api/subscribe-email */
export function subscribersRouter(subscribers: SubscriberModel, events: OutboxRelay): Router {
  const router = Router();
  router.post('/api/subscribe-email', async (req, res) => {
    const request = parse(SubscribeEmailRequest, bodyObject(req));
    const { requestId, log } = requestContext(req);
    const added = await subscribeEmail(subscribers, request, requestId);
    if (added) events.kick();
    log.info({ added, source: request.source }, 'e-mail subscription');
    res.set('Cache-Control', 'no-store').json(SUBSCRIBED);
  });
  return router;
}
