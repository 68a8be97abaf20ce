import { Router } from 'express';
import {
  ConfirmEmailRequest,
  UnsubscribeEmailQuery,
  type ConfirmEmailResponse,
  type UnsubscribeEmailResponse,
} from '@hhp/proto';
import { bodyObject, HttpError, orUnavailable, parse, rawBody, requestContext, type RouteBody } from '@hhp/kit';
import type { SubscriberModel } from './subscriber.model.js';
import { confirmSubscriber, maskEmail, unsubscribeSubscriber, type UnsubscribeWay } from './opt-in.js';
import { LIST_UNAVAILABLE } from './subscribers.router.js';

/** A confirmation or unsubscribe the database did not answer in time: it goes on and may still land. */
const CONFIRM_UNCERTAIN =
  'The e-mail list did not answer in time, so your confirmation may not have been saved yet. Please try again in a moment.';
const UNSUBSCRIBE_UNCERTAIN =
  'The e-mail list did not answer in time, so your unsubscribe may not have been saved yet. Please try again in a moment.';

const UNSUBSCRIBE_PATH = '/api/subscribe-email/unsubscribe';

/**
 * A mail client's one-click POST is form-encoded (`List-Unsubscribe=One-Click`), the portal's page sends
 * JSON: the token is in the query, so the body, whatever its type, is read only for which of the two sent it (the consent record).
 */
export const unsubscribeBody: RouteBody = {
  method: 'POST',
  path: UNSUBSCRIBE_PATH,
  parsers: [rawBody({ limitBytes: 1024 })],
};

/** A mail client's RFC 8058 POST says `List-Unsubscribe=One-Click`; the portal's page sends `{}`. Kept in the consent record. */
function unsubscribeWay(body: unknown): UnsubscribeWay {
  const text = Buffer.isBuffer(body) ? body.toString('latin1') : '';
  return text.includes('List-Unsubscribe=One-Click') ? 'one-click unsubscribe' : 'unsubscribe page';
}

/** Without LIST_TOKEN_SECRET no link can be checked: both answer 503. */
function requireSecret(secret: string | undefined): string {
  if (!secret) throw new HttpError(503, LIST_UNAVAILABLE);
  return secret;
}

/** POST /api/subscribe-email/confirm and POST /api/subscribe-email/unsubscribe (the e-mails' links). */
export function optInRouter(subscribers: SubscriberModel, secret: string | undefined, timeoutMs: number): Router {
  const router = Router();
  router.post('/api/subscribe-email/confirm', async (req, res) => {
    const { token } = parse(ConfirmEmailRequest, bodyObject(req));
    const email = await orUnavailable(
      timeoutMs,
      confirmSubscriber(subscribers, requireSecret(secret), token),
      CONFIRM_UNCERTAIN,
    );
    requestContext(req).logger.info('e-mail subscription confirmed');
    const body: ConfirmEmailResponse = { email: maskEmail(email) };
    res.set('Cache-Control', 'no-store').json(body);
  });
  router.post(UNSUBSCRIBE_PATH, async (req, res) => {
    const { token } = parse(UnsubscribeEmailQuery, { token: req.query.token });
    await orUnavailable(
      timeoutMs,
      unsubscribeSubscriber(subscribers, requireSecret(secret), token, unsubscribeWay(req.body)),
      UNSUBSCRIBE_UNCERTAIN,
    );
    requestContext(req).logger.info('e-mail subscription ended (unsubscribe)');
    const body: UnsubscribeEmailResponse = { message: 'Unsubscribed' };
    res.set('Cache-Control', 'no-store').json(body);
  });
  return router;
}
