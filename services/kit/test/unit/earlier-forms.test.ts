// What e-mails and browsers already hold: the kit's values signed before signing/ (each built here exactly as
// the earlier code built it) verify until EARLIER_FORMS_UNTIL, and not after; and a rotated setting verifies
// what its previous secret signed.
import { createHmac } from 'node:crypto';
import {
  EARLIER_FORMS_UNTIL,
  readSubscriberCookie,
  sessionJoinToken,
  bookingManageToken,
  verifyBookingManageToken,
  verifySessionJoinToken,
  verifySessionPass,
} from '../../src/index.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const NEW = 'the-new-secret-of-at-least-thirty-two-chars';
const NOW = Date.UTC(2026, 10, 27, 12);
const id = 'A'.repeat(24);
const earlierMac = (input: string, secret = SECRET) => createHmac('sha256', secret).update(input).digest('base64url');

describe('a join or change-or-cancel link e-mailed before the change', () => {
  const join = earlierMac(`hhp-session-join:v1\n${id}`);
  const manage = earlierMac(`hhp-booking-manage:v1\n${id}`);

  test('when it is followed before EARLIER_FORMS_UNTIL, then it works, for its own booking and purpose only', () => {
    expect(verifySessionJoinToken(id, join, SECRET, NOW)).toBe(true);
    expect(verifyBookingManageToken(id, manage, SECRET, NOW)).toBe(true);
    expect(verifyBookingManageToken(id, join, SECRET, NOW)).toBe(false);
    expect(verifySessionJoinToken('B'.repeat(24), join, SECRET, NOW)).toBe(false);
    expect(verifySessionJoinToken(id, join, NEW, NOW)).toBe(false);
  });

  test('when it is followed after EARLIER_FORMS_UNTIL, then it is refused', () => {
    expect(verifySessionJoinToken(id, join, SECRET, EARLIER_FORMS_UNTIL)).toBe(false);
    expect(verifyBookingManageToken(id, manage, SECRET, EARLIER_FORMS_UNTIL)).toBe(false);
  });

  test('when the secret is rotated, then the link in the new form is shorter and both keep working', () => {
    const token = sessionJoinToken(id, SECRET);
    expect(token.length).toBeLessThan(join.length);
    expect(verifySessionJoinToken(id, token, `${NEW},${SECRET}`, NOW)).toBe(true);
    expect(verifySessionJoinToken(id, join, `${NEW},${SECRET}`, NOW)).toBe(true);
    expect(verifyBookingManageToken(id, bookingManageToken(id, SECRET), [NEW, SECRET], NOW)).toBe(true);
    expect(verifyBookingManageToken(id, bookingManageToken(id, SECRET), NEW, NOW)).toBe(false);
  });
});

describe('a session pass or subscriber cookie set before the change', () => {
  test('when a pass in its earlier form is read inside its window, then it is honoured', () => {
    const payload = `${id}.${'b'.repeat(22)}.${NOW / 1000 - 600}.${NOW / 1000 + 3600}`;
    const pass = `${payload}.${earlierMac(`hhp-session-pass:v1\n${payload}`)}`;
    expect(verifySessionPass(pass, SECRET, NOW)).toMatchObject({ bookingId: id, notAfter: NOW + 3_600_000 });
    expect(verifySessionPass(pass, SECRET, NOW + 3_600_000)).toBeUndefined();
    expect(verifySessionPass(pass.replace('.bbb', '.ccc'), SECRET, NOW)).toBeUndefined();
  });

  test('when a cookie in its earlier form is read, then it names the customer and is stale (payments re-signs it)', () => {
    const payload = `${Buffer.from('cus_123').toString('base64url')}.${NOW / 1000 + 400 * 86_400}`;
    const cookie = `${payload}.${earlierMac(payload)}`;
    expect(readSubscriberCookie(cookie, SECRET, NOW)).toEqual({ customerId: 'cus_123', stale: true });
    expect(readSubscriberCookie(cookie, SECRET, NOW + 400 * 86_400_000)).toBeUndefined();
    expect(readSubscriberCookie(cookie, SECRET, EARLIER_FORMS_UNTIL)).toBeUndefined();
    expect(readSubscriberCookie(cookie, NEW, NOW)).toBeUndefined();
  });
});
