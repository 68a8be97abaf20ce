// The values signed before signed-value.ts (until 2026-11-27): each module had its own form, all of them a full
// HMAC-SHA256 of the secret itself (43 base64url characters) over an input of the module's own. Links in
// e-mails sent before the change (join, change-or-cancel, "Manage subscription", the list's confirm and
// unsubscribe links) and the cookies browsers hold (subscriber, session pass, checkout) still verify in their
// earlier form until EARLIER_FORMS_UNTIL, or their own expiry if it comes first; a reader that can re-sign one
// (payments, the subscriber cookie) gives the new form. After that date these forms verify no more, and this
// file and its callers' earlier-form branches are deleted.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyRing, type Secrets } from './keys.js';

/**
 * Six months and a few days: a session can be booked six months ahead (BOOKING_HORIZON_MONTHS), so every join and
 * change-or-cancel link e-mailed before the change works until its session; far beyond the list's legal 30 days.
 */
export const EARLIER_FORMS_UNTIL = Date.UTC(2027, 5, 1);

const EARLIER_MAC = /^[\w-]{43}$/;

/** The input most earlier forms signed: `<purpose>\n<payload>`, with the purposes of the time (`hhp-…:v1`). */
export const earlierPurposeInput = (purpose: string, payload: string) => `${purpose}\n${payload}`;

/** Whether `mac` is an earlier form's MAC of `input` under one of `secrets`, while earlier forms still verify. */
export function signedInEarlierForm(secrets: Secrets, input: string, mac: unknown, now = Date.now()): boolean {
  if (now >= EARLIER_FORMS_UNTIL || typeof mac !== 'string' || !EARLIER_MAC.test(mac)) return false;
  const given = Buffer.from(mac);
  return (keyRing(secrets) ?? []).some((key) =>
    timingSafeEqual(given, Buffer.from(createHmac('sha256', key.secret).update(input).digest('base64url'))),
  );
}
