import { createHmac } from 'node:crypto';
import { signIngest, verifyIngestSignature, type SignedRequest } from '../../src/ingest/signature.js';

const secret = 'unit-test-secret-0123456789abcdef0123';
const body = Buffer.from('{"id":"a","title":"T","category":"naet"}');
const nowSeconds = 1_760_000_000;
const request = (overrides: Partial<SignedRequest> = {}): SignedRequest => ({
  secret,
  body,
  timestamp: String(nowSeconds),
  signature: signIngest(secret, nowSeconds, body),
  maxSkewSeconds: 300,
  maxFutureSeconds: 30,
  nowSeconds,
  ...overrides,
});

describe('verifyIngestSignature', () => {
  test('when the signature is HMAC-SHA256 of "<timestamp>.<body>", then it is accepted', () => {
    const hex = createHmac('sha256', secret).update(`${nowSeconds}.${body.toString()}`).digest('hex');

    expect(signIngest(secret, nowSeconds, body)).toBe(`sha256=${hex}`);
    const accepted = { ok: true, digest: hex, timestamp: nowSeconds };
    expect(verifyIngestSignature(request({ signature: `sha256=${hex}` }))).toEqual(accepted);
    expect(verifyIngestSignature(request({ signature: `sha256=${hex.toUpperCase()}` }))).toEqual(accepted);
  });

  test.each([
    ['the signature is missing', { signature: undefined }, 'Missing x-signature header'],
    ['the timestamp is missing', { timestamp: undefined }, 'Missing x-timestamp header'],
    ['the timestamp is not unix seconds', { timestamp: '2025-01-01T00:00:00Z' }, 'x-timestamp must be unix seconds'],
    [
      'the signature has no sha256= prefix',
      { signature: 'a'.repeat(64) },
      'x-signature must look like sha256=<64 hex digits>',
    ],
    ['the signature is too short', { signature: 'sha256=abcd' }, 'x-signature must look like sha256=<64 hex digits>'],
    ['another secret signed it', { signature: signIngest('another-secret', nowSeconds, body) }, 'Invalid signature'],
    ['the body was changed', { body: Buffer.from('{"id":"b","title":"T","category":"naet"}') }, 'Invalid signature'],
    ['the signed timestamp was changed', { timestamp: String(nowSeconds + 1) }, 'Invalid signature'],
  ])('when %s, then it is refused', (_what, overrides, message) => {
    expect(verifyIngestSignature(request(overrides))).toEqual({ ok: false, message });
  });

  test.each([
    ['exactly the allowed age', -300, undefined],
    ['exactly the allowed drift ahead', 30, undefined],
    ['one second too old', -301, 'Stale request: x-timestamp is more than 300 s old'],
    [
      'one second too far ahead',
      31,
      "Request from the future: x-timestamp is more than 30 s ahead of the server's clock",
    ],
    [
      'as far ahead as it may be old',
      300,
      "Request from the future: x-timestamp is more than 30 s ahead of the server's clock",
    ],
  ])('when a correctly signed timestamp is %s, then the refusal is %s', (_what, offset, message) => {
    const timestamp = nowSeconds + offset;
    const verdict = verifyIngestSignature(
      request({ timestamp: String(timestamp), signature: signIngest(secret, timestamp, body) }),
    );

    expect(verdict.ok ? undefined : verdict.message).toBe(message);
  });
});
