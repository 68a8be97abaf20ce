// The practice's console's routes (services/practice) in the OpenAPI document: every one answers 401 without
// a staff session and 403 for a role it does not admit, but the four of signing in; every POST is 403 when its
// Origin is not the portal's own.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import {
  AuditQuery,
  AuditResponse,
  InviteStaffRequest,
  InviteStaffResponse,
  MeResponse,
  PRACTICE_API,
  PracticeOkResponse,
  RegistrationOptionsRequest,
  RegistrationVerifyRequest,
  SignInOptionsRequest,
  SignInVerifyRequest,
  StaffListResponse,
  StaffParams,
  WebAuthnOptionsResponse,
} from '../practice.js';
import { NUMBERS_OPERATIONS, NUMBERS_ROUTES } from './practice-numbers-routes.js';
import { FEED_OPERATIONS, FEED_ROUTES } from './practice-feed-routes.js';
import { CALENDAR_OPERATIONS, CALENDAR_ROUTES } from './practice-calendar-routes.js';
import { AVAILABILITY_OPERATIONS, AVAILABILITY_ROUTES } from './practice-availability-routes.js';
import { error, json, ORIGIN_403, SESSION } from './practice-route-shapes.js';

const common = (ok: ReturnType<typeof json>, post: boolean) => ({
  200: ok,
  ...(post
    ? {
        400: error('The request is invalid; the message names what is wrong'),
        413: error('The body is too large'),
        415: error('The body is not JSON'),
      }
    : { 400: error('The query is invalid; the message names what is wrong') }),
  503: error('A dependency is unavailable; nothing was done'),
});

const body = (schema: z.ZodType, required = true) => ({
  body: { required, content: { 'application/json': { schema } } },
});

/** A route of signing in: no session; limited per client address. The sign-in options take no body: `{}` or none. */
const open = (path: string, summary: string, request: z.ZodType, ok: ReturnType<typeof json>, refusals: object) =>
  ({
    method: 'post',
    path: `${PRACTICE_API}${path}`,
    tags: ['practice'],
    summary,
    request: body(request, request !== SignInOptionsRequest),
    responses: {
      ...common(ok, true),
      403: error(ORIGIN_403),
      429: error('Too many sign-in attempts from this client address; Retry-After says when to try again'),
      ...refusals,
    },
  }) satisfies RouteConfig;

/** A route behind the session: `admin` for the admin's alone. */
const guarded = (
  method: 'get' | 'post',
  path: string,
  summary: string,
  ok: ReturnType<typeof json>,
  { admin, request, refusals = {} }: { admin: boolean; request?: RouteConfig['request']; refusals?: object },
): RouteConfig => ({
  method,
  path: `${PRACTICE_API}${path}`,
  tags: ['practice'],
  summary,
  ...(request ? { request } : {}),
  responses: {
    ...common(ok, method === 'post'),
    401: error('No staff session, or it ended (idle 30 min, 12 h at most, signed out, revoked)'),
    403: error(admin ? `Not an admin${method === 'post' ? `; or ${ORIGIN_403}` : ''}` : ORIGIN_403),
    ...refusals,
  },
});

export const PRACTICE_ROUTES: RouteConfig[] = [
  open(
    '/register/options',
    "Begin registering a passkey with an invite's token",
    RegistrationOptionsRequest,
    json(WebAuthnOptionsResponse, 'The options for navigator.credentials.create()'),
    { 410: error('The invite was used already, or it expired') },
  ),
  open(
    '/register/verify',
    'Register the passkey; signs the staff member in',
    RegistrationVerifyRequest,
    json(MeResponse, 'Registered and signed in (the session cookie is set)'),
    { 410: error('The invite was used already, or it expired') },
  ),
  open(
    '/sign-in/options',
    'Begin signing in with a passkey',
    SignInOptionsRequest,
    json(WebAuthnOptionsResponse, 'The options for navigator.credentials.get()'),
    {},
  ),
  open(
    '/sign-in/verify',
    'Sign in with a passkey',
    SignInVerifyRequest,
    json(MeResponse, 'Signed in (the session cookie is set)'),
    { 401: error('The passkey does not sign in (unknown, revoked, or its signature or challenge is wrong)') },
  ),
  guarded('get', '/me', 'Who the session is', json(MeResponse, 'The signed-in staff member'), { admin: false }),
  guarded('post', '/sign-out', 'End the session', json(PracticeOkResponse, 'Signed out (the cookie is cleared)'), {
    admin: false,
  }),
  guarded('get', '/staff', 'The staff (admin)', json(StaffListResponse, 'Every staff member'), { admin: true }),
  guarded('post', '/staff/invite', 'Invite a staff member by e-mail (admin)', json(InviteStaffResponse, 'Sent'), {
    admin: true,
    request: body(InviteStaffRequest),
  }),
  guarded('post', '/staff/{id}/revoke', 'Revoke a staff member (admin)', json(PracticeOkResponse, 'Revoked'), {
    admin: true,
    request: { params: StaffParams },
    refusals: { 404: error('No such staff member'), 409: error('An admin cannot revoke herself') },
  }),
  guarded('get', '/audit', 'The audit log, newest first (admin)', json(AuditResponse, 'The entries'), {
    admin: true,
    request: { query: AuditQuery },
  }),
  ...FEED_ROUTES,
  ...CALENDAR_ROUTES,
  ...AVAILABILITY_ROUTES,
  ...NUMBERS_ROUTES,
];

export const PRACTICE_OPERATIONS: Record<string, { id: string; description: string }> = {
  [`POST ${PRACTICE_API}/register/options`]: {
    id: 'practiceRegistrationOptions',
    description:
      "The WebAuthn options to create a passkey with, for the invite's token (from the invitation e-mail's link). Its challenge is single-use and expires after five minutes.",
  },
  [`POST ${PRACTICE_API}/register/verify`]: {
    id: 'practiceRegisterPasskey',
    description:
      'Checks the new passkey (attestation "none"), uses the invite up (once), makes the staff member and starts her session.',
  },
  [`POST ${PRACTICE_API}/sign-in/options`]: {
    id: 'practiceSignInOptions',
    description:
      'The WebAuthn options to sign in with a discoverable passkey; the challenge is single-use, five minutes.',
  },
  [`POST ${PRACTICE_API}/sign-in/verify`]: {
    id: 'practiceSignIn',
    description: "Checks the passkey's signature of the challenge and starts a session.",
  },
  [`GET ${PRACTICE_API}/me`]: { id: 'practiceMe', description: `The session's staff member. ${SESSION}` },
  [`POST ${PRACTICE_API}/sign-out`]: { id: 'practiceSignOut', description: `Ends the session. ${SESSION}` },
  [`GET ${PRACTICE_API}/staff`]: { id: 'practiceListStaff', description: `Every staff member. ${SESSION}` },
  [`POST ${PRACTICE_API}/staff/invite`]: {
    id: 'practiceInviteStaff',
    description: `E-mails an invite (single use, 24 h) to register a passkey with the given role. ${SESSION}`,
  },
  [`POST ${PRACTICE_API}/staff/{id}/revoke`]: {
    id: 'practiceRevokeStaff',
    description: `Revokes a staff member: her sessions end at once and her passkeys are deleted. ${SESSION}`,
  },
  [`GET ${PRACTICE_API}/audit`]: {
    id: 'practiceAuditLog',
    description: `Every staff action: who, what, when, from where (address and user agent). ${SESSION}`,
  },
  ...FEED_OPERATIONS,
  ...CALENDAR_OPERATIONS,
  ...AVAILABILITY_OPERATIONS,
  ...NUMBERS_OPERATIONS,
};
