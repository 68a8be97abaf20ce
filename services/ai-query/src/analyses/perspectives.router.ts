// POST /api/query-ai/perspective: a perspective on an analysis already given (perspectives.ts), not counted.
import { Router } from 'express';
import { PerspectiveRequest } from '@hhp/proto';
import { parse, requestContext } from '@hhp/kit';
import { retryLater } from '../quota/retry-later.js';
import type { Perspectives } from './perspectives.js';

export function perspectivesRouter(perspectives: Perspectives): Router {
  const router = Router();

  router.post('/api/query-ai/perspective', async (req, res) => {
    const body = parse(PerspectiveRequest, req.body);
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const answer = await perspectives.answer(
        {
          body,
          ip: requestContext(req).clientAddress,
          cookie: req.headers.cookie,
          requestId: requestContext(req).requestId,
        },
        controller.signal,
      );
      res.set('Cache-Control', 'no-store').json(answer);
    } catch (err) {
      retryLater(res, err);
      throw err;
    }
  });

  return router;
}
