// The one way the portal signs a value (signing/): a value verifies only for its purpose, under a key of its
// setting, unaltered and unexpired; a setting rotates by listing the new secret first.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import {
  EARLIER_FORMS_UNTIL,
  keyRing,
  parseConfig,
  signDetached,
  signValue,
  signedInEarlierForm,
  signingSecrets,
  verifyDetached,
  verifyValue,
} from '../../src/index.js';

const OLD = 'the-old-secret-of-at-least-thirty-two-characters';
const NEW = 'the-new-secret-of-at-least-thirty-two-characters';
const NOW = Date.UTC(2026, 10, 27, 12);
const HOUR = 3_600_000;

describe('a signed value', () => {
  test('when it is verified for its purpose before it expires, then it gives its payload back', () => {
    const value = signValue(NEW, 'subscriber', 'Y3VzXzEyMw', NOW + HOUR);
    expect(value).toMatch(/^Y3VzXzEyMw\.\d{10}\.[\w-]{24}$/);
    expect(verifyValue(NEW, 'subscriber', value, { now: NOW })).toEqual({
      payload: 'Y3VzXzEyMw',
      expiresAt: NOW + HOUR,
      stale: false,
    });
  });

  test('when it is verified for another purpose, then it is refused, even under the same secret', () => {
    const value = signValue(NEW, 'list-confirm', 'a'.repeat(24), 'never');
    expect(verifyValue(NEW, 'list-unsubscribe', value, { now: NOW })).toBeUndefined();
    expect(verifyValue(NEW, 'list-confirm', value, { now: NOW })?.payload).toBe('a'.repeat(24));
    const link = signDetached(NEW, 'session-join', 'B'.repeat(24), 'never');
    expect(verifyDetached(NEW, 'booking-manage', 'B'.repeat(24), link, { now: NOW })).toBeUndefined();
  });

  test('when it has expired, then it is refused, unless the caller reads it whatever its time', () => {
    const value = signValue(NEW, 'session-pass', 'b.c.1', NOW + HOUR);
    expect(verifyValue(NEW, 'session-pass', value, { now: NOW + HOUR - 1 })).toBeDefined();
    expect(verifyValue(NEW, 'session-pass', value, { now: NOW + HOUR })).toBeUndefined();
    expect(verifyValue(NEW, 'session-pass', value, { now: NOW + 2 * HOUR, ignoreExpiry: true })?.payload).toBe('b.c.1');
    const never = signValue(NEW, 'list-unsubscribe', 'a'.repeat(24), 'never');
    expect(verifyValue(NEW, 'list-unsubscribe', never, { now: Date.UTC(2099, 0) })?.expiresAt).toBeUndefined();
  });

  const swap = (value: string, index: number, to: (part: string) => string) =>
    value
      .split('.')
      .map((part, i, all) => (i === (index + all.length) % all.length ? to(part) : part))
      .join('.');
  const flip = (c: string) => (c === 'A' ? 'B' : 'A');
  test.each([
    ['another payload', (v: string) => swap(v, 0, () => 'Y3VzXzk5OQ')],
    ['a later expiry', (v: string) => swap(v, -2, (e) => String(Number(e) + 3600))],
    ['no expiry', (v: string) => swap(v, -2, () => '0')],
    ['another key id', (v: string) => swap(v, -1, (s) => `${flip(s[0]!)}${s.slice(1)}`)],
    ['a changed MAC', (v: string) => swap(v, -1, (s) => `${s.slice(0, -1)}${flip(s.at(-1)!)}`)],
    ['a cut MAC', (v: string) => v.slice(0, -1)],
    ['a longer MAC', (v: string) => `${v}A`],
    ['a field more', (v: string) => `${v}.x`],
    ['no payload', (v: string) => v.slice(v.indexOf('.'))],
    ['a line break in the payload', (v: string) => `x\n${v}`],
    ['nothing at all', () => ''],
    ['no string', () => 42 as unknown as string],
    ['too much', (v: string) => `${'a'.repeat(2000)}${v}`],
  ])('when it was altered (%s), then it is refused', (_name, tamper) => {
    const value = signValue(NEW, 'subscriber', 'Y3VzXzEyMw', NOW + HOUR);
    expect(verifyValue(NEW, 'subscriber', tamper(value), { now: NOW })).toBeUndefined();
  });

  test('when it was signed with another secret, or no secret is set, then it is refused', () => {
    const value = signValue(OLD, 'subscriber', 'Y3VzXzEyMw', NOW + HOUR);
    expect(verifyValue(NEW, 'subscriber', value, { now: NOW })).toBeUndefined();
    expect(verifyValue(undefined, 'subscriber', value, { now: NOW })).toBeUndefined();
    expect(verifyValue([], 'subscriber', value, { now: NOW })).toBeUndefined();
    expect(() => signValue(undefined, 'subscriber', 'x', NOW)).toThrow(/no secret/);
  });

  test('when a payload is not URL-safe, then it is not signed (a reader could not split it)', () => {
    for (const payload of ['', 'a b', 'a\nb', 'ü', 'a'.repeat(1501)]) {
      expect(() => signValue(NEW, 'subscriber', payload, NOW)).toThrow(/payload/);
    }
  });

  test('when a detached signature is checked, then it holds for its payload only', () => {
    const token = signDetached(NEW, 'booking-manage', 'A'.repeat(24), 'never');
    expect(token).toMatch(/^0[\w-]{24}$/);
    expect(verifyDetached(NEW, 'booking-manage', 'A'.repeat(24), token)).toBeDefined();
    expect(verifyDetached(NEW, 'booking-manage', 'B'.repeat(24), token)).toBeUndefined();
    // A signature with a dot in it cannot make another payload out of the one the verifier holds.
    const other = signValue(NEW, 'booking-manage', 'A'.repeat(24) + '.x', 'never');
    expect(verifyDetached(NEW, 'booking-manage', 'A'.repeat(24), other.slice(25))).toBeUndefined();
    expect(verifyDetached(NEW, 'booking-manage', 'A'.repeat(24), `${token}.x`)).toBeUndefined();
    expect(verifyDetached(NEW, 'booking-manage', 'A'.repeat(24), token.slice(1))).toBeUndefined();
  });
});

describe('rotating a secret', () => {
  const rotated = `${NEW},${OLD}`;

  test('when the setting lists the new secret first, then it signs with the new one and verifies both', () => {
    const before = signValue(OLD, 'subscriber', 'Y3VzXzEyMw', NOW + HOUR);
    const after = signValue(rotated, 'subscriber', 'Y3VzXzEyMw', NOW + HOUR);
    expect(after).toBe(signValue(NEW, 'subscriber', 'Y3VzXzEyMw', NOW + HOUR));
    expect(verifyValue(rotated, 'subscriber', before, { now: NOW })).toMatchObject({ stale: true });
    expect(verifyValue(rotated, 'subscriber', after, { now: NOW })).toMatchObject({ stale: false });
  });

  test('when the previous secret is a setting of its own (the current one first), then it is the same ring', () => {
    const before = signValue(OLD, 'subscriber', 'Y3VzXzEyMw', NOW + HOUR);
    expect(verifyValue([NEW, OLD], 'subscriber', before, { now: NOW })).toMatchObject({ stale: true });
    expect(verifyValue([NEW, undefined], 'subscriber', before, { now: NOW })).toBeUndefined();
    expect(keyRing([NEW, OLD])!.map((key) => key.id)).toEqual(keyRing(` ${NEW} , ${OLD} `)!.map((key) => key.id));
  });

  test('when the old secret is removed, then what it signed is refused', () => {
    const before = signValue(rotated, 'list-unsubscribe', 'a'.repeat(24), 'never');
    const old = signValue(OLD, 'list-unsubscribe', 'a'.repeat(24), 'never');
    expect(verifyValue(NEW, 'list-unsubscribe', before)).toBeDefined();
    expect(verifyValue(NEW, 'list-unsubscribe', old)).toBeUndefined();
  });

  test('when keys are named, then each secret has its own two-character id, and a value names its signer', () => {
    const [newKey, oldKey] = keyRing(rotated)!;
    expect(newKey!.id).toMatch(/^[\w-]{2}$/);
    expect(newKey!.id).not.toBe(oldKey!.id);
    expect(signValue(rotated, 'subscriber', 'x', NOW).split('.').at(-1)!.slice(0, 2)).toBe(newKey!.id);
  });

  test('when a setting holds a short secret, then the configuration names it', () => {
    const schema = z.object({ SECRET: signingSecrets });
    expect(parseConfig(schema, { SECRET: rotated }).SECRET).toBe(rotated);
    for (const SECRET of [`${NEW},short`, 'short', ',']) {
      expect(() => parseConfig(schema, { SECRET })).toThrow(/SECRET: must be at least 32 characters/);
    }
  });
});

describe('values in their earlier form (a full HMAC of the secret itself)', () => {
  const earlier = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest('base64url');

  test('when one is checked before EARLIER_FORMS_UNTIL, then it verifies under any key of the ring', () => {
    expect(signedInEarlierForm(OLD, 'hhp-x:v1\npayload', earlier(OLD, 'hhp-x:v1\npayload'), NOW)).toBe(true);
    expect(signedInEarlierForm(`${NEW},${OLD}`, 'in', earlier(OLD, 'in'), NOW)).toBe(true);
    expect(signedInEarlierForm(NEW, 'in', earlier(OLD, 'in'), NOW)).toBe(false);
    expect(signedInEarlierForm(OLD, 'in', earlier(OLD, 'other'), NOW)).toBe(false);
    expect(signedInEarlierForm(OLD, 'in', earlier(OLD, 'in').slice(1), NOW)).toBe(false);
  });

  test('when the window has passed, then no earlier form verifies any more', () => {
    expect(EARLIER_FORMS_UNTIL).toBeGreaterThan(Date.UTC(2027, 4, 28)); // the booking horizon's last session, and a day
    expect(signedInEarlierForm(OLD, 'in', earlier(OLD, 'in'), EARLIER_FORMS_UNTIL)).toBe(false);
  });
});
