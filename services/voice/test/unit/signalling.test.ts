import { MAX_VOICE_FRAME_BYTES } from '@hhp/proto';
import { closeReason, parseFrame } from '../../src/signalling/frames.js';
import { allowedOrigins, originAllowed } from '../../src/signalling/origin.js';

const text = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

describe('the frames of the voice signalling', () => {
  test('when a frame is one of the client messages, then it is read as that message', () => {
    expect(parseFrame(text({ type: 'start', guestId: null }), false)).toEqual({
      ok: true,
      message: { type: 'start', guestId: null },
    });
    expect(parseFrame(text({ type: 'offer', sdp: 'v=0\r\n' }), false)).toMatchObject({ ok: true });
    expect(parseFrame(text({ type: 'candidate', candidate: null }), false)).toMatchObject({ ok: true });
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    expect(parseFrame(text({ type: 'candidate', candidate }), false)).toEqual({
      ok: true,
      message: { type: 'candidate', candidate },
    });
    expect(parseFrame([text('{"type":'), text('"end"}')], false)).toEqual({ ok: true, message: { type: 'end' } });
  });

  test('when a frame is binary, not JSON, an unknown message or has extra fields, then it is refused with a reason', () => {
    expect(parseFrame(text({ type: 'end' }), true)).toEqual({ ok: false, reason: 'Binary frames are not accepted' });
    expect(parseFrame(text('{type: end}'), false)).toEqual({ ok: false, reason: 'Not JSON' });
    expect(parseFrame(text({ type: 'dance' }), false)).toMatchObject({ ok: false, reason: /^Not a voice message/ });
    expect(parseFrame(text({ type: 'end', extra: 1 }), false)).toMatchObject({ ok: false });
    expect(parseFrame(text({ type: 'offer', sdp: '' }), false)).toMatchObject({ ok: false, reason: /at sdp/ });
    expect(parseFrame(text({ type: 'start', guestId: 'not a guest id' }), false)).toMatchObject({ ok: false });
  });

  test('when a reason is longer than a close frame carries, then it is cut to 123 bytes', () => {
    const reason = closeReason(`Not a voice message: ${'é'.repeat(200)}`);
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    expect(reason.endsWith('…')).toBe(true);
    expect(closeReason('short')).toBe('short');
  });

  test('when the largest offer the schema allows is sent, then it fits in a frame', () => {
    expect(Buffer.byteLength(JSON.stringify({ type: 'offer', sdp: 'x'.repeat(60_000) }))).toBeLessThan(
      MAX_VOICE_FRAME_BYTES,
    );
  });
});

describe('the origins that may open a call', () => {
  test("when the portal is public, then its own origin and the configured ones are allowed, no other site's", () => {
    const allowed = allowedOrigins('https://portal.example/some/path', ['https://www.portal.example']);
    expect(originAllowed('https://portal.example', allowed)).toBe(true);
    expect(originAllowed('https://www.portal.example', allowed)).toBe(true);
    expect(originAllowed('http://portal.example', allowed)).toBe(false);
    expect(originAllowed('https://portal.example.evil.example', allowed)).toBe(false);
    expect(originAllowed('http://localhost:8080', allowed)).toBe(false);
    expect(originAllowed('null', allowed)).toBe(false);
    expect(originAllowed(undefined, allowed)).toBe(false);
  });

  test('when the portal runs on loopback, then localhost, 127.0.0.1 and [::1] on its port are the same portal', () => {
    const allowed = allowedOrigins('http://localhost:8080', []);
    expect(originAllowed('http://127.0.0.1:8080', allowed)).toBe(true);
    expect(originAllowed('http://[::1]:8080', allowed)).toBe(true);
    expect(originAllowed('http://localhost:8081', allowed)).toBe(false);
  });
});
