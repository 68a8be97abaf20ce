// GET /api/practice/numbers: any staff member (the practitioner runs her practice by them); counts and sums only.
// Reading them is a staff action and is audited like the rest.
import { Router, type RequestHandler } from 'express';
import { parse, requestContext } from '@hhp/kit';
import { NumbersQuery, PRACTICE_API } from '@hhp/proto';
import type { AuditLog } from '../audit/audit-log.js';
import { bounded } from '../http/deadline.js';
import { sessionOf } from '../http/guard.js';
import { practiceNumbers, type NumbersDeps } from './numbers.js';

export const NUMBERS_PATH = `${PRACTICE_API}/numbers`;
/** Any staff member's. */
export const NUMBERS_STAFF_ROUTES = [`GET ${NUMBERS_PATH}`] as const;

export interface NumbersRouterDeps extends NumbersDeps {
  timeoutMs: number;
  audit: AuditLog;
  staff: RequestHandler;
}

export function numbersRouter(deps: NumbersRouterDeps): Router {
  const { timeoutMs, audit, staff, sourceTimeoutMs } = deps;
  const router = Router();
  router.get(
    NUMBERS_PATH,
    ...bounded(timeoutMs, staff),
    // The sources' own deadline on top of the database's (each source is given `sourceTimeoutMs` at most).
    ...bounded(timeoutMs + sourceTimeoutMs, async (req, res) => {
      parse(NumbersQuery, req.query);
      const { staff: who } = sessionOf(req);
      await audit.record(req, { staffId: who._id, email: who.email }, 'numbers-read');
      res.json(await practiceNumbers(deps, requestContext(req).requestId));
    }),
  );
  return router;
}
