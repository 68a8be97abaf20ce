import { Router } from 'express';
import { CreatePaymentIntentRequest, PaymentStatusQuery, type PaymentsConfigResponse } from '@hhp/proto';
import { parse, requestContext } from '@hhp/kit';
import { parseBody } from '../parse-body.js';
import { createPaymentIntent, type IntentDeps } from './create-intent.js';
import { paymentStatus } from './payment-status.js';

/** GET /api/payments/config, POST /api/create-payment-intent, GET /api/payments/status. */
export function intentsRouter(deps: IntentDeps, publishableKey: string): Router {
  const router = Router();
  router.get('/api/payments/config', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ publishableKey } satisfies PaymentsConfigResponse);
  });
  router.post('/api/create-payment-intent', async (req, res) => {
    const request = parseBody(CreatePaymentIntentRequest, req);
    const { requestId, logger } = requestContext(req);
    res.set('Cache-Control', 'no-store').json(await createPaymentIntent(deps, request, { requestId, logger }));
  });
  router.get('/api/payments/status', async (req, res) => {
    const { sessionId } = parse(PaymentStatusQuery, req.query);
    const { logger } = requestContext(req);
    res.set('Cache-Control', 'no-store').json(await paymentStatus(deps, sessionId, logger));
  });
  return router;
}
