import { hashVisitor, signSubscriberCookie, verifySubscriberCookie } from '../../src/index.js';

const SECRET = 'a-secret-of-at-least-thirty-two-characters!';

describe('the subscriber cookie', () => {
  const now = Date.UTC(2026, 10, 23);

  test('when signed and read back with the same secret, then it names the customer', () => {
    const cookie = signSubscriberCookie('cus_123', SECRET, { now });
    expect(verifySubscriberCookie(cookie, SECRET, now)).toBe('cus_123');
  });

  test.each([
    ['another secret', (c: string) => c, 'another-secret-of-at-least-thirty-two-chars'],
    [
      'a changed customer',
      (c: string) => `${Buffer.from('cus_999').toString('base64url')}.${c.split('.').slice(1).join('.')}`,
      SECRET,
    ],
    ['a later expiry', (c: string) => c.replace(/\.(\d+)\./, (_m, e: string) => `.${Number(e) + 1000}.`), SECRET],
    ['a cut signature', (c: string) => c.slice(0, -2), SECRET],
    ['no dots', () => 'garbage', SECRET],
    ['an empty value', () => '', SECRET],
  ])('when it has %s, then it is refused', (_name, tamper, secret) => {
    const cookie = tamper(signSubscriberCookie('cus_123', SECRET, { now }));
    expect(verifySubscriberCookie(cookie, secret, now)).toBeUndefined();
  });

  test('when it has expired, then it is refused', () => {
    const cookie = signSubscriberCookie('cus_123', SECRET, { now, maxAgeSeconds: 60 });
    expect(verifySubscriberCookie(cookie, SECRET, now + 59_000)).toBe('cus_123');
    expect(verifySubscriberCookie(cookie, SECRET, now + 60_000)).toBeUndefined();
  });

  test('when a visitor is hashed, then the same id and key give the same hex digest, never the id', () => {
    const a = hashVisitor('guest-abc', 'key-one-1234567890');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashVisitor('guest-abc', 'key-one-1234567890')).toBe(a);
    expect(hashVisitor('guest-abc', 'key-two-1234567890')).not.toBe(a);
  });
});
