// GET /api/quota?guestId=: the counters the chat widget shows (none for subscribers).
import { Router } from 'express';
import { QuotaQuery } from '@hhp/proto';
import { parse, requestContext } from '@hhp/kit';
import type { Admission } from './admission.js';
import { retryLater } from './retry-later.js';

export function quotaRouter(admission: Admission): Router {
  const router = Router();
  router.get('/api/quota', async (req, res) => {
    const { guestId } = parse(QuotaQuery, req.query);
    res.set('Cache-Control', 'no-store');
    try {
      res.json(await admission.quotaFor(guestId, requestContext(req).clientAddress, req.headers.cookie));
    } catch (err) {
      retryLater(res, err);
      throw err;
    }
  });

  return router;
}
