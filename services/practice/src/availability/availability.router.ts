// The practice's availability (issue 30, point 3): each plan's weekly rules and the exceptions to them (a day
// off, a holiday, an extra day), and the bookings a change leaves outside them. Booking owns the rules (its
// database) and checks every change again: each route asks it over NATS (rpc.booking.v1.practice-availability
// and ...-availability-set) and answers what it says, its 400, 404 and 409 sentences included; practice decides
// who may ask. Every route is any staff member's (the practitioner keeps her own hours; an admin passes every
// role), each POST behind the Origin check first, each call in the audit log with what changed (the plan, the
// date, the days and times), never a visitor's name, which goes only to these staff sessions.
import { Router, type Request } from 'express';
import { bodyObject, parse } from '@hhp/kit';
import {
  AvailabilityExceptionInput,
  AvailabilityExceptionParams,
  AvailabilityRuleParams,
  AvailabilityRuleUpdate,
  PRACTICE_API,
  PracticeAvailabilityResponse,
  PracticeAvailabilitySetResponse,
  RpcSubjects,
  type PracticeAvailabilitySetRequest,
} from '@hhp/proto';
import { bounded } from '../http/deadline.js';
import { actorOf, askingBooking, type BookingAskingDeps } from '../http/staff-request.js';

export const AVAILABILITY_PATH = `${PRACTICE_API}/availability`;
const RULE_PATH = `${AVAILABILITY_PATH}/rules/:type`;
const EXCEPTIONS_PATH = `${AVAILABILITY_PATH}/exceptions`;
const EXCEPTION_PATH = `${EXCEPTIONS_PATH}/:id/remove`;

/** Any staff member's: the practitioner's own hours. */
export const AVAILABILITY_STAFF_ROUTES = [
  `GET ${AVAILABILITY_PATH}`,
  `POST ${RULE_PATH}`,
  `POST ${EXCEPTIONS_PATH}`,
  `POST ${EXCEPTION_PATH}`,
] as const;

export const AVAILABILITY_UNAVAILABLE = 'The availability cannot be reached right now. Please try again in a moment.';
/**
 * How long booking has to answer: a change writes, then reads every held seat from today on and waits (up to 2 s)
 * for bookings caught in the middle of their steps.
 */
export const AVAILABILITY_ANSWER_MS = 8000;

export type AvailabilityRouterDeps = BookingAskingDeps;

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function availabilityRouter(deps: AvailabilityRouterDeps): Router {
  const router = Router();
  const { audit } = deps;
  /** Booking's answer; its 4xx as it said it, no answer a 503. */
  const { staff, sameOrigin, budget, ask } = askingBooking(deps, AVAILABILITY_ANSWER_MS, AVAILABILITY_UNAVAILABLE);
  const change = (req: Request, request: PracticeAvailabilitySetRequest) =>
    ask(req, RpcSubjects.practiceAvailabilitySet, request, PracticeAvailabilitySetResponse);

  router.get(
    AVAILABILITY_PATH,
    ...bounded(budget, staff, async (req, res) => {
      const state = await ask(req, RpcSubjects.practiceAvailability, {}, PracticeAvailabilityResponse);
      await audit.record(req, actorOf(req), 'availability-read');
      res.json(state);
    }),
  );

  router.post(
    RULE_PATH,
    ...bounded(budget, sameOrigin, staff, async (req, res) => {
      const { type } = parse(AvailabilityRuleParams, req.params);
      const rule = parse(AvailabilityRuleUpdate, bodyObject(req));
      const who = actorOf(req);
      const state = await change(req, { action: 'set-rule', staffId: who.staffId, type, rule });
      const week = `${rule.weekdays.map((d) => DAYS[d]).join(' ') || 'no days'}; ${rule.times.join(' ') || 'no times'}; ${rule.durationMinutes} min`;
      await audit.record(req, who, 'availability-rule-set', `${type}: ${week} (version ${rule.version + 1})`);
      res.json(state);
    }),
  );

  router.post(
    EXCEPTIONS_PATH,
    ...bounded(budget, sameOrigin, staff, async (req, res) => {
      const exception = parse(AvailabilityExceptionInput, bodyObject(req));
      const who = actorOf(req);
      const state = await change(req, { action: 'add-exception', staffId: who.staffId, exception });
      const what = `${exception.kind} ${exception.date} for ${exception.types.join(', ')}`;
      await audit.record(req, who, 'availability-exception-added', `${what} (${state.exceptionId})`);
      res.json(state);
    }),
  );

  router.post(
    EXCEPTION_PATH,
    ...bounded(budget, sameOrigin, staff, async (req, res) => {
      const { id } = parse(AvailabilityExceptionParams, req.params);
      const who = actorOf(req);
      const state = await change(req, { action: 'remove-exception', staffId: who.staffId, id });
      await audit.record(req, who, 'availability-exception-removed', id);
      res.json(state);
    }),
  );
  return router;
}
