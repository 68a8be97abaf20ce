// A whole spoken turn with the offline engine, as `npm start` runs it: a WebRTC client in Node calls /ws and
// speaks what espeak-ng says; the voice service's detector, the local Whisper recogniser, the chat's own
// assistant (ai-query, in-process, over rpc.ai.v1.ask) and espeak-ng answer it, and the answer comes back as
// Opus audio. A nats-server of this suite's own: ai-query services of other suites would answer the request.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseConfig, startService, type RunningService } from '@hhp/kit';
import type { VoiceServerMessage } from '@hhp/proto';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';
import { startAiQuery, type AiQuery } from '../../../ai-query/test/integration/harness.js';
import { VoiceConfig } from '../../src/config.js';
import { offlineEngine } from '../../src/offline/offline-engine.js';
import { voiceService } from '../../src/service.js';
import { EspeakSynthesizer } from '../../src/speech/espeak-synthesizer.js';
import { Signalling, VoiceClient, openSocket } from './voice-client.js';

let nats: NatsServer;
let natsDir: string;
let ai: AiQuery;
let voice: RunningService<VoiceConfig>;
const espeak = new EspeakSynthesizer();

beforeAll(async () => {
  natsDir = mkdtempSync(path.join(os.tmpdir(), 'voice-offline-nats-'));
  nats = await startNats({ storeDir: natsDir });
  ai = await startAiQuery({ NATS_URL: nats.url, IP_NEW_GUESTS_PER_HOUR: '100000' });
  const config = parseConfig(VoiceConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: nats.url,
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_DB: `it-voice-offline-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    // Past the transport's suites (41000-41999).
    VOICE_RTC_PORT_MIN: '42000',
    VOICE_RTC_PORT_MAX: '42099',
    VOICE_ASSISTANT_TIMEOUT_MS: '20000',
  });
  voice = await startService({ name: 'voice', config, setup: voiceService((context) => offlineEngine(context)) });
}, 120_000);

afterAll(async () => {
  await voice?.close();
  await ai?.close();
  await nats?.stop();
  rmSync(natsDir, { recursive: true, force: true });
});

const wsUrl = () => voice.url.replace(/^http/, 'ws') + '/ws';

/** The first message after `from` that `match` accepts. */
async function expectMessage(
  signalling: Signalling,
  match: (m: VoiceServerMessage) => boolean,
  from = 0,
  timeoutMs = 60_000,
): Promise<VoiceServerMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = signalling.messages.slice(from).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`not received: ${JSON.stringify(signalling.messages)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A call with the visitor's guest id, connected. */
async function call(guestId: string) {
  const signalling = new Signalling(await openSocket(wsUrl()));
  signalling.send({ type: 'start', guestId });
  await signalling.next('session');
  const client = new VoiceClient(signalling);
  await client.connect();
  return { signalling, client };
}

/** espeak-ng saying `text`, then a second of silence (the detector's end of the utterance). */
const said = async (text: string) => {
  const speech = await espeak.synthesize(text);
  const out = new Int16Array(speech.length + 48_000);
  out.set(speech);
  return out;
};

const guest = () => randomUUID().replace(/-/g, '').slice(0, 21);

test('when a visitor says "I have trouble sleeping at night", then the transcript, the insomnia answer and its audio come back', async () => {
  const { signalling, client } = await call(guest());
  try {
    await client.speak(await said('I have trouble sleeping at night'));
    const heard = await expectMessage(signalling, (m) => m.type === 'transcript' && m.role === 'user');
    expect(heard).toMatchObject({ final: true });
    expect((heard as { text: string }).text.toLowerCase()).toContain('sleep');
    const answer = (await expectMessage(
      signalling,
      (m) => m.type === 'transcript' && m.role === 'assistant',
    )) as Extract<VoiceServerMessage, { type: 'transcript' }>;
    expect(answer.sources?.map((s) => s.path)).toContain('/conditions/insomnia');
    expect(signalling.messages).toContainEqual(
      expect.objectContaining({ type: 'quota', exceeded: false, quota: expect.objectContaining({ queriesUsed: 1 }) }),
    );
    await expectMessage(signalling, (m) => m.type === 'state' && m.state === 'speaking');
    const deadline = Date.now() + 20_000;
    while (client.received.loud < 25 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(client.received.loud).toBeGreaterThanOrEqual(25);
    expect(signalling.messages.some((m) => m.type === 'crisis')).toBe(false);
  } finally {
    await client.close();
  }
}, 120_000);

test('when a visitor says "I want to end my life", then the crisis signal and the 988 answer come, and no question is counted', async () => {
  const { signalling, client } = await call(guest());
  try {
    await client.speak(await said('I want to end my life'));
    expect(await expectMessage(signalling, (m) => m.type === 'crisis')).toEqual({ type: 'crisis', isEmergency: false });
    const answer = await expectMessage(signalling, (m) => m.type === 'transcript' && m.role === 'assistant');
    expect((answer as { text: string }).text).toContain('988');
    expect(signalling.messages).toContainEqual(
      expect.objectContaining({ type: 'quota', quota: expect.objectContaining({ queriesUsed: 0 }) }),
    );
  } finally {
    await client.close();
  }
}, 120_000);

test('when a guest has used the free questions, then the spoken question gets the limit, said and shown', async () => {
  const guestId = guest();
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${ai.url}/api/query-ai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `What helps with stress? (${i})`, guestId }),
    });
    expect(res.status).toBe(200);
  }
  const { signalling, client } = await call(guestId);
  try {
    await client.speak(await said('What helps with headaches?'));
    const quota = await expectMessage(signalling, (m) => m.type === 'quota');
    // What was heard and answered goes along, so that a failure shows it.
    const heard = signalling.messages.filter((m) => m.type === 'transcript' || m.type === 'crisis');
    expect({ quota, heard }).toMatchObject({
      quota: { exceeded: true, quota: { queriesUsed: 3, queriesAllowed: 3 } },
    });
    await expectMessage(signalling, (m) => m.type === 'state' && m.state === 'speaking');
  } finally {
    await client.close();
  }
}, 120_000);
