import { Router } from 'express';
import { StripeWebhookRequest } from '@hhp/proto';
import { HttpError, orUnavailable, parse, requestContext, type Inbox } from '@hhp/kit';
import type Stripe from 'stripe';
import type { PaymentsMetrics } from '../metrics.js';
import { handlerFor, type EventHandlers } from './apply-event.js';
import { nulPath } from './nul-path.js';

export const WEBHOOK_PATH = '/api/stripe/webhook';
/** Stripe's own limit for an event's payload is well under this. */
export const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;
const WEBHOOKS_OFF = 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET)';

export interface WebhookOptions {
  webhooks: Stripe['webhooks'];
  secret: string | undefined;
  inbox: Inbox;
  handlers: EventHandlers;
  metrics: PaymentsMetrics;
  /** How long the event's writes may take before Stripe is answered 503 (it retries; the writes go on). */
  timeoutMs: number;
}

/**
 * How far a signature's timestamp may be from this server's clock, either way (Stripe's own default). The
 * SDK refuses only timestamps too far in the past; one far in the future would let a captured delivery be
 * replayed for as long as it stays "recent", so it is refused here too.
 */
const WEBHOOK_TOLERANCE_SECONDS = 300;
const OUTSIDE_TOLERANCE = 'Timestamp outside the tolerance zone';

/** The `t=` of a Stripe-Signature header (unix seconds); NaN when there is none. */
const timestampOf = (header: string) => Number(/(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(header)?.[1] ?? NaN);

/** "No signatures found matching the expected signature for payload. Are you …": its first sentence. */
const firstSentence = (message: string) => message.split(/(?<=\.)\s/)[0] ?? message;

/**
 * POST /api/stripe/webhook: the signature is checked over the body's exact bytes, then each event is
 * applied once by its id (a redelivery, or two at the same moment, is answered 200 without applying it
 * again). Stripe is answered 200 only once the event's record and the events it causes are stored.
 */
export function webhooksRouter({ webhooks, secret, inbox, handlers, metrics, timeoutMs }: WebhookOptions): Router {
  const router = Router();
  router.post(WEBHOOK_PATH, async (req, res) => {
    if (!secret) throw new HttpError(503, WEBHOOKS_OFF);
    const signature = req.get('stripe-signature');
    if (!signature) {
      metrics.webhooks.inc({ type: 'unknown', outcome: 'rejected' });
      throw new HttpError(400, 'Missing Stripe-Signature header');
    }
    let event: Stripe.Event;
    try {
      event = webhooks.constructEvent(req.rawBody ?? Buffer.alloc(0), signature, secret, WEBHOOK_TOLERANCE_SECONDS);
      if (timestampOf(signature) - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
        throw new Error(`${OUTSIDE_TOLERANCE} (in the future).`);
      }
    } catch (err) {
      metrics.webhooks.inc({ type: 'unknown', outcome: 'rejected' });
      const why = err instanceof Error ? firstSentence(err.message) : 'unreadable payload';
      throw new HttpError(400, `Stripe-Signature does not verify: ${why}`);
    }
    parse(StripeWebhookRequest, event);
    const nul = nulPath(event.data, ['data']);
    if (nul !== undefined) {
      metrics.webhooks.inc({ type: event.type, outcome: 'rejected' });
      throw new HttpError(400, `${nul}: must not contain a NUL character`);
    }
    const { requestId, logger } = requestContext(req);
    const log = logger.child({ stripeEventId: event.id, stripeEventType: event.type });
    const apply = handlerFor(event, handlers);
    if (!apply) {
      metrics.webhooks.inc({ type: event.type, outcome: 'ignored' });
      res.json({ received: true });
      return;
    }
    let outcome: string;
    try {
      const result = await orUnavailable(
        timeoutMs,
        inbox.once(event.id, () => apply(requestId)),
        'Payment service unavailable: the event could not be stored in time',
      );
      outcome = result.applied ? result.value : 'duplicate';
    } catch (err) {
      metrics.webhooks.inc({ type: event.type, outcome: 'failed' });
      throw err;
    }
    metrics.webhooks.inc({ type: event.type, outcome });
    log.info({ outcome }, 'stripe event');
    res.json({ received: true });
  });
  return router;
}
