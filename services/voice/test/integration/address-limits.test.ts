// One address cannot fill the voice service: the sockets and the calls of one client address (as the trusted
// proxies report it, an IPv6 visitor's whole /64 as one) are capped, a socket that starts no call is closed, and
// a call that is not set up in time is ended and its slot freed. LOAD_TEST_ALLOWLIST lets load generators past.
import { RTCPeerConnection } from 'werift';
import { WebSocket } from 'ws';
import type { VoiceServerMessage } from '@hhp/proto';
import { EchoEngine } from './echo-engine.js';
import { healthy, startVoice, wsUrl, type VoiceService } from './harness.js';
import { ORIGIN, Signalling } from './voice-client.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A socket from `address` (X-Forwarded-For from the tests' loopback, a trusted proxy by default), read from
 * before it opens: a refused socket's `limit` comes with the handshake.
 */
async function from(service: VoiceService, address: string): Promise<Signalling> {
  const ws = new WebSocket(wsUrl(service), { headers: { origin: ORIGIN, 'x-forwarded-for': address } });
  const signalling = new Signalling(ws);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return signalling;
}

/** What `start` got: the session, or the message that refused it (`limit` reason, or `unavailable`). */
async function startCall(signalling: Signalling): Promise<'session' | string> {
  signalling.send({ type: 'start', guestId: null });
  const deadline = Date.now() + 5000;
  for (;;) {
    const answer = signalling.messages.find((m) => ['session', 'limit', 'unavailable'].includes(m.type));
    if (answer?.type === 'limit') return `limit:${answer.reason}`;
    if (answer) return answer.type;
    if (Date.now() > deadline) return 'nothing';
    await settle(20);
  }
}

/** The socket's close, or 'open' when it is still open after `ms`. */
const closedWithin = (signalling: Signalling, ms: number) =>
  Promise.race([signalling.closed, settle(ms).then(() => 'open' as const)]);

const limitOf = (signalling: Signalling) =>
  signalling.messages.find((m): m is Extract<VoiceServerMessage, { type: 'limit' }> => m.type === 'limit');

describe('voice: what one address may hold', () => {
  let service: VoiceService;
  beforeAll(async () => {
    service = await startVoice(new EchoEngine());
  });
  afterAll(() => service.close());

  test('when one address sends 12 starts, then 3 get a call and the rest are told too many calls come from their network, and another address still gets a call', async () => {
    const mine = await Promise.all(Array.from({ length: 12 }, () => from(service, '198.51.100.7')));
    try {
      const outcomes = await Promise.all(mine.map(startCall));
      expect(outcomes.filter((o) => o === 'session')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'limit:address')).toHaveLength(9);
      for (const refused of mine.filter((s) => limitOf(s)?.reason === 'address')) {
        expect(limitOf(refused)!.message).toBe(
          'Too many voice calls are open from your network right now. Please end one, or try again in a few minutes, or type your question in the chat.',
        );
        expect((await refused.closed).code).toBe(1013);
      }
      const other = await from(service, '203.0.113.9');
      expect(await startCall(other)).toBe('session');
      other.ws.close();
    } finally {
      for (const s of mine) s.ws.close();
    }
    expect(await healthy(service)).toBe(200);
  });

  test('when an address opens one socket more than VOICE_MAX_SOCKETS_PER_ADDRESS (10), then that one is told why and closed with 1013; another address is let in, and a closed socket frees its place', async () => {
    const mine = await Promise.all(Array.from({ length: 10 }, () => from(service, '198.51.100.8')));
    try {
      const extra = await from(service, '198.51.100.8');
      expect(await closedWithin(extra, 2000)).toEqual({
        code: 1013,
        reason: 'Too many voice connections from your network',
      });
      expect(limitOf(extra)).toMatchObject({ reason: 'address', message: expect.stringContaining('your network') });
      const other = await from(service, '203.0.113.10');
      expect(await closedWithin(other, 300)).toBe('open');
      other.ws.close();
      for (const s of mine) expect(s.ws.readyState).toBe(s.ws.OPEN);

      mine[0]!.ws.close();
      await mine[0]!.closed;
      await settle(100);
      const again = await from(service, '198.51.100.8');
      expect(await closedWithin(again, 300)).toBe('open');
      again.ws.close();
    } finally {
      for (const s of mine) s.ws.close();
    }
  });

  test('when IPv6 visitors share a /64, then its calls are counted as one address', async () => {
    const sameLine = await Promise.all(
      ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff::1', '2001:db8:1:2::c'].map((a) => from(service, a)),
    );
    const elsewhere = await from(service, '2001:db8:1:3::a');
    try {
      const outcomes = await Promise.all(sameLine.map(startCall));
      expect(outcomes.toSorted()).toEqual(['limit:address', 'session', 'session', 'session']);
      expect(await startCall(elsewhere)).toBe('session');
    } finally {
      for (const s of [...sameLine, elsewhere]) s.ws.close();
    }
  });
});

describe('voice: a socket or call that is not set up in time', () => {
  test('when a socket sends no start within VOICE_SETUP_SECONDS, then it is closed with 1008 and why, and its place is free again', async () => {
    const service = await startVoice(new EchoEngine(), {
      VOICE_SETUP_SECONDS: '1',
      VOICE_MAX_SOCKETS_PER_ADDRESS: '1',
    });
    try {
      const idle = await from(service, '198.51.100.20');
      const opened = Date.now();
      expect(await closedWithin(idle, 4000)).toEqual({ code: 1008, reason: 'No start within 1 second' });
      expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
      const next = await from(service, '198.51.100.20');
      expect(await startCall(next)).toBe('session');
      next.ws.close();
    } finally {
      await service.close();
    }
  });

  test('when a call sends no offer within VOICE_SETUP_SECONDS, then it ends, its socket is closed and its slot is free for another visitor', async () => {
    const service = await startVoice(new EchoEngine(), {
      VOICE_SETUP_SECONDS: '1',
      VOICE_CONNECT_SECONDS: '10',
      VOICE_MAX_SESSIONS: '1',
    });
    try {
      const holder = await from(service, '198.51.100.21');
      expect(await startCall(holder)).toBe('session');
      const started = Date.now();
      expect(await closedWithin(holder, 4000)).toEqual({ code: 1000, reason: 'Call ended' });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(limitOf(holder)).toMatchObject({
        reason: 'setup',
        message: 'The voice chat could not be connected in time. Please try again.',
      });
      expect(holder.messages.at(-1)).toEqual({ type: 'ended', reason: 'connection' });

      const other = await from(service, '203.0.113.21');
      expect(await startCall(other)).toBe('session');
      other.ws.close();
    } finally {
      await service.close();
    }
  });

  test('when an offer is answered but the connection never forms within VOICE_CONNECT_SECONDS, then the call ends and its slot is free', async () => {
    const service = await startVoice(new EchoEngine(), {
      VOICE_SETUP_SECONDS: '2',
      VOICE_CONNECT_SECONDS: '2',
      VOICE_MAX_SESSIONS: '1',
    });
    const pc = new RTCPeerConnection();
    try {
      const holder = await from(service, '198.51.100.22');
      expect(await startCall(holder)).toBe('session');
      // A well-formed offer that names no candidate, and none trickled: ICE has nothing to check.
      pc.addTransceiver('audio', { direction: 'sendrecv' });
      await pc.setLocalDescription(await pc.createOffer());
      const sdp = pc.localDescription!.sdp.replace(/^a=candidate:.*\r\n/gm, '');
      holder.send({ type: 'offer', sdp });
      await holder.next('answer');
      expect(await closedWithin(holder, 5000)).toEqual({ code: 1000, reason: 'Call ended' });
      expect(limitOf(holder)).toMatchObject({ reason: 'setup' });
      const other = await from(service, '203.0.113.22');
      expect(await startCall(other)).toBe('session');
      other.ws.close();
    } finally {
      await pc.close();
      await service.close();
    }
  });
});

describe('voice: which address is counted', () => {
  test('when an address is on LOAD_TEST_ALLOWLIST, then no per-address limit counts it; others are still counted', async () => {
    const service = await startVoice(new EchoEngine(), {
      LOAD_TEST_ALLOWLIST: '192.0.2.0/24',
      VOICE_MAX_SOCKETS_PER_ADDRESS: '2',
      VOICE_MAX_CALLS_PER_ADDRESS: '1',
    });
    const sockets: Signalling[] = [];
    try {
      for (let i = 0; i < 4; i++) sockets.push(await from(service, '192.0.2.10'));
      expect(await Promise.all(sockets.map(startCall))).toEqual(['session', 'session', 'session', 'session']);
      const counted = [await from(service, '198.51.100.30'), await from(service, '198.51.100.30')];
      sockets.push(...counted);
      expect(await Promise.all(counted.map(startCall))).toEqual(expect.arrayContaining(['session', 'limit:address']));
    } finally {
      for (const s of sockets) s.ws.close();
      await service.close();
    }
  });

  test('when X-Forwarded-For comes from a peer that is not a trusted proxy, then the socket address is counted, not what it claims', async () => {
    const service = await startVoice(new EchoEngine(), {
      TRUSTED_PROXIES: '10.0.0.0/8',
      VOICE_MAX_CALLS_PER_ADDRESS: '1',
    });
    const sockets = [await from(service, '198.51.100.41'), await from(service, '198.51.100.42')];
    try {
      expect(await startCall(sockets[0]!)).toBe('session');
      expect(await startCall(sockets[1]!)).toBe('limit:address');
    } finally {
      for (const s of sockets) s.ws.close();
      await service.close();
    }
  });
});
