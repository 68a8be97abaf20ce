import { Router } from 'express';
import { detectCrisis } from '@hhp/crisis-rules';
import { DetectCrisisRequest, RpcSubjects, type DetectCrisisResponse } from '@hhp/proto';
import { parse, type ServiceContext, type ServiceParts, type ServiceConfig } from '@hhp/kit';

/** The verdict for one message; the rules module is pure and never throws on text. */
export function verdict(query: string): DetectCrisisResponse {
  return { isCrisis: detectCrisis(query).isCrisis };
}

/** POST /api/detect-crisis over HTTP, and the same verdict over NATS request-reply for ai-query. */
export function crisisService({ bus }: ServiceContext<ServiceConfig>): ServiceParts {
  // The first call compiles the rules (~100 ms); pay that before the first visitor does.
  detectCrisis('warm up');

  const router = Router();
  router.post('/api/detect-crisis', (req, res) => {
    const { query } = parse(DetectCrisisRequest, req.body);
    res.set('Cache-Control', 'no-store').json(verdict(query));
  });

  const subscription = bus.reply(RpcSubjects.detectCrisis, {
    request: DetectCrisisRequest,
    handler: async ({ query }) => verdict(query),
  });

  return { routers: [router], stop: [['crisis replies', () => subscription.drain()]] };
}
