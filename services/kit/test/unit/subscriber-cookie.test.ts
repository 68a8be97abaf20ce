import { hashVisitor, readSubscriberCookie, signSubscriberCookie, verifySubscriberCookie } from '../../src/index.js';

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

  describe('when the secret is rotated (the current secret first, the previous one after it)', () => {
    const NEW = 'the-new-secret-of-at-least-thirty-two-chars';

    test('then a cookie signed with the previous secret still names the customer, and is stale', () => {
      const old = signSubscriberCookie('cus_123', SECRET, { now });
      expect(verifySubscriberCookie(old, [NEW, SECRET], now)).toBe('cus_123');
      expect(readSubscriberCookie(old, [NEW, SECRET], now)).toEqual({ customerId: 'cus_123', stale: true });
    });

    test('then a cookie signed with the new secret is not stale', () => {
      const fresh = signSubscriberCookie('cus_123', NEW, { now });
      expect(readSubscriberCookie(fresh, [NEW, SECRET], now)).toEqual({ customerId: 'cus_123', stale: false });
      expect(readSubscriberCookie(fresh, [NEW, undefined], now)).toEqual({ customerId: 'cus_123', stale: false });
    });

    test('then once the previous secret is dropped, its cookies are refused', () => {
      const old = signSubscriberCookie('cus_123', SECRET, { now });
      expect(verifySubscriberCookie(old, [NEW], now)).toBeUndefined();
      expect(verifySubscriberCookie(old, [NEW, undefined], now)).toBeUndefined();
    });

    test('then a cookie signed with neither secret, or expired, is refused', () => {
      const other = signSubscriberCookie('cus_123', 'a-third-secret-of-at-least-thirty-two-chars', { now });
      expect(verifySubscriberCookie(other, [NEW, SECRET], now)).toBeUndefined();
      const expired = signSubscriberCookie('cus_123', SECRET, { now, maxAgeSeconds: 60 });
      expect(verifySubscriberCookie(expired, [NEW, SECRET], now + 60_000)).toBeUndefined();
      expect(verifySubscriberCookie(signSubscriberCookie('cus_123', SECRET, { now }), [], now)).toBeUndefined();
    });
  });

  test('when a visitor is hashed, then the same id and key give the same hex digest, never the id', () => {
    const a = hashVisitor('guest-abc', 'key-one-1234567890');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashVisitor('guest-abc', 'key-one-1234567890')).toBe(a);
    expect(hashVisitor('guest-abc', 'key-two-1234567890')).not.toBe(a);
  });
});
