// The call from a real browser: Debian's Chromium (as the e2e tests run it) with a fake microphone fed from a
// WAV calls the service in-process; the engine must hear the microphone and Chromium must hear the answer.
// (Once a page has the microphone, Chromium announces its real host addresses; the mDNS names it uses
// otherwise are covered by call.test.ts, whose client hides its addresses the same way.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { EchoEngine, tone } from './echo-engine.js';
import { startVoice, wsUrl, type VoiceService } from './harness.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const CHROMIUM = '/usr/bin/chromium';

/** A 48 kHz mono 16-bit WAV. */
function wav(pcm: Int16Array): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(96_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Runs in the page: the widget's side of the call, reduced to the protocol. */
async function call(url: string): Promise<{ packetsReceived: number; loudest: number; messages: string[] }> {
  const messages: string[] = [];
  const ws = new WebSocket(url);
  const pc = new RTCPeerConnection();
  // What the visitor would hear: the loudest 20 ms of the answer's track, through WebAudio (Chromium feeds a
  // remote track to WebAudio only while a media element plays it too).
  let loudest = 0;
  pc.ontrack = (event) => {
    const stream = new MediaStream([event.track]);
    const audio = new Audio();
    audio.srcObject = stream;
    audio.muted = true;
    void audio.play();
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      loudest = Math.max(loudest, Math.sqrt(sum / samples.length));
    }, 20);
  };
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) pc.addTrack(track, stream);
  pc.onicecandidate = (e) => ws.send(JSON.stringify({ type: 'candidate', candidate: e.candidate?.toJSON() ?? null }));
  const connected = new Promise<void>((resolve, reject) => {
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') resolve();
      if (pc.connectionState === 'failed') reject(new Error('peer connection failed'));
    };
  });
  ws.onmessage = async (event) => {
    const message = JSON.parse(event.data as string) as { type: string; sdp?: string; candidate?: RTCIceCandidateInit };
    messages.push(message.type);
    if (message.type === 'session') {
      await pc.setLocalDescription(await pc.createOffer());
      ws.send(JSON.stringify({ type: 'offer', sdp: pc.localDescription!.sdp }));
    } else if (message.type === 'answer') {
      await pc.setRemoteDescription({ type: 'answer', sdp: message.sdp! });
    } else if (message.type === 'candidate' && message.candidate) {
      await pc.addIceCandidate(message.candidate);
    }
  };
  if (ws.readyState !== WebSocket.OPEN) await new Promise((resolve) => (ws.onopen = resolve));
  ws.send(JSON.stringify({ type: 'start', guestId: null }));
  await connected;
  await new Promise((resolve) => setTimeout(resolve, 4000));
  let packetsReceived = 0;
  (await pc.getStats()).forEach((report: { type: string; kind?: string; packetsReceived?: number }) => {
    if (report.type === 'inbound-rtp' && report.kind === 'audio') packetsReceived = report.packetsReceived ?? 0;
  });
  ws.send(JSON.stringify({ type: 'end' }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  pc.close();
  return { packetsReceived, loudest, messages };
}

const maybe = existsSync(CHROMIUM) ? describe : describe.skip;

maybe('a voice call from Chromium', () => {
  let service: VoiceService;
  let engine: EchoEngine;
  let browser: Browser;
  let dir: string;
  let site: Server;
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'voice-chromium-'));
    const microphone = path.join(dir, 'microphone.wav');
    await writeFile(microphone, wav(tone(300, 3)));
    // The portal's page, served from loopback like `npm start`'s (a page Chromium thinks public may not
    // open a loopback socket).
    site = createServer((_req, res) => res.end('<!doctype html><title>call</title>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(site.address() as AddressInfo).port}`;
    engine = new EchoEngine();
    // Ports of its own: call.test.ts may be gathering candidates at the same moment.
    service = await startVoice(engine, {
      PUBLIC_URL: origin,
      VOICE_RTC_PORT_MIN: '41500',
      VOICE_RTC_PORT_MAX: '41999',
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${microphone}`,
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('when Chromium calls with its fake microphone, then the call connects, the engine hears the microphone, and Chromium receives the spoken answer', async () => {
    const context = await browser.newContext({ permissions: ['microphone'] });
    const page = await context.newPage();
    // The page is the portal's (its origin is allowed); the socket goes straight to the service.
    await page.goto(`${origin}/`);
    const result = await page.evaluate(call, wsUrl(service));
    expect(result.messages).toEqual(expect.arrayContaining(['session', 'answer', 'state', 'transcript', 'ended']));
    const [heard] = [...engine.heard.values()];
    expect(heard!.loud).toBeGreaterThan(40);
    expect(result.packetsReceived).toBeGreaterThan(40);
    // The answer is a tone at 8000 / 32768 (RMS 0.17); silence is below 0.01.
    expect(result.loudest).toBeGreaterThan(0.05);
  }, 30_000);
});
