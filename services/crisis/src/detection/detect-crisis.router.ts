// POST /api/detect-crisis: the browser's second opinion after its own keyword check.
import { Router } from 'express';
import { DetectCrisisRequest } from '@hhp/proto';
import { parse } from '@hhp/kit';
import type { CrisisDecisions } from './decisions.js';

export function detectCrisisRouter(decisions: CrisisDecisions): Router {
  const router = Router();
  router.post('/api/detect-crisis', async (req, res) => {
    const { query } = parse(DetectCrisisRequest, req.body);
    res.set('Cache-Control', 'no-store').json(await decisions.decide(query, 'http', req.ip));
  });
  return router;
}
