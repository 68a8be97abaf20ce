// Whole calls with the OpenAI Realtime engine, against a local stand-in of the Realtime protocol
// (infra/src/testing/realtime-stub.ts): a WebRTC client in Node calls /ws and speaks (a tone: the stand-in
// hears turns by their energy and "transcribes" them with the test's script); the voice service bridges the
// audio to the stand-in's WebSocket, puts each transcript through the chat's own crisis check and free
// questions (ai-query, in-process, over rpc.ai.v1.ask) and only then asks for a response, whose audio comes
// back to the client as Opus. A nats-server of this suite's own: ai-query services of other suites would
// answer the request subject.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseConfig, startService, type RunningService } from '@hhp/kit';
import { DEFAULT_PRACTITIONER_NAME, assistantSystemPrompt, type VoiceServerMessage } from '@hhp/proto';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';
import {
  startRealtimeStub,
  type RealtimeStub,
  type RecordedEvent,
  type StubConnection,
} from '../../../../infra/src/testing/realtime-stub.js';
import { startAiQuery, type AiQuery } from '../../../ai-query/test/integration/harness.js';
import { VoiceConfig } from '../../src/config.js';
import { realtimeEngine } from '../../src/realtime/realtime-engine.js';
import { NOT_COUNTED, REALTIME_LOST } from '../../src/realtime/realtime-words.js';
import { voiceService } from '../../src/service.js';
import { concat, silence, tone } from '../support/pcm.js';
import { Signalling, VoiceClient, openSocket } from './voice-client.js';

/** The key the service holds: the stand-in must see it, the browser never. */
const API_KEY = `sk-realtime-test-${randomUUID()}`;

let nats: NatsServer;
let natsDir: string;
let ai: AiQuery;
let stub: RealtimeStub;
let voice: RunningService<VoiceConfig>;
/** Every frame any client of this suite received, as it came. */
const frames: string[] = [];

beforeAll(async () => {
  natsDir = mkdtempSync(path.join(os.tmpdir(), 'voice-realtime-nats-'));
  nats = await startNats({ storeDir: natsDir });
  ai = await startAiQuery({ NATS_URL: nats.url, IP_NEW_GUESTS_PER_HOUR: '100000' });
  stub = await startRealtimeStub();
  const config = parseConfig(VoiceConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: nats.url,
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_DB: `it-voice-realtime-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    // Past the transport's suites (41000-41999) and the offline engine's (42000-42099).
    VOICE_RTC_PORT_MIN: '42100',
    VOICE_RTC_PORT_MAX: '42199',
    VOICE_ASSISTANT_TIMEOUT_MS: '20000',
    VOICE_ENGINE: 'openai',
    OPENAI_API_KEY: API_KEY,
    // The socket's address derived from the chat's base URL, as a deployment with a proxy would have it.
    OPENAI_BASE_URL: stub.baseUrl,
  });
  voice = await startService({ name: 'voice', config, setup: voiceService((context) => realtimeEngine(context)) });
}, 120_000);

afterAll(async () => {
  await voice?.close();
  await stub?.close();
  await ai?.close();
  await nats?.stop();
  rmSync(natsDir, { recursive: true, force: true });
});

beforeEach(() => stub.reset());

const wsUrl = () => voice.url.replace(/^http/, 'ws') + '/ws';
const guest = () => randomUUID().replace(/-/g, '').slice(0, 21);

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A call with the visitor's guest id, connected, and the stand-in's side of it. */
async function call(guestId: string) {
  const ws = await openSocket(wsUrl());
  ws.on('message', (data) => frames.push(String(data)));
  const signalling = new Signalling(ws);
  signalling.send({ type: 'start', guestId });
  await signalling.next('session');
  const connection = await stub.nextConnection();
  const client = new VoiceClient(signalling);
  await client.connect();
  return { signalling, client, connection };
}

/** A turn as a microphone sends it: 800 ms of sound, then a second of quiet (the end of the turn). */
const utterance = () => concat(tone(800, 300, 8000), silence(1000));

const creates = (connection: StubConnection): RecordedEvent[] =>
  connection.events.filter((e) => e.type === 'response.create');
const inputOf = (event: RecordedEvent) =>
  (event.event as { response: { input: { type: string; id: string }[] } }).response.input;
const instructionsOf = (event: RecordedEvent) =>
  (event.event as { response: { instructions: string } }).response.instructions;

/** Says back the words a response asks to be said as they are; otherwise an answer of its own. */
const sayWhatIsAsked = (instructions: string) =>
  /^Say exactly the following words[^\n]*\n\n([\s\S]*)$/.exec(instructions)?.[1] ??
  'Sleep comes easier with a steady bedtime and a dark room, as the Insomnia page says.';

/** The guest's questions used, as ai-query counts them (its GET /api/quota). */
async function used(guestId: string): Promise<number> {
  const res = await fetch(`${ai.url}/api/quota?guestId=${guestId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { queriesUsed: number }).queriesUsed;
}

/** Waits until ai-query counts `count` questions for the guest (a give-back is sent without waiting). */
async function usedBecomes(guestId: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  let now = await used(guestId);
  while (now !== count) {
    if (Date.now() > deadline) throw new Error(`the guest's count stayed ${now}, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await used(guestId);
  }
}

const index = (signalling: Signalling, match: (m: VoiceServerMessage) => boolean) =>
  signalling.messages.findIndex(match);

test("when a call starts, then the Realtime session gets the chat's persona and safety instructions, and the key only in the header", async () => {
  const { client, connection } = await call(guest());
  try {
    expect(connection.authorization).toBe(`Bearer ${API_KEY}`);
    expect(connection.model).toBe('gpt-realtime');
    const update = await until('session.update', () => connection.events.find((e) => e.type === 'session.update'));
    expect(connection.events[0]?.type).toBe('session.update');
    const session = (update.event as { session: { instructions: string } }).session;
    expect(session.instructions.startsWith(assistantSystemPrompt(DEFAULT_PRACTITIONER_NAME))).toBe(true);
    expect(session.instructions).toContain('text HOME to 741741');
    expect(session).toMatchObject({
      type: 'realtime',
      audio: { input: { turn_detection: { type: 'server_vad', create_response: false } } },
    });
    expect(JSON.stringify(connection.events)).not.toContain(API_KEY);
  } finally {
    await client.close();
  }
}, 60_000);

test("when the visitor asks a question, then it is admitted and counted before the model answers with the chat's instructions, and both sides are captioned and the answer heard", async () => {
  stub.behaviour.transcripts = ['I have trouble sleeping at night'];
  stub.behaviour.reply = sayWhatIsAsked;
  const { signalling, client, connection } = await call(guest());
  try {
    await client.speak(utterance());
    const heard = await signalling.next('transcript');
    expect(heard).toEqual({ type: 'transcript', role: 'user', text: 'I have trouble sleeping at night', final: true });
    const answer = await until('the answer caption', () =>
      signalling.messages.find((m) => m.type === 'transcript' && m.role === 'assistant'),
    );
    expect(answer).toMatchObject({ text: expect.stringContaining('Insomnia page'), final: true });
    expect((answer as { sources: { path: string }[] }).sources.map((s) => s.path)).toContain('/conditions/insomnia');
    expect(signalling.messages).toContainEqual({
      type: 'quota',
      quota: { queriesUsed: 1, queriesAllowed: 3, isSubscriber: false },
      exceeded: false,
    });
    const [create, ...more] = creates(connection);
    expect(more).toHaveLength(0);
    const instructions = instructionsOf(create!);
    expect(instructions.startsWith(assistantSystemPrompt(DEFAULT_PRACTITIONER_NAME))).toBe(true);
    expect(instructions).toContain('(/conditions/insomnia)');
    // The model is given the checked turn, by reference, not the whole conversation.
    const [turn, ...others] = inputOf(create!);
    expect(turn).toEqual({ type: 'item_reference', id: expect.stringMatching(/^item_/) });
    expect(others).toHaveLength(0);
    // The response was asked for only after the transcript (the check and the count came between).
    expect(create!.at).toBeGreaterThan(connection.transcriptSentAt[0]!);
    expect(index(signalling, (m) => m.type === 'state' && m.state === 'speaking')).toBeGreaterThan(-1);
    await until('the answer heard', () => client.received.loud >= 25);
    expect(signalling.messages.some((m) => m.type === 'crisis')).toBe(false);
    await until('listening again', () =>
      signalling.messages
        .slice(index(signalling, (m) => m.type === 'state' && m.state === 'speaking'))
        .some((m) => m.type === 'state' && m.state === 'listening'),
    );
    // The next question's answer hears the first question, its answer and the new question, in order.
    await client.speak(utterance());
    const second = await until('the second response', () => creates(connection)[1]);
    const ids = inputOf(second).map((ref) => ref.id);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(turn!.id);
    expect(new Set(ids).size).toBe(3);
  } finally {
    await client.close();
  }
}, 60_000);

test('when the visitor says "I want to end my life", then the crisis signal comes first, the model says the chat\'s crisis words, and nothing is counted', async () => {
  stub.behaviour.transcripts = ['I want to end my life'];
  stub.behaviour.reply = sayWhatIsAsked;
  const { signalling, client, connection } = await call(guest());
  try {
    await client.speak(utterance());
    expect(await signalling.next('crisis')).toEqual({ type: 'crisis', isEmergency: false });
    const caption = await until('the crisis caption', () =>
      signalling.messages.find((m) => m.type === 'transcript' && m.role === 'assistant'),
    );
    const words = (caption as { text: string }).text;
    expect(words).toContain('Please call or text 988');
    expect(words).toContain('text HOME to 741741');
    expect(index(signalling, (m) => m.type === 'crisis')).toBeLessThan(
      index(signalling, (m) => m.type === 'transcript' && m.role === 'assistant'),
    );
    expect(signalling.messages).toContainEqual(
      expect.objectContaining({ type: 'quota', quota: expect.objectContaining({ queriesUsed: 0 }) }),
    );
    // One response, asked for after the transcript, and it is the crisis words as they are: no answer of the
    // model's own (no portal passages, no persona).
    await until('the response', () => creates(connection).length > 0);
    const all = creates(connection);
    expect(all).toHaveLength(1);
    expect(all[0]!.at).toBeGreaterThan(connection.transcriptSentAt[0]!);
    const instructions = instructionsOf(all[0]!);
    expect(instructions).toMatch(/^Say exactly the following words/);
    expect(instructions).toContain('Please call or text 988');
    expect(instructions).not.toContain('Portal passages');
    expect(inputOf(all[0]!)).toEqual([]);
    await until('the words heard', () => client.received.loud >= 25);
    // The caption is the chat's words, not the model's transcript of them.
    expect(signalling.messages.filter((m) => m.type === 'transcript' && m.role === 'assistant')).toHaveLength(1);
  } finally {
    await client.close();
  }
}, 60_000);

test("when the visitor's words lie in the crisis model's middle band, then the model's answer is captioned with crisisLines; an ordinary question's is not", async () => {
  // Scored with the real model (ai-query's, in-process): -0.36, far below the band; -0.028, inside it.
  stub.behaviour.transcripts = [
    'Tell me about chiropractic care',
    "I don't think I will be here next month to see the results of my blood test",
  ];
  stub.behaviour.reply = sayWhatIsAsked;
  const { signalling, client } = await call(guest());
  const answers = () => signalling.messages.filter((m) => m.type === 'transcript' && m.role === 'assistant');
  const listeningAfter = (from: number) =>
    signalling.messages.slice(from).some((m) => m.type === 'state' && m.state === 'listening');
  try {
    await client.speak(utterance());
    const [ordinary] = await until('the first answer', () => answers().length === 1 && answers());
    expect(ordinary).toMatchObject({ final: true });
    expect(ordinary).not.toHaveProperty('crisisLines');
    await until('listening again', () => listeningAfter(signalling.messages.indexOf(ordinary!)));
    await client.speak(utterance());
    const [, offered] = await until('the second answer', () => answers().length === 2 && answers());
    expect(offered).toMatchObject({ final: true, crisisLines: true });
    // An offer, not an alarm: no crisis signal, and the question counted as any other.
    expect(signalling.messages.some((m) => m.type === 'crisis')).toBe(false);
    expect(signalling.messages).toContainEqual(
      expect.objectContaining({ type: 'quota', quota: expect.objectContaining({ queriesUsed: 2 }) }),
    );
  } finally {
    await client.close();
  }
}, 60_000);

test("when the visitor describes an emergency, then the model is told to say the chat's 911 notice first, with the emergency prompt", async () => {
  stub.behaviour.transcripts = ['I have crushing chest pain right now'];
  const { signalling, client, connection } = await call(guest());
  try {
    await client.speak(utterance());
    await until('the response', () => creates(connection).length > 0);
    const instructions = instructionsOf(creates(connection)[0]!);
    expect(instructions).toContain('This question may describe a medical emergency');
    expect(instructions).toMatch(
      /Begin your answer by saying exactly these words, then go on: If this is happening now, please call 911/,
    );
    expect(signalling.messages).toContainEqual(
      expect.objectContaining({ type: 'quota', exceeded: false, quota: expect.objectContaining({ queriesUsed: 1 }) }),
    );
    await until('the answer caption', () =>
      signalling.messages.find((m) => m.type === 'transcript' && m.role === 'assistant'),
    );
  } finally {
    await client.close();
  }
}, 60_000);

test('when a guest has used the free questions, then the spoken question gets the limit, shown and said, and no answer is asked for', async () => {
  const guestId = guest();
  for (let i = 0; i < 3; i++) {
    const res = await fetch(`${ai.url}/api/query-ai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `What helps with stress? (${i})`, guestId }),
    });
    expect(res.status).toBe(200);
  }
  stub.behaviour.transcripts = ['What helps with headaches?'];
  stub.behaviour.reply = sayWhatIsAsked;
  const { signalling, client, connection } = await call(guestId);
  try {
    await client.speak(utterance());
    expect(await signalling.next('quota')).toMatchObject({
      exceeded: true,
      quota: { queriesUsed: 3, queriesAllowed: 3 },
    });
    const caption = await until('the limit caption', () =>
      signalling.messages.find((m) => m.type === 'transcript' && m.role === 'assistant'),
    );
    await until('the response', () => creates(connection).length > 0);
    const all = creates(connection);
    expect(all).toHaveLength(1);
    expect(instructionsOf(all[0]!)).toContain((caption as { text: string }).text.split('\n')[0]!);
    expect(instructionsOf(all[0]!)).not.toContain('Portal passages');
    // The refused question leaves the conversation.
    const item = (connection.events.find((e) => e.type === 'conversation.item.delete')?.event as { item_id: string })
      ?.item_id;
    expect(item).toMatch(/^item_/);
    await until('the limit heard', () => client.received.loud >= 10);
  } finally {
    await client.close();
  }
}, 60_000);

test('when the visitor speaks over the answer, then it stops at once, the response is cancelled and the answer truncated at what was heard', async () => {
  stub.behaviour.transcripts = ['Tell me about Ayurveda', ''];
  // Twenty seconds of answer, streamed a little faster than it plays (the response is still going on).
  stub.behaviour.reply = () => Array.from({ length: 50 }, () => 'word').join(' ');
  stub.behaviour.msPerWord = 400;
  stub.behaviour.deltaIntervalMs = 80;
  const guestId = guest();
  const { client, connection } = await call(guestId);
  try {
    await client.speak(utterance());
    await until('the answer heard', () => client.received.loud >= 40);
    await client.speak(utterance());
    const cancel = await until('response.cancel', () => connection.events.find((e) => e.type === 'response.cancel'));
    const truncate = await until('conversation.item.truncate', () =>
      connection.events.find((e) => e.type === 'conversation.item.truncate'),
    );
    expect(truncate.at).toBeGreaterThanOrEqual(cancel.at);
    const heardMs = (truncate.event as { audio_end_ms: number }).audio_end_ms;
    // At least the 40 loud packets (800 ms) the client had heard, far from all 20 s.
    expect(heardMs).toBeGreaterThanOrEqual(800);
    expect(heardMs).toBeLessThan(10_000);
    expect(truncate.event).toMatchObject({ content_index: 0, item_id: expect.stringMatching(/^item_/) });
    const loud = client.received.loud;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(client.received.loud - loud).toBeLessThan(5);
    // The second turn was noise (an empty transcript): nothing asked, nothing said.
    await until('the noise dropped', () => connection.events.some((e) => e.type === 'conversation.item.delete'));
    expect(creates(connection)).toHaveLength(1);
    // Heard in part, so answered: the question stays counted (a barge-in is no failure).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await used(guestId)).toBe(1);
  } finally {
    await client.close();
  }
}, 60_000);

test.each([
  ['refuses the response', { failResponsesWith: 'rate_limit_exceeded' }],
  ['fails the response before any audio', { failStartedResponsesWith: 'server_error' }],
])(
  'when the Realtime API %s, then the question is given back, the visitor hears and sees that it was not counted, and the call goes on',
  async (_what, failure) => {
    stub.behaviour.transcripts = ['What helps with stress?'];
    Object.assign(stub.behaviour, failure);
    const guestId = guest();
    const { signalling, client, connection } = await call(guestId);
    try {
      await client.speak(utterance());
      expect(
        await until('the failure caption', () =>
          signalling.messages.find((m) => m.type === 'transcript' && m.role === 'assistant'),
        ),
      ).toMatchObject({ text: NOT_COUNTED });
      // Admitted and counted first, then given back: the widget's counters go back to none used.
      expect(signalling.messages).toContainEqual({
        type: 'quota',
        quota: { queriesUsed: 1, queriesAllowed: 3, isSubscriber: false },
        exceeded: false,
      });
      await until('the counters given back', () =>
        signalling.messages.some(
          (m, i) => i > index(signalling, (q) => q.type === 'quota') && m.type === 'quota' && m.quota.queriesUsed === 0,
        ),
      );
      await usedBecomes(guestId, 0);
      const failedAt = index(signalling, (m) => m.type === 'transcript' && m.role === 'assistant');
      await until('listening again', () =>
        signalling.messages.slice(failedAt).some((m) => m.type === 'state' && m.state === 'listening'),
      );
      // The answer, then the words that it was not counted (said the same way): neither left waiting.
      await until('the words asked for', () => creates(connection).length === 2);
      expect(instructionsOf(creates(connection)[1]!)).toContain('Your question was not counted');
      expect(signalling.messages.some((m) => m.type === 'ended')).toBe(false);
    } finally {
      await client.close();
    }
  },
  60_000,
);

test('when the Realtime socket drops after the question was admitted and before any of the answer was heard, then the question is given back', async () => {
  stub.behaviour.transcripts = ['What helps with stress?'];
  // The answer's audio would come long after the socket is gone.
  stub.behaviour.firstDeltaDelayMs = 30_000;
  const guestId = guest();
  const { signalling, client, connection } = await call(guestId);
  try {
    await client.speak(utterance());
    await until('the response asked for', () => creates(connection).length > 0);
    expect(await used(guestId)).toBe(1);
    connection.drop();
    expect(await signalling.next('error')).toEqual({ type: 'error', message: REALTIME_LOST });
    await usedBecomes(guestId, 0);
    expect(client.received.loud).toBeLessThan(5);
  } finally {
    await client.close();
  }
}, 60_000);

test('when the visitor ends the call while the answer is being made, before any of it was heard, then the question is given back', async () => {
  stub.behaviour.transcripts = ['What helps with stress?'];
  stub.behaviour.firstDeltaDelayMs = 30_000;
  const guestId = guest();
  const { signalling, client, connection } = await call(guestId);
  try {
    await client.speak(utterance());
    await until('the response asked for', () => creates(connection).length > 0);
    expect(await used(guestId)).toBe(1);
    signalling.send({ type: 'end' });
    await signalling.next('ended');
    await usedBecomes(guestId, 0);
  } finally {
    await client.close();
  }
}, 60_000);

test('when the answer was heard to its end, then the question stays counted', async () => {
  stub.behaviour.transcripts = ['What helps with stress?'];
  const guestId = guest();
  const { signalling, client } = await call(guestId);
  try {
    await client.speak(utterance());
    await until('the answer caption', () =>
      signalling.messages.find((m) => m.type === 'transcript' && m.role === 'assistant'),
    );
    await until('the answer heard', () => client.received.loud >= 25);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await used(guestId)).toBe(1);
    expect(signalling.messages.filter((m) => m.type === 'quota')).toHaveLength(1);
  } finally {
    await client.close();
  }
}, 60_000);

test('when the Realtime socket drops, then the call ends with an error the visitor sees, and the service takes the next call', async () => {
  const { signalling, client, connection } = await call(guest());
  try {
    connection.drop();
    expect(await signalling.next('error')).toEqual({ type: 'error', message: REALTIME_LOST });
    expect(await signalling.next('ended')).toEqual({ type: 'ended', reason: 'error' });
    await signalling.closed;
  } finally {
    await client.close();
  }
  expect((await fetch(`${voice.url}/healthz`)).status).toBe(200);
  const next = await call(guest());
  try {
    expect(next.connection.authorization).toBe(`Bearer ${API_KEY}`);
  } finally {
    await next.client.close();
  }
}, 60_000);

test('when every call of this suite is over, then no frame any client received held the API key', () => {
  expect(frames.length).toBeGreaterThan(20);
  for (const frame of frames) expect(frame).not.toContain(API_KEY);
  expect(frames.join('\n')).not.toContain(API_KEY.slice(3));
});
