// Short-lived TURN credentials against a real TURN server: Debian's coturn with `use-auth-secret`, as a
// deployment runs it. Each call's `session` carries a TURN credential minted for it; coturn gives a relay to
// that credential, and to nothing signed with another secret. (Skipped where coturn is not installed.)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import type { IceServer } from '@hhp/proto';
import { RTCPeerConnection } from 'werift';
import { freePort, spawnManaged, waitFor, type ManagedProcess } from '../../../../infra/src/dev-servers.js';
import { turnCredential } from '../../src/rtc/ice-servers.js';
import { EchoEngine, tone } from './echo-engine.js';
import { startVoice, wsUrl, type VoiceService } from './harness.js';
import { Signalling, VoiceClient, openSocket } from './voice-client.js';

const TURNSERVER = '/usr/bin/turnserver';
const SECRET = 'a-secret-shared-with-coturn-only';
/**
 * Where coturn relays from: an address of this machine's that the service's own candidates are on (werift
 * gathers no loopback candidates), as a TURN server beside a deployment relays on the network it shares with it.
 */
const relayAddress =
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';
const describeWithCoturn = existsSync(TURNSERVER) ? describe : describe.skip;

/** The candidates a peer connection that may only use relays gathers with `servers`. */
async function relayCandidates(servers: IceServer[]): Promise<string[]> {
  const pc = new RTCPeerConnection({
    iceServers: servers.map((s) => ({ urls: String(s.urls), username: s.username, credential: s.credential })),
    iceTransportPolicy: 'relay',
  });
  const candidates: string[] = [];
  pc.onIceCandidate.subscribe((c) => {
    if (c?.candidate) candidates.push(c.candidate);
  });
  const complete = new Promise<void>((resolve) =>
    pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') resolve();
    }),
  );
  pc.addTransceiver('audio', { direction: 'sendrecv' });
  await pc.setLocalDescription(await pc.createOffer());
  await complete;
  await pc.close();
  return candidates;
}

describeWithCoturn('TURN credentials minted per call, checked by coturn', () => {
  let dir: string;
  let coturn: ManagedProcess;
  let turnUrl: string;
  let service: VoiceService;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hhp-coturn-'));
    const port = await freePort();
    turnUrl = `turn:127.0.0.1:${port}?transport=udp`;
    coturn = spawnManaged(
      'coturn',
      TURNSERVER,
      [
        '-n',
        `--listening-ip=127.0.0.1`,
        `--listening-port=${port}`,
        `--relay-ip=${relayAddress}`,
        '--min-port=42500',
        '--max-port=42599',
        '--use-auth-secret',
        `--static-auth-secret=${SECRET}`,
        '--realm=portal.test',
        '--no-tls',
        '--no-dtls',
        '--no-cli',
        '--allow-loopback-peers',
        `--userdb=${path.join(dir, 'turndb')}`,
        `--pidfile=${path.join(dir, 'turnserver.pid')}`,
        '--log-file=stdout',
        '--simple-log',
      ],
      { logFile: path.join(dir, 'coturn.log') },
    );
    // Ready once it answers an allocation: a credential of its own secret gets a relay.
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    await waitFor(
      'coturn',
      async () =>
        (await relayCandidates([{ urls: turnUrl, ...turnCredential(SECRET, expiresAt, 'probe') }])).length > 0,
      { child: coturn, timeoutMs: 20_000, intervalMs: 200 },
    );
    service = await startVoice(new EchoEngine(), { VOICE_TURN_URLS: turnUrl, VOICE_TURN_SECRET: SECRET });
  });

  afterAll(async () => {
    await service?.close();
    await coturn?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function sessionOf(): Promise<{ sessionId: string; iceServers: IceServer[] }> {
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    signalling.send({ type: 'start', guestId: null });
    const session = await signalling.next('session');
    signalling.send({ type: 'end' });
    signalling.ws.close();
    return session;
  }

  test('when a call starts, then its session carries a TURN credential of its own that coturn gives a relay to, and not the secret', async () => {
    const first = await sessionOf();
    const second = await sessionOf();
    const turn = first.iceServers.find((s) => String(s.urls).startsWith('turn:'));
    expect(turn?.username).toMatch(new RegExp(`^\\d+:${first.sessionId}$`));
    const expiresAt = Number(turn!.username!.split(':')[0]);
    // Good for the longest call (600 s) and a margin, no longer.
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(600);
    expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(900);
    expect(second.iceServers.find((s) => s.username)?.credential).not.toBe(turn!.credential);
    expect(JSON.stringify(first)).not.toContain(SECRET);

    const relays = await relayCandidates(first.iceServers);
    expect(relays.length).toBeGreaterThan(0);
    expect(relays.every((c) => / typ relay /.test(c))).toBe(true);
  });

  test('when the credential is changed, or signed with another secret, or expired, then coturn gives no relay', async () => {
    const { iceServers } = await sessionOf();
    const turn = iceServers.find((s) => s.username)!;
    const tampered = { ...turn, username: turn.username!.replace(/^\d+/, (n) => String(Number(n) + 3600)) };
    const later = Math.floor(Date.now() / 1000) + 600;
    const otherSecret = { urls: turnUrl, ...turnCredential('another-secret-of-32-characters!', later, 'x') };
    const expired = { urls: turnUrl, ...turnCredential(SECRET, Math.floor(Date.now() / 1000) - 5, 'x') };
    const results = await Promise.all([tampered, otherSecret, expired].map((server) => relayCandidates([server])));
    expect(results).toEqual([[], [], []]);
  });

  test('when a visitor can only use relays (a strict NAT), then the call goes through coturn with the minted credential, both ways', async () => {
    const signalling = new Signalling(await openSocket(wsUrl(service)));
    signalling.send({ type: 'start', guestId: null });
    const { iceServers } = await signalling.next('session');
    const client = new VoiceClient(signalling, { iceServers, relayOnly: true });
    try {
      await client.connect();
      expect(client.sent.filter((line) => /^candidate:/.test(line)).every((c) => / typ relay /.test(c))).toBe(true);
      await client.speak(tone(300, 1.5));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      // The echo engine heard the tone through the relay and answered with one the client decoded.
      expect(client.received.loud).toBeGreaterThan(20);
    } finally {
      signalling.send({ type: 'end' });
      await client.close();
    }
  });

  test('when the TURN server is down, then a call still connects at once: the service gathers its own candidates without it', async () => {
    // A TURN address nothing answers on: the browser's relay would fail, and the service must not wait for one.
    const down = await startVoice(new EchoEngine(), {
      VOICE_TURN_URLS: `turn:127.0.0.1:${await freePort()}?transport=udp`,
      VOICE_TURN_SECRET: SECRET,
      // Past the other suites' ranges (41000-42099) and coturn's relays (42500-42599).
      VOICE_RTC_PORT_MIN: '42600',
      VOICE_RTC_PORT_MAX: '42699',
    });
    const signalling = new Signalling(await openSocket(wsUrl(down)));
    const client = new VoiceClient(signalling);
    try {
      signalling.send({ type: 'start', guestId: null });
      await signalling.next('session');
      const started = performance.now();
      await client.connect();
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      signalling.send({ type: 'end' });
      await client.close();
      await down.close();
    }
  });
});
