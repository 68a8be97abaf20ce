// What a console route that asks another service (booking, content) over NATS needs of its request: who is acting
// (for the other service's logs and this one's audit), the request's options (its deadline and the request id that
// traces it), and the other service's answer as the console gives it.
import type { Request } from 'express';
import type { z } from 'zod';
import { HttpError, requestContext, type EventBus } from '@hhp/kit';
import type { AuditLog } from '../audit/audit-log.js';
import type { Sessions } from '../sessions/sessions.js';
import { originCheck, sessionOf, staffOnly } from './guard.js';

/** What every console route that asks another service needs: its own budget, the bus to ask on, the audit log. */
export interface StaffRequestDeps {
  /** The console's own budget (DB_TIMEOUT_MS): the session's check and the audit; the other's answer comes on top. */
  timeoutMs: number;
  bus: Pick<EventBus, 'request'>;
  audit: AuditLog;
}

/** What a console router that asks booking needs (the calendar's, the availability's). */
export interface BookingAskingDeps extends StaffRequestDeps {
  /** How long booking has to answer (each router has its default). */
  bookingTimeoutMs?: number;
  sessions: Sessions;
  /** The portal's origin, the only one a POST may come from. */
  origin: string;
}

/** The signed-in staff member acting (a route behind `staffOnly`). */
export function actorOf(req: Request): { staffId: string; email: string } {
  const { staff } = sessionOf(req);
  return { staffId: staff._id, email: staff.email };
}

/** A request-reply's options: how long the other service may take, and this request's id. */
export const askedFor = (req: Request, timeoutMs: number) => ({ timeoutMs, requestId: requestContext(req).requestId });

/**
 * The other service's answer: its 4xx as it said it (a 404 in `notFound`'s words when given), no answer (or its
 * 5xx) a 503 saying `unavailable`.
 */
export async function answerOf<T>(work: Promise<T>, unavailable: string, notFound?: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (notFound !== undefined && err instanceof HttpError && err.status === 404) throw new HttpError(404, notFound);
    if (err instanceof HttpError && err.status < 500) throw err;
    throw new HttpError(503, unavailable, { cause: err });
  }
}

/**
 * A console router's way to booking (the calendar's, the availability's): any staff member's routes, the Origin
 * check for its POSTs, a route's budget (the console's own, then booking's `bookingTimeoutMs`, else the router's
 * default) and `ask`, booking's validated answer as the console gives it (answerOf's `unavailable`, `notFound`).
 */
export function askingBooking(
  { timeoutMs, bookingTimeoutMs: given, bus, sessions, origin }: BookingAskingDeps,
  defaultBookingTimeoutMs: number,
  unavailable: string,
  notFound?: string,
) {
  const bookingTimeoutMs = given ?? defaultBookingTimeoutMs;
  return {
    staff: staffOnly(sessions, 'practitioner'),
    sameOrigin: originCheck(origin),
    budget: timeoutMs + bookingTimeoutMs,
    ask: <R extends z.ZodType>(req: Request, subject: string, payload: unknown, response: R) =>
      answerOf(bus.request(subject, payload, { response, ...askedFor(req, bookingTimeoutMs) }), unavailable, notFound),
  };
}
