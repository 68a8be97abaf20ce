// The AI Avatar Session's two signed values. The join token, in the link of the confirmation, proves that
// its holder was given the link of that booking (an HMAC of the booking id under a purpose of its own, so it
// can be neither a pass nor a subscriber cookie). The pass, a cookie that booking sets when the link is
// followed inside the session's window, is `<bookingId>.<browserId>.<notBefore>.<notAfter>.<HMAC>` (unix
// seconds): ai-query verifies it with the same secret and counts nothing while now is within the window.
import { purposeMac as mac, sameMac } from './purpose-mac.js';

const JOIN_PURPOSE = 'hhp-session-join:v1';
const PASS_PURPOSE = 'hhp-session-pass:v1';
const MANAGE_PURPOSE = 'hhp-booking-manage:v1';
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

/** The token of a booking's join link. */
export function sessionJoinToken(bookingId: string, secret: string): string {
  return mac(JOIN_PURPOSE, bookingId, secret);
}

/** Whether `token` is the join token of `bookingId` (compared in constant time). */
export function verifySessionJoinToken(bookingId: string, token: unknown, secret: string): boolean {
  if (typeof token !== 'string' || token.length > 128) return false;
  return sameMac(token, sessionJoinToken(bookingId, secret));
}

/**
 * The token of a booking's "Change or cancel" link (signed with the booking links' secret, under a purpose of
 * its own: it can be neither a join token nor a pass).
 */
export function bookingManageToken(bookingId: string, secret: string): string {
  return mac(MANAGE_PURPOSE, bookingId, secret);
}

/** Whether `token` is the change-or-cancel token of `bookingId` (compared in constant time). */
export function verifyBookingManageToken(bookingId: string, token: unknown, secret: string): boolean {
  if (typeof token !== 'string' || token.length > 128) return false;
  return sameMac(token, bookingManageToken(bookingId, secret));
}

export function signSessionPass(pass: SessionPass, secret: string): string {
  if (!ID.test(pass.bookingId) || !ID.test(pass.browserId)) throw new Error('a session pass needs url-safe ids');
  const payload = [
    pass.bookingId,
    pass.browserId,
    Math.floor(pass.notBefore / 1000),
    Math.ceil(pass.notAfter / 1000),
  ].join('.');
  return `${payload}.${mac(PASS_PURPOSE, payload, secret)}`;
}

/** The pass of a well-signed cookie, whatever its window; undefined for anything else. */
export function readSessionPass(value: string | undefined, secret: string): SessionPass | undefined {
  if (!value || value.length > 512) return undefined;
  const parts = value.split('.');
  if (parts.length !== 5) return undefined;
  const [bookingId, browserId, notBefore, notAfter, signature] = parts as [string, string, string, string, string];
  if (!sameMac(signature, mac(PASS_PURPOSE, parts.slice(0, 4).join('.'), secret))) return undefined;
  if (!ID.test(bookingId) || !ID.test(browserId) || !SECONDS.test(notBefore) || !SECONDS.test(notAfter)) {
    return undefined;
  }
  return { bookingId, browserId, notBefore: Number(notBefore) * 1000, notAfter: Number(notAfter) * 1000 };
}

/** The pass of a well-signed cookie whose window holds `now`; undefined for anything else. */
export function verifySessionPass(
  value: string | undefined,
  secret: string,
  now = Date.now(),
): SessionPass | undefined {
  const pass = readSessionPass(value, secret);
  return pass && pass.notBefore <= now && now < pass.notAfter ? pass : undefined;
}
