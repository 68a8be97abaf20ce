// The AI Avatar Session's two signed values (signing/signed-value.ts, SESSION_PASS_SECRET), and the booking's
// "Change or cancel" link (BOOKING_LINK_SECRET):
// - the join token, in the confirmation's link `/join?booking=<id>&token=<token>`, a detached signature of the
//   booking id: its holder was given the link of that booking. It never expires: the booking can be moved, and
//   the join route itself says whether the session is early, open or over.
// - the pass, a cookie that booking sets when the link is followed inside the session's window,
//   `<bookingId>.<browserId>.<notBefore>.<notAfter>.<key id><MAC>` (unix seconds; it expires at notAfter):
//   ai-query verifies it with the same secret and counts nothing while now is within the window.
// - the change-or-cancel token, `/manage-booking?booking=<id>&token=<token>`, likewise detached and unexpiring
//   (the manage routes refuse what the booking's rules refuse).
// Each verifies with any key of its setting, and in its earlier form until EARLIER_FORMS_UNTIL.
import { earlierPurposeInput, signedInEarlierForm } from './signing/earlier-forms.js';
import type { Secrets } from './signing/keys.js';
import { signDetached, signValue, verifyDetached, verifyValue } from './signing/signed-value.js';

/** Booking ids and browser ids: url-safe characters, never a dot. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SECONDS = /^\d{1,12}$/;

export interface SessionPass {
  bookingId: string;
  /** The one browser that claimed the booking's link. */
  browserId: string;
  /** The window, unix milliseconds (kept to whole seconds in the cookie). */
  notBefore: number;
  notAfter: number;
}

function verifyLink(
  purpose: 'session-join' | 'booking-manage',
  earlierPurpose: string,
  bookingId: string,
  token: unknown,
  secrets: Secrets,
  now: number,
): boolean {
  if (typeof token !== 'string' || token.length > 128 || !ID.test(bookingId)) return false;
  return (
    verifyDetached(secrets, purpose, bookingId, token, { now }) !== undefined ||
    signedInEarlierForm(secrets, earlierPurposeInput(earlierPurpose, bookingId), token, now)
  );
}

/** The token of a booking's join link. */
export function sessionJoinToken(bookingId: string, secrets: Secrets): string {
  return signDetached(secrets, 'session-join', bookingId, 'never');
}

/** Whether `token` is the join token of `bookingId` (compared in constant time). */
export function verifySessionJoinToken(bookingId: string, token: unknown, secrets: Secrets, now = Date.now()): boolean {
  return verifyLink('session-join', 'hhp-session-join:v1', bookingId, token, secrets, now);
}

/** The token of a booking's "Change or cancel" link: neither a join token nor a pass. */
export function bookingManageToken(bookingId: string, secrets: Secrets): string {
  return signDetached(secrets, 'booking-manage', bookingId, 'never');
}

/** Whether `token` is the change-or-cancel token of `bookingId` (compared in constant time). */
export function verifyBookingManageToken(
  bookingId: string,
  token: unknown,
  secrets: Secrets,
  now = Date.now(),
): boolean {
  return verifyLink('booking-manage', 'hhp-booking-manage:v1', bookingId, token, secrets, now);
}

export function signSessionPass(pass: SessionPass, secrets: Secrets): string {
  if (!ID.test(pass.bookingId) || !ID.test(pass.browserId)) throw new Error('a session pass needs url-safe ids');
  const payload = `${pass.bookingId}.${pass.browserId}.${Math.floor(pass.notBefore / 1000)}`;
  return signValue(secrets, 'session-pass', payload, Math.ceil(pass.notAfter / 1000) * 1000);
}

function passOf(fields: string[]): SessionPass | undefined {
  const [bookingId, browserId, notBefore, notAfter] = fields as [string, string, string, string];
  if (fields.length !== 4 || !ID.test(bookingId) || !ID.test(browserId)) return undefined;
  if (!SECONDS.test(notBefore) || !SECONDS.test(notAfter)) return undefined;
  return { bookingId, browserId, notBefore: Number(notBefore) * 1000, notAfter: Number(notAfter) * 1000 };
}

/** The earlier form, `<bookingId>.<browserId>.<notBefore>.<notAfter>.<HMAC>`. */
function earlierPass(value: string, secrets: Secrets, now: number): SessionPass | undefined {
  const parts = value.split('.');
  if (parts.length !== 5) return undefined;
  const input = earlierPurposeInput('hhp-session-pass:v1', parts.slice(0, 4).join('.'));
  return signedInEarlierForm(secrets, input, parts[4], now) ? passOf(parts.slice(0, 4)) : undefined;
}

/** The pass of a well-signed cookie, whatever its window; undefined for anything else. */
export function readSessionPass(
  value: string | undefined,
  secrets: Secrets,
  now = Date.now(),
): SessionPass | undefined {
  if (!value || value.length > 512) return undefined;
  const verified = verifyValue(secrets, 'session-pass', value, { ignoreExpiry: true });
  if (!verified) return earlierPass(value, secrets, now);
  return passOf([...verified.payload.split('.'), String(verified.expiresAt! / 1000)]);
}

/** The pass of a well-signed cookie whose window holds `now`; undefined for anything else. */
export function verifySessionPass(
  value: string | undefined,
  secrets: Secrets,
  now = Date.now(),
): SessionPass | undefined {
  const pass = readSessionPass(value, secrets, now);
  return pass && pass.notBefore <= now && now < pass.notAfter ? pass : undefined;
}
