import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectOptions } from '@hhp/kit';
import { MAX_VOICE_FRAME_BYTES, Subjects } from '@hhp/proto';
import { EchoEngine, tone } from './echo-engine.js';
import { healthy, startVoice, wsUrl, type VoiceService } from './harness.js';
import { ORIGIN, Signalling, VoiceClient, openSocket } from './voice-client.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a voice call over /ws and WebRTC', () => {
  let service: VoiceService;
  let engine: EchoEngine;
  let nats: NatsConnection;
  const events: { subject: string; data: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    engine = new EchoEngine();
    service = await startVoice(engine, { VOICE_MAX_SESSIONS: '2' });
    nats = await connect(natsConnectOptions(process.env.NATS_URL!));
    const sub = nats.subscribe('voice.v1.>');
    void (async () => {
      for await (const m of sub)
        events.push({ subject: m.subject, data: (m.json() as { data: Record<string, unknown> }).data });
    })();
  });
  afterAll(async () => {
    await service.close();
    await nats.close();
  });

  test('when a client calls and speaks, then the engine hears the sound, the client hears the answer, and the events say so', async () => {
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    signalling.send({ type: 'start', guestId: null });
    const session = await signalling.next('session');
    expect(session).toMatchObject({ iceServers: [], maxSeconds: 600, idleSeconds: 60 });
    const client = new VoiceClient(signalling);
    try {
      await client.connect();
      expect(await signalling.next('state')).toEqual({ type: 'state', state: 'listening' });
      await client.speak(tone(300, 1.5));
      const heard = engine.heard.get(session.sessionId)!;
      expect(heard.frames).toBeGreaterThan(50);
      expect(heard.loud).toBeGreaterThan(40);
      expect(await signalling.next('transcript')).toMatchObject({ role: 'user', text: 'a tone' });
      await settle(1500);
      // A second of answer: 50 packets, sent in real time.
      expect(client.received.packets).toBeGreaterThanOrEqual(45);
      expect(client.received.loud).toBeGreaterThanOrEqual(40);

      signalling.send({ type: 'end' });
      expect(await signalling.next('ended')).toEqual({ type: 'ended', reason: 'visitor' });
      expect((await signalling.closed).code).toBe(1000);
      expect(engine.closed).toContain(session.sessionId);
      await settle(300);
      const mine = events.filter((e) => e.data.sessionId === session.sessionId);
      expect(mine.map((e) => e.subject)).toEqual([Subjects.voiceSessionStarted, Subjects.voiceSessionEnded]);
      expect(mine[1]!.data).toMatchObject({ engine: 'echo', turns: 1, reason: 'visitor' });
      expect(mine[1]!.data.durationSeconds).toBeGreaterThan(1.5);
      expect(JSON.stringify(mine)).not.toContain('a tone');
    } finally {
      await client.close();
    }
  });

  test("when the client's host candidates are mDNS names (as Chromium's), then the call connects through the peer-reflexive candidate and audio flows", async () => {
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    signalling.send({ type: 'start' });
    const session = await signalling.next('session');
    const client = new VoiceClient(signalling, { mdns: true });
    try {
      await client.connect();
      await client.speak(tone(300, 1));
      expect(engine.heard.get(session.sessionId)!.loud).toBeGreaterThan(40);
      // The service was told no address of the client's: only mDNS names.
      expect(client.sent.join('\n')).toMatch(/typ host/);
      expect(client.sent.join('\n')).not.toMatch(/candidate:\S+ \d+ \S+ \d+ [0-9a-f:.]+ \d+ typ host/);
      signalling.send({ type: 'end' });
      await signalling.next('ended');
    } finally {
      await client.close();
    }
  });

  test('when a frame is not JSON or not a voice message, then the socket is closed with 1008 and the reason, and the service stays up', async () => {
    for (const frame of ['not json', JSON.stringify({ type: 'dance' }), JSON.stringify({ type: 'offer', sdp: '' })]) {
      const signalling = new Signalling(await openSocket(wsUrl(service)));
      signalling.ws.send(frame);
      const closed = await signalling.closed;
      expect(closed.code).toBe(1008);
      expect(closed.reason).toMatch(/^(Not JSON|Not a voice message)/);
    }
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    signalling.send({ type: 'offer', sdp: 'v=0' });
    expect(await signalling.closed).toEqual({ code: 1008, reason: 'Send start before offer' });
    expect(await healthy(service)).toBe(200);
  });

  test('when a frame is binary or larger than the limit, then the socket is closed with 1008 or 1009, and the service stays up', async () => {
    const binary = new Signalling(await openSocket(wsUrl(service)));
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect((await binary.closed).code).toBe(1008);
    const big = new Signalling(await openSocket(wsUrl(service)));
    big.ws.send(JSON.stringify({ type: 'offer', sdp: 'x'.repeat(MAX_VOICE_FRAME_BYTES) }));
    expect((await big.closed).code).toBe(1009);
    expect(await healthy(service)).toBe(200);
  });

  test('when a page of another site (or no page) opens /ws, then the upgrade is refused with 403, and the service stays up', async () => {
    await expect(openSocket(wsUrl(service), 'https://evil.example')).rejects.toThrow('status 403');
    await expect(openSocket(wsUrl(service), null)).rejects.toThrow('status 403');
    const alias = await openSocket(wsUrl(service), 'http://127.0.0.1:8080');
    alias.close();
    expect(await healthy(service)).toBe(200);
  });

  test('when one call more than VOICE_MAX_SESSIONS starts, then it is told the service is busy and closed, and a slot frees when a call ends', async () => {
    const first = new Signalling(await openSocket(wsUrl(service), ORIGIN));
    const second = new Signalling(await openSocket(wsUrl(service)));
    first.send({ type: 'start' });
    second.send({ type: 'start' });
    await Promise.all([first.next('session'), second.next('session')]);
    const third = new Signalling(await openSocket(wsUrl(service)));
    third.send({ type: 'start' });
    expect(await third.next('limit')).toMatchObject({ reason: 'sessions', message: expect.stringContaining('busy') });
    expect((await third.closed).code).toBe(1000);
    first.ws.close();
    await first.closed;
    await settle(200);
    const fourth = new Signalling(await openSocket(wsUrl(service)));
    fourth.send({ type: 'start' });
    await fourth.next('session');
    second.ws.close();
    fourth.ws.close();
    expect(await healthy(service)).toBe(200);
  });
});

describe('speaking to the visitor', () => {
  test('when the engine stops playback (the visitor spoke over it), then the answer stops at once and play resolves', async () => {
    const engine = new EchoEngine();
    const service = await startVoice(engine);
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    const client = new VoiceClient(signalling);
    try {
      signalling.send({ type: 'start' });
      const { sessionId } = await signalling.next('session');
      await client.connect();
      const call = engine.contexts.get(sessionId)!;
      let resolved = false;
      const played = call.play(tone(440, 5)).then(() => (resolved = true));
      await settle(600);
      call.stopPlayback();
      await played;
      const atStop = client.received.packets;
      expect(atStop).toBeGreaterThan(15);
      expect(atStop).toBeLessThan(50);
      await settle(600);
      expect(resolved).toBe(true);
      expect(client.received.packets).toBeLessThanOrEqual(atStop + 3);
    } finally {
      await client.close();
      await service.close();
    }
  });

  test('when a limit ends the call and the engine can speak, then its message is spoken before the call ends', async () => {
    const engine = new EchoEngine();
    engine.limitSeconds = 1;
    const service = await startVoice(engine, { VOICE_IDLE_SECONDS: '1' });
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    const client = new VoiceClient(signalling);
    try {
      signalling.send({ type: 'start' });
      await signalling.next('session');
      await client.connect();
      await signalling.next('limit');
      const atLimit = client.received.packets;
      await signalling.next('ended');
      // A second of the message: 50 packets between `limit` and `ended`.
      expect(client.received.packets - atLimit).toBeGreaterThanOrEqual(40);
      expect(client.received.loud).toBeGreaterThanOrEqual(35);
    } finally {
      await client.close();
      await service.close();
    }
  });
});

describe('the limits of a call', () => {
  test('when nothing happens for VOICE_IDLE_SECONDS, then the visitor is told why and the call ends', async () => {
    const service = await startVoice(new EchoEngine(), { VOICE_IDLE_SECONDS: '1' });
    try {
      const signalling = new Signalling(await openSocket(wsUrl(service)));
      signalling.send({ type: 'start' });
      await signalling.next('session');
      expect(await signalling.next('limit')).toMatchObject({
        reason: 'idle',
        message: expect.stringContaining('1 second'),
      });
      expect(await signalling.next('ended')).toEqual({ type: 'ended', reason: 'idle' });
      expect((await signalling.closed).code).toBe(1000);
    } finally {
      await service.close();
    }
  });

  test('when a client sends far more packets than a microphone, then the call ends with the rate limit', async () => {
    const service = await startVoice(new EchoEngine(), { VOICE_MAX_PACKETS_PER_SECOND: '100' });
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    const client = new VoiceClient(signalling);
    try {
      signalling.send({ type: 'start' });
      await signalling.next('session');
      await client.connect();
      await client.flood(400, tone(300, 0.02));
      expect(await signalling.next('limit')).toMatchObject({ reason: 'rate' });
      expect(await signalling.next('ended')).toEqual({ type: 'ended', reason: 'rate' });
      expect(await healthy(service)).toBe(200);
    } finally {
      await client.close();
      await service.close();
    }
  });

  test('when the client stops answering pings, then its socket is cut and its call ends', async () => {
    const engine = new EchoEngine();
    const service = await startVoice(engine, { VOICE_PING_INTERVAL_MS: '100' });
    try {
      const signalling = new Signalling(await openSocket(wsUrl(service), ORIGIN, { autoPong: false }));
      signalling.send({ type: 'start' });
      const { sessionId } = await signalling.next('session');
      const started = Date.now();
      await signalling.closed;
      expect(Date.now() - started).toBeLessThan(1000);
      // Sent, though a peer that is really gone does not read it.
      expect(await signalling.next('ended')).toEqual({ type: 'ended', reason: 'connection' });
      await settle(100);
      expect(engine.closed).toContain(sessionId);
      // One that answers stays.
      const alive = new Signalling(await openSocket(wsUrl(service)));
      alive.send({ type: 'start' });
      await alive.next('session');
      await settle(500);
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
      alive.ws.close();
    } finally {
      await service.close();
    }
  });

  test('when no engine is configured, then a call is told voice chat is unavailable', async () => {
    const service = await startVoice(undefined);
    try {
      const signalling = new Signalling(await openSocket(wsUrl(service)));
      signalling.send({ type: 'start' });
      expect(await signalling.next('unavailable')).toEqual({
        type: 'unavailable',
        message: 'Failed to connect to voice chat service.',
      });
      expect((await signalling.closed).code).toBe(1000);
    } finally {
      await service.close();
    }
  });

  test('when the engine cannot take a call, then the call is told voice chat is unavailable and its slot is free again', async () => {
    const broken = {
      name: 'broken',
      open: () => {
        throw new Error('no recogniser');
      },
    };
    const service = await startVoice(broken, { VOICE_MAX_SESSIONS: '1' });
    try {
      for (let i = 0; i < 2; i++) {
        const signalling = new Signalling(await openSocket(wsUrl(service)));
        signalling.send({ type: 'start' });
        expect(await signalling.next('unavailable')).toMatchObject({
          message: 'Failed to connect to voice chat service.',
        });
        expect((await signalling.closed).code).toBe(1000);
      }
      expect(await healthy(service)).toBe(200);
    } finally {
      await service.close();
    }
  });

  test('when the service shuts down during a call, then the call is told it ended (shutdown) before its socket closes', async () => {
    const service = await startVoice(new EchoEngine());
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    signalling.send({ type: 'start' });
    await signalling.next('session');
    await service.close();
    expect(await signalling.next('ended')).toEqual({ type: 'ended', reason: 'shutdown' });
  });
});
