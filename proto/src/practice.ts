// The practice's console, its server side (services/practice): staff accounts, invites, passkeys (WebAuthn),
// sessions, roles and the audit log, under /api/practice/. Every route but the four of signing in and
// registering a passkey needs a staff session (401 without), and the staff and audit routes the admin role
// (403 for a practitioner). The WebAuthn payloads are the browser's JSON forms (@simplewebauthn/browser's
// startRegistration / startAuthentication produce them); the server checks them with @simplewebauthn/server.
import { z } from 'zod';
import { EmailAddress, noControlCharacters } from './text.js';

export const PRACTICE_API = '/api/practice';

export const STAFF_ROLES = ['practitioner', 'admin'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

/** base64url without padding, as WebAuthn's JSON forms write binary values. */
const base64url = (max: number) =>
  z
    .string()
    .check(noControlCharacters)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url (letters, digits, - and _)');

/** An invite link's token: 43 base64url characters (32 random bytes). */
export const InviteToken = z
  .string()
  .check(noControlCharacters)
  .regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the token from the invitation e-mail\u2019s link');

/**
 * A passkey credential as the browser's WebAuthn call answers it, in its JSON form, around the `response` of its
 * kind. The server reads only the fields named; what else a browser sends inside `response` and
 * `clientExtensionResults` (transports, the public key again, extension results: the server reads none) is dropped.
 */
const credential = <R extends z.ZodRawShape>(response: R) =>
  z
    .object({
      id: base64url(1366),
      rawId: base64url(1366),
      type: z.literal('public-key'),
      response: z.object(response),
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      clientExtensionResults: z.object({}).default({}),
    })
    .strict();

/** navigator.credentials.create()'s answer (RegistrationResponseJSON). */
export const RegistrationCredential = credential({
  clientDataJSON: base64url(2048),
  attestationObject: base64url(4096),
});

/** navigator.credentials.get()'s answer (AuthenticationResponseJSON). */
export const AuthenticationCredential = credential({
  clientDataJSON: base64url(2048),
  authenticatorData: base64url(1024),
  signature: base64url(512),
  userHandle: base64url(128).optional(),
});

/** POST /api/practice/register/options: the invite's token, from the e-mail's link. */
export const RegistrationOptionsRequest = z.object({ token: InviteToken }).strict();
export type RegistrationOptionsRequest = z.infer<typeof RegistrationOptionsRequest>;

/** POST /api/practice/register/verify: the token again and the new passkey. */
export const RegistrationVerifyRequest = z.object({ token: InviteToken, credential: RegistrationCredential }).strict();
export type RegistrationVerifyRequest = z.infer<typeof RegistrationVerifyRequest>;

/** POST /api/practice/sign-in/options: no fields (the passkey says who signs in); the body may be left out. */
export const SignInOptionsRequest = z.object({}).strict();

/** POST /api/practice/sign-in/verify */
export const SignInVerifyRequest = z.object({ credential: AuthenticationCredential }).strict();
export type SignInVerifyRequest = z.infer<typeof SignInVerifyRequest>;

/**
 * The options to pass to the browser's WebAuthn call (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON): the challenge inside is single-use and expires after five minutes.
 */
export const WebAuthnOptionsResponse = z.looseObject({ challenge: z.string(), timeout: z.number().optional() });

/** A staff member as the console shows her. */
export const StaffMember = z.object({
  id: z.string(),
  email: z.string(),
  role: StaffRole,
  status: z.enum(['active', 'revoked']),
  createdAt: z.string(),
  passkeys: z.number().int(),
});
export type StaffMember = z.infer<typeof StaffMember>;

/** GET /api/practice/me (and what registering or signing in answers): who the session is. */
export const MeResponse = z.object({
  id: z.string(),
  email: z.string(),
  role: StaffRole,
  /** When the session ends at the latest (the absolute expiry), ISO 8601. */
  sessionExpiresAt: z.string(),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** GET /api/practice/staff (admin) */
export const StaffListResponse = z.object({ staff: z.array(StaffMember) });

/** POST /api/practice/staff/invite (admin): the invitee's address and role; the e-mail's link is valid for 24 h. */
export const InviteStaffRequest = z.object({ email: EmailAddress, role: StaffRole }).strict();
export type InviteStaffRequest = z.infer<typeof InviteStaffRequest>;

export const InviteStaffResponse = z.object({ email: z.string(), role: StaffRole, expiresAt: z.string() });

/** /api/practice/staff/{id}/revoke: a staff member's id. */
export const StaffParams = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'id must be a staff member\u2019s id'),
});

/** GET /api/practice/audit (admin): the newest entries first, `before` an entry's time for the next page. */
export const AuditQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50),
    before: z.iso.datetime().optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

/** One staff action: who, what, when, from where. Never a visitor's message text. */
export const AuditEntry = z.object({
  at: z.string(),
  /** The staff member who acted; absent for a refused sign-in by nobody known. */
  staffId: z.string().optional(),
  email: z.string().optional(),
  action: z.string(),
  /** What the action was on (a staff member's id, an invited address). */
  target: z.string().optional(),
  ip: z.string(),
  userAgent: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditResponse = z.object({ entries: z.array(AuditEntry) });

/** Staff routes answer this on success without content of their own (sign-out, revoke). */
export const PracticeOkResponse = z.object({ message: z.string() });
