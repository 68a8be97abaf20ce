import { Router } from 'express';
import type { SubscribeEmailResponse } from '@hhp/proto';
import { SubscribeEmailRequest } from '@hhp/proto';
import { orUnavailable, parse, type OutboxRelay } from '@hhp/kit';
import { bodyObject, requestContext } from '../http/request.js';
import type { SubscriberModel } from './subscriber.model.js';
import { subscribeEmail } from './subscribe-email.js';

/** The same answer for a new and a known address, so the endpoint does not reveal who is on the list. */
const SUBSCRIBED: SubscribeEmailResponse = { message: 'Subscribed' };

export const LIST_UNAVAILABLE = 'The e-mail list is not available right now. Please try again in a moment.';

/** POST /api/subscribe-email; a database slower than `timeoutMs` is answered 503 at once. */
export function subscribersRouter(subscribers: SubscriberModel, events: OutboxRelay, timeoutMs: number): Router {
  const router = Router();
  router.post('/api/subscribe-email', async (req, res) => {
    const request = parse(SubscribeEmailRequest, bodyObject(req));
    const { requestId, log } = requestContext(req);
    // After a 503 the write goes on: it lands late, or the visitor's retry does, and the unique address
    // makes the two one subscriber with one event. Its event is kicked out whenever it lands.
    const write = subscribeEmail(subscribers, request, requestId).then((added) => {
      if (added) events.kick();
      return added;
    });
    const added = await orUnavailable(timeoutMs, write, LIST_UNAVAILABLE);
    log.info({ added, source: request.source }, 'e-mail subscription');
    res.set('Cache-Control', 'no-store').json(SUBSCRIBED);
  });
  return router;
}
