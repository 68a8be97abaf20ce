// The refund token of an admitted spoken question: what it carries comes back only from a genuine, unexpired
// token signed under the same secret; anything altered, forged or late gives nothing back.
import { createHmac } from 'node:crypto';
import { REFUND_TOKEN_TTL_MS, signRefundToken, verifyRefundToken } from '../../src/questions/refund-token.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const refundable = {
  key: 'guest:abcdefghijklmnopqrstu',
  slot: { slot: '2026-11-26.guest=3aabcdefghijklmnopqrstu.2', owner: 'AbCdEfGhIjKl.17', revision: 42 },
};
const NOW = Date.UTC(2026, 10, 26, 20, 0, 0);

test('when a token is signed, then it verifies to what it carries until it expires', () => {
  const token = signRefundToken(refundable, SECRET, NOW);
  expect(verifyRefundToken(token, SECRET, NOW)).toEqual(refundable);
  expect(verifyRefundToken(token, SECRET, NOW + REFUND_TOKEN_TTL_MS - 1)).toEqual(refundable);
  expect(verifyRefundToken(token, SECRET, NOW + REFUND_TOKEN_TTL_MS)).toBeUndefined();
  expect(REFUND_TOKEN_TTL_MS).toBeGreaterThanOrEqual(60_000);
  expect(REFUND_TOKEN_TTL_MS).toBeLessThanOrEqual(10 * 60_000);
});

test('when a token is altered anywhere, then it verifies to nothing', () => {
  const token = signRefundToken(refundable, SECRET, NOW);
  const [payload, signature] = token.split('.') as [string, string];
  const carried = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const resigned = (change: Record<string, unknown>) =>
    `${Buffer.from(JSON.stringify({ ...carried, ...change })).toString('base64url')}.${signature}`;
  for (const bad of [
    resigned({ r: 43 }),
    resigned({ e: NOW + 24 * 60 * 60 * 1000 }),
    resigned({ k: 'guest:another-guest-id-xx' }),
    `${payload}.${signature.slice(1)}`,
    `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
    `${payload}.${signature}.x`,
    payload,
    '',
  ]) {
    expect(verifyRefundToken(bad, SECRET, NOW)).toBeUndefined();
  }
  expect(verifyRefundToken(undefined, SECRET, NOW)).toBeUndefined();
  expect(verifyRefundToken('x'.repeat(5000), SECRET, NOW)).toBeUndefined();
});

test('when a token is signed under another secret, or well signed around a payload of the wrong shape, then it verifies to nothing', () => {
  expect(verifyRefundToken(signRefundToken(refundable, `${SECRET}-other`, NOW), SECRET, NOW)).toBeUndefined();
  const signed = (payload: string) =>
    `${payload}.${createHmac('sha256', SECRET).update(`hhp-ai-give-back:v1\n${payload}`).digest('base64url')}`;
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  // The way the token is signed, checked: a well-formed payload signed so verifies.
  const good = { k: 'guest:x', s: 'd.c.1', o: 'o', r: 1, e: NOW + 1000 };
  expect(verifyRefundToken(signed(encode(good)), SECRET, NOW)).toEqual({
    key: 'guest:x',
    slot: { slot: 'd.c.1', owner: 'o', revision: 1 },
  });
  for (const payload of [
    encode({ ...good, r: 0 }),
    encode({ ...good, extra: true }),
    encode({ k: 'guest:x', s: 'd.c.1', o: 'o', e: NOW + 1000 }),
    encode([1, 2, 3]),
    Buffer.from('not json').toString('base64url'),
  ]) {
    expect(verifyRefundToken(signed(payload), SECRET, NOW)).toBeUndefined();
  }
  // A subscriber cookie's MAC (over the payload alone) is not a token's.
  const plain = encode(good);
  expect(
    verifyRefundToken(`${plain}.${createHmac('sha256', SECRET).update(plain).digest('base64url')}`, SECRET, NOW),
  ).toBeUndefined();
});
