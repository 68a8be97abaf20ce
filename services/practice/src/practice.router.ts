// Every route of /api/practice/. Closed by default: every POST has the origin check first, and every route but
// the four of signing in and registering a passkey has `staff` (any role) or `admin` in front of its handler. test/integration/route-guard.test.ts walks this router's routes and fails on one that answers
// without a session, or answers a practitioner where only an admin may be.
import { Router, type Request, type Response } from 'express';
import { bodyObject, HttpError, parse } from '@hhp/kit';
import {
  AuditQuery,
  InviteStaffRequest,
  PRACTICE_API,
  RegistrationOptionsRequest,
  RegistrationVerifyRequest,
  SignInOptionsRequest,
  SignInVerifyRequest,
  StaffParams,
  type MeResponse,
} from '@hhp/proto';
import { actorOf } from './http/staff-request.js';
import { bounded } from './http/deadline.js';
import type { PracticeMetrics } from './metrics.js';
import { noStore, originCheck, sessionOf, staffOnly } from './http/guard.js';
import type { Sessions, StaffSession } from './sessions/sessions.js';
import type { AuditLog } from './audit/audit-log.js';
import { registerPasskey, registrationOptions, signIn, signInOptions, type PasskeyDeps } from './webauthn/passkeys.js';
import { invite, type InviteDeps } from './staff/invites.js';
import { listStaff, revokeStaff } from './staff/staff.js';
import type { RequestHandler } from 'express';
import { NUMBERS_STAFF_ROUTES } from './numbers/numbers.router.js';
import { FEED_PUBLIC_ROUTES, FEED_STAFF_ROUTES } from './feed/feed.router.js';
import { CALENDAR_STAFF_ROUTES } from './calendar/calendar.router.js';
import { AVAILABILITY_STAFF_ROUTES } from './availability/availability.router.js';

export interface PracticeRouterDeps {
  /** How long a request may wait for the database before it is answered 503 (DB_TIMEOUT_MS). */
  timeoutMs: number;
  metrics: PracticeMetrics;
  passkeys: PasskeyDeps;
  invites: InviteDeps;
  sessions: Sessions;
  audit: AuditLog;
  signInLimit: RequestHandler;
}

/**
 * The routes no session is asked for: signing in and registering a passkey with an invite, and the calendar feed's
 * address (its secret is its key: feed/feed.router.ts).
 */
export const PUBLIC_ROUTES = [
  `POST ${PRACTICE_API}/register/options`,
  `POST ${PRACTICE_API}/register/verify`,
  `POST ${PRACTICE_API}/sign-in/options`,
  `POST ${PRACTICE_API}/sign-in/verify`,
  ...FEED_PUBLIC_ROUTES,
] as const;

/** The routes any staff member may call; every other guarded route is the admin's. */
export const STAFF_ROUTES = [
  `GET ${PRACTICE_API}/me`,
  `POST ${PRACTICE_API}/sign-out`,
  ...FEED_STAFF_ROUTES,
  ...AVAILABILITY_STAFF_ROUTES,
  ...CALENDAR_STAFF_ROUTES,
  ...NUMBERS_STAFF_ROUTES,
] as const;

const me = ({ staff, expiresAt }: StaffSession): MeResponse => ({
  id: staff._id,
  email: staff.email,
  role: staff.role,
  sessionExpiresAt: expiresAt.toISOString(),
});

export function practiceRouter({
  timeoutMs,
  metrics,
  passkeys,
  invites,
  sessions,
  audit,
  signInLimit,
}: PracticeRouterDeps): Router {
  const router = Router();
  const staff = staffOnly(sessions, 'practitioner');
  const admin = staffOnly(sessions);
  const started = async (req: Request, res: Response, who: Parameters<Sessions['start']>[1], action: string) => {
    const session = await sessions.start(res, who);
    await audit.record(req, { staffId: who._id, email: who.email }, action);
    res.json(me(session));
  };

  const origin = originCheck(passkeys.rp.origin);
  router.use(PRACTICE_API, noStore);

  router.post(
    `${PRACTICE_API}/register/options`,
    ...bounded(timeoutMs, origin, signInLimit, async (req, res) => {
      const { token } = parse(RegistrationOptionsRequest, bodyObject(req));
      res.json(await registrationOptions(passkeys, token));
    }),
  );
  router.post(
    `${PRACTICE_API}/register/verify`,
    ...bounded(timeoutMs, origin, signInLimit, async (req, res) => {
      const who = await registerPasskey(passkeys, parse(RegistrationVerifyRequest, bodyObject(req)));
      await started(req, res, who, 'passkey-registered');
      metrics.signIns.inc({ outcome: 'registered' });
    }),
  );
  router.post(
    `${PRACTICE_API}/sign-in/options`,
    ...bounded(timeoutMs, origin, signInLimit, async (req, res) => {
      parse(SignInOptionsRequest, bodyObject(req));
      res.json(await signInOptions(passkeys));
    }),
  );
  router.post(
    `${PRACTICE_API}/sign-in/verify`,
    ...bounded(timeoutMs, origin, signInLimit, async (req, res) => {
      const request = parse(SignInVerifyRequest, bodyObject(req));
      let who;
      try {
        who = await signIn(passkeys, request);
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) {
          metrics.signIns.inc({ outcome: 'refused' });
          await audit.record(req, {}, 'sign-in-refused');
        }
        throw err;
      }
      await started(req, res, who, 'signed-in');
      metrics.signIns.inc({ outcome: 'signed-in' });
    }),
  );

  router.get(
    `${PRACTICE_API}/me`,
    ...bounded(timeoutMs, staff, (req, res) => {
      res.json(me(sessionOf(req)));
    }),
  );
  router.post(
    `${PRACTICE_API}/sign-out`,
    ...bounded(timeoutMs, origin, staff, async (req, res) => {
      await audit.record(req, actorOf(req), 'signed-out');
      await sessions.end(res, sessionOf(req).id);
      res.json({ message: 'Signed out' });
    }),
  );

  router.get(
    `${PRACTICE_API}/staff`,
    ...bounded(timeoutMs, admin, async (req, res) => {
      await audit.record(req, actorOf(req), 'staff-listed');
      res.json({ staff: await listStaff(passkeys.store) });
    }),
  );
  router.post(
    `${PRACTICE_API}/staff/invite`,
    ...bounded(timeoutMs, origin, admin),
    // Its own budget: the database's and the e-mail's (sent inside the request).
    ...bounded(timeoutMs + invites.mailTimeoutMs, async (req, res) => {
      const request = parse(InviteStaffRequest, bodyObject(req));
      const sent = await invite(invites, { ...request, invitedBy: sessionOf(req).staff._id });
      await audit.record(req, actorOf(req), 'staff-invited', `${sent.email} as ${sent.role}`);
      res.json({ email: sent.email, role: sent.role, expiresAt: sent.expiresAt.toISOString() });
    }),
  );
  router.post(
    `${PRACTICE_API}/staff/:id/revoke`,
    ...bounded(timeoutMs, origin, admin, async (req, res) => {
      const { id } = parse(StaffParams, req.params);
      const revoked = await revokeStaff(passkeys.store, sessions, sessionOf(req).staff, id, passkeys.now);
      await audit.record(req, actorOf(req), 'staff-revoked', `${revoked._id} (${revoked.email})`);
      res.json({ message: 'Revoked' });
    }),
  );
  router.get(
    `${PRACTICE_API}/audit`,
    ...bounded(timeoutMs, admin, async (req, res) => {
      const query = parse(AuditQuery, req.query);
      await audit.record(req, actorOf(req), 'audit-read');
      res.json({ entries: await audit.read(query) });
    }),
  );
  return router;
}
