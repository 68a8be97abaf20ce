import {
  bookingManageToken,
  readSessionPass,
  sessionJoinToken,
  signSessionPass,
  signSubscriberCookie,
  verifyBookingManageToken,
  verifySessionJoinToken,
  verifySessionPass,
} from '../../src/index.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';
const OTHER = 'another-secret-of-at-least-thirty-two-chars';
const start = Date.UTC(2026, 10, 23, 14);
const pass = {
  bookingId: 'A'.repeat(24),
  browserId: 'b'.repeat(22),
  notBefore: start - 600_000,
  notAfter: start + 3_600_000,
};

describe('the join token', () => {
  test('when made for a booking, then it is accepted for that booking only', () => {
    const token = sessionJoinToken(pass.bookingId, SECRET);
    expect(verifySessionJoinToken(pass.bookingId, token, SECRET)).toBe(true);
    expect(verifySessionJoinToken('B'.repeat(24), token, SECRET)).toBe(false);
  });

  test.each([
    ['another secret', sessionJoinToken('A'.repeat(24), OTHER)],
    ['a changed character', sessionJoinToken('A'.repeat(24), SECRET).replace(/^./, (c) => (c === 'x' ? 'y' : 'x'))],
    ['a cut token', sessionJoinToken('A'.repeat(24), SECRET).slice(0, -1)],
    ['an empty token', ''],
    ['no string', 42],
  ])('when it is %s, then it is refused', (_name, token) => {
    expect(verifySessionJoinToken(pass.bookingId, token, SECRET)).toBe(false);
  });
});

describe('the change-or-cancel token', () => {
  const id = 'A'.repeat(24);
  it("is the booking's, under the secret, and no other link's", () => {
    const token = bookingManageToken(id, SECRET);
    expect(verifyBookingManageToken(id, token, SECRET)).toBe(true);
    expect(verifyBookingManageToken('B'.repeat(24), token, SECRET)).toBe(false);
    expect(verifyBookingManageToken(id, token, OTHER)).toBe(false);
    expect(token).not.toBe(sessionJoinToken(id, SECRET));
    expect(verifyBookingManageToken(id, sessionJoinToken(id, SECRET), SECRET)).toBe(false);
  });

  it('refuses what is not a token', () => {
    expect(verifyBookingManageToken(id, undefined, SECRET)).toBe(false);
    expect(verifyBookingManageToken(id, 'x'.repeat(500), SECRET)).toBe(false);
    expect(verifyBookingManageToken(id, `${bookingManageToken(id, SECRET)}x`, SECRET)).toBe(false);
  });
});

describe('the session pass', () => {
  test('when signed and read back inside its window, then it names the booking, the browser and the window', () => {
    const cookie = signSessionPass(pass, SECRET);
    expect(verifySessionPass(cookie, SECRET, start)).toEqual(pass);
    expect(verifySessionPass(cookie, SECRET, pass.notBefore)).toEqual(pass);
  });

  test('when read before or after its window, then it is refused (but still readable as signed)', () => {
    const cookie = signSessionPass(pass, SECRET);
    expect(verifySessionPass(cookie, SECRET, pass.notBefore - 1000)).toBeUndefined();
    expect(verifySessionPass(cookie, SECRET, pass.notAfter)).toBeUndefined();
    expect(readSessionPass(cookie, SECRET)).toEqual(pass);
  });

  const swap = (cookie: string, index: number, value: string) =>
    cookie
      .split('.')
      .map((part, i) => (i === index ? value : part))
      .join('.');
  test.each([
    ['another secret', (c: string) => c, OTHER],
    ['another booking', (c: string) => swap(c, 0, 'B'.repeat(24)), SECRET],
    ['another browser', (c: string) => swap(c, 1, 'c'.repeat(22)), SECRET],
    ['a later end', (c: string) => swap(c, 3, String(pass.notAfter / 1000 + 3600)), SECRET],
    ['a cut signature', (c: string) => c.slice(0, -2), SECRET],
    ['the join token', () => sessionJoinToken(pass.bookingId, SECRET), SECRET],
    ['a subscriber cookie', () => signSubscriberCookie('cus_1', SECRET, { now: start }), SECRET],
    ['an empty value', () => '', SECRET],
  ])('when it has %s, then it is refused', (_name, tamper, secret) => {
    expect(verifySessionPass(tamper(signSessionPass(pass, SECRET)), secret, start)).toBeUndefined();
  });

  test('when an id has a dot, then it is not signed (the fields would shift)', () => {
    expect(() => signSessionPass({ ...pass, browserId: 'a.b' }, SECRET)).toThrow();
  });
});
