import { Router } from 'express';
import type { SubscribeEmailResponse } from '@hhp/proto';
import { SubscribeEmailRequest } from '@hhp/proto';
import { bodyObject, HttpError, orUnavailable, parse, requestContext, type OutboxRelay } from '@hhp/kit';
import type { SubscriberModel } from './subscriber.model.js';
import { subscribeEmail } from './subscribe-email.js';
import type { Admission, SignupLimits } from './signup-limits.js';

/** The same answer for a new and a known address, so the endpoint does not reveal who is on the list. */
const SUBSCRIBED: SubscribeEmailResponse = { message: 'Subscribed' };

/** The list cannot be used at all (no LIST_TOKEN_SECRET): nothing was done. */
export const LIST_UNAVAILABLE = 'The e-mail list is not available right now. Please try again in a moment.';

/**
 * A sign-up the database did not answer in time. Its write goes on and may land (and its confirmation e-mail go
 * out) after the visitor was answered, so the answer does not say that it failed; trying again is harmless.
 */
const SIGNUP_UNCERTAIN =
  'The e-mail list did not answer in time, so we cannot tell yet whether your sign-up was saved. Please try again in a moment: signing up twice sends only one confirmation e-mail.';

/** The one answer to a sign-up over either limit (signup-limits.ts), whether or not the address is listed. */
const TOO_MANY_SIGNUPS = 'Too many sign-ups from here. Please try again later.';

/**
 * POST /api/subscribe-email; a database slower than `timeoutMs` is answered 503 at once. `limits`
 * (undefined: none) counts sign-ups per client address and per e-mail address.
 */
export function subscribersRouter(
  subscribers: SubscriberModel,
  events: OutboxRelay,
  timeoutMs: number,
  limits?: SignupLimits,
): Router {
  const router = Router();
  router.post('/api/subscribe-email', async (req, res) => {
    const request = parse(SubscribeEmailRequest, bodyObject(req));
    const { requestId, logger: log } = requestContext(req);
    const admission: Admission = limits
      ? await limits.admit({ address: requestContext(req).clientAddress, email: request.email })
      : { ok: true };
    if (!admission.ok) {
      log.info({ source: request.source }, 'e-mail subscription refused: over the sign-up limit');
      res.set('Retry-After', String(admission.retryAfterSeconds)).set('Cache-Control', 'no-store');
      throw new HttpError(429, TOO_MANY_SIGNUPS);
    }
    // After a 503 the write goes on: it lands late, or the visitor's retry does, and the unique address
    // makes the two one subscriber with one event. Its event is kicked out whenever it lands.
    const write = subscribeEmail(subscribers, request, requestId).then((added) => {
      if (added) events.kick();
      return added;
    });
    const added = await orUnavailable(timeoutMs, write, SIGNUP_UNCERTAIN);
    log.info({ added, source: request.source }, 'e-mail subscription');
    res.set('Cache-Control', 'no-store').json(SUBSCRIBED);
  });
  return router;
}
