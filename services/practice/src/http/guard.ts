// The console's API is closed by default: the router (practice.router.ts) puts `origin` first on every
// state-changing route and `staffOnly(role)` before every route that is not one of signing in. A request
// without a live session is 401; a role the route does not admit is 403; a POST, PUT, PATCH or DELETE whose
// Origin is not the portal's own is 403 before anything else is read (a cross-site form or fetch).
import type { Request, RequestHandler } from 'express';
import { HttpError } from '@hhp/kit';
import type { StaffRole } from '@hhp/proto';
import type { Sessions, StaffSession } from '../sessions/sessions.js';

export const NOT_SIGNED_IN = 'Please sign in to the practice console.';
export const WRONG_ROLE = 'Your role does not allow this.';
export const WRONG_ORIGIN = 'This request must come from the practice console itself.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every answer under /api/practice/: never cached, never indexed. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store').set('X-Robots-Tag', 'noindex, nofollow');
  next();
};

export function originCheck(origin: string): RequestHandler {
  return (req, _res, next) => {
    if (STATE_CHANGING.has(req.method) && req.get('origin') !== origin) throw new HttpError(403, WRONG_ORIGIN);
    next();
  };
}

const sessions = new WeakMap<Request, StaffSession>();

/** The session `staffOnly` found for this request (only called behind it). */
export function sessionOf(req: Request): StaffSession {
  const session = sessions.get(req);
  if (!session) throw new Error('sessionOf called on a route without staffOnly');
  return session;
}

/** A live session whose staff member has one of `roles` (admin has every role). */
export function staffOnly(store: Sessions, ...roles: StaffRole[]): RequestHandler {
  return async (req, _res, next) => {
    const session = await store.find(req.headers.cookie);
    if (!session) throw new HttpError(401, NOT_SIGNED_IN);
    if (session.staff.role !== 'admin' && !roles.includes(session.staff.role)) throw new HttpError(403, WRONG_ROLE);
    sessions.set(req, session);
    next();
  };
}
