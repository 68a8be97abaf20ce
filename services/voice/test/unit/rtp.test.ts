import { Playout } from '../../src/rtc/playout.js';
import { RtpClock, type RtpFields } from '../../src/rtc/rtp-clock.js';
import { isMdnsCandidate, usableOffer } from '../../src/rtc/candidates.js';

describe('the RTP clock of the audio sent', () => {
  test('when packets follow each other, then the sequence goes up by one and the timestamp by 960, wrapping', () => {
    const clock = new RtpClock({ sequence: 0xffff, timestamp: 0xffff_fc00 });
    expect(clock.next(0, true)).toEqual({ sequenceNumber: 0xffff, timestamp: 0xffff_fc00, marker: true });
    expect(clock.next(20, false)).toEqual({ sequenceNumber: 0, timestamp: 0xffff_ffc0, marker: false });
    expect(clock.next(40, false)).toEqual({ sequenceNumber: 1, timestamp: 0x380, marker: false });
  });

  test('when speech resumes after a pause, then the timestamp moves on by the time that passed and the marker is set', () => {
    const clock = new RtpClock({ sequence: 10, timestamp: 0 });
    clock.next(0, true);
    expect(clock.next(1000, true)).toEqual({ sequenceNumber: 11, timestamp: 48_000, marker: true });
  });
});

describe('the playout of the audio sent', () => {
  const encoder = { encode: (frame: Int16Array) => Buffer.from([frame[0]! & 0xff, frame.length / 10]) };

  test('when audio is queued, then it is sent one 20 ms frame at a time, in real time, and play resolves once sent', async () => {
    const sent: { payload: Buffer; fields: RtpFields; at: number }[] = [];
    const start = performance.now();
    const playout = new Playout({
      encoder,
      send: (payload, fields) => sent.push({ payload, fields, at: performance.now() - start }),
      clock: new RtpClock({ sequence: 1, timestamp: 0 }),
    });
    // 2.5 frames: the last is padded to a whole frame.
    await playout.play(new Int16Array(2400).fill(7));
    expect(sent.map((s) => s.fields.sequenceNumber)).toEqual([1, 2, 3]);
    expect(sent.map((s) => s.fields.marker)).toEqual([true, false, false]);
    expect(sent[2]!.at).toBeGreaterThanOrEqual(38);
    expect(playout.playing).toBe(false);
  });

  test('when playback is stopped, then what is queued is dropped at once and every play resolves', async () => {
    const sent: RtpFields[] = [];
    const playout = new Playout({ encoder, send: (_p, fields) => sent.push(fields) });
    const first = playout.play(new Int16Array(48_000));
    const second = playout.play(new Int16Array(48_000));
    await new Promise((resolve) => setTimeout(resolve, 60));
    playout.stop();
    await Promise.all([first, second]);
    const count = sent.length;
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThan(10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent.length).toBe(count);
    expect(playout.playing).toBe(false);
  });

  test('when the playout is closed, then later audio is not sent', async () => {
    const sent: RtpFields[] = [];
    const playout = new Playout({ encoder, send: (_p, fields) => sent.push(fields) });
    playout.close();
    await playout.play(new Int16Array(960));
    expect(sent).toEqual([]);
  });
});

describe("the browser's candidates", () => {
  const offer = [
    'v=0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'a=candidate:1 1 udp 2122260223 0c3a9b2e-4a4c-4e0f-9d3b-5f3c2a1b0c9d.local 54321 typ host generation 0',
    'a=candidate:2 1 udp 2122260223 192.168.1.20 54322 typ host generation 0',
    'a=candidate:3 1 udp 1686052607 203.0.113.7 54323 typ srflx raddr 0.0.0.0 rport 0 generation 0',
    'a=end-of-candidates',
    'a=sendrecv',
    '',
  ].join('\r\n');

  test('when the offer names mDNS candidates and ends its candidates, then both are left out and the rest is kept', () => {
    expect(usableOffer(offer).split('\r\n')).toEqual([
      'v=0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      'a=candidate:2 1 udp 2122260223 192.168.1.20 54322 typ host generation 0',
      'a=candidate:3 1 udp 1686052607 203.0.113.7 54323 typ srflx raddr 0.0.0.0 rport 0 generation 0',
      'a=sendrecv',
      '',
    ]);
  });

  test('when a trickled candidate is an mDNS name, then it is recognised; an address is not', () => {
    expect(isMdnsCandidate('candidate:1 1 udp 2122260223 abc-def.local 54321 typ host')).toBe(true);
    expect(isMdnsCandidate('candidate:2 1 udp 2122260223 10.0.0.2 54321 typ host')).toBe(false);
    expect(isMdnsCandidate('candidate:4 1 tcp 1518280447 fd00::2 9 typ host tcptype active')).toBe(false);
  });
});
