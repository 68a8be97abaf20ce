// The latency the voice service adds to a turn on the OpenAI Realtime path (BENCHMARKS.md, "Voice: the OpenAI
// Realtime path (stand-in)"). The whole stack as `npm start` runs it (the launcher's startStack: FerretDB,
// NATS, ai-query, crisis, voice with VOICE_ENGINE=openai, nginx; free ports, a throw-away data directory, all
// stopped at the end), OpenAI's place taken by two local stand-ins in this process: the Realtime WebSocket
// (infra/src/testing/realtime-stub.ts, for voice) and the chat's HTTP API (openai-stub.ts, for the crisis
// service's moderation). werift clients (services/voice/test/integration/voice-client.ts) call through
// nginx's /ws, one call at a time, each a fresh guest for its three free questions, and speak a tone the
// stand-in hears as a turn (its transcript scripted).
//
// Measured, per turn, on this process's clock (the stand-in and the client both live here):
//   - decision: from the stand-in sending conversation.item.input_audio_transcription.completed to it receiving
//     the response.create (voice reads the transcript, ai-query's crisis check and quota over NATS, voice asks);
//   - audio: from the stand-in sending the answer's first response.output_audio.delta to the first answer RTP
//     packet with sound at the client (voice decodes and resamples it, its playout Opus-encodes and sends it).
// Their sum is what the service adds to the model's own time (target ≤ 50 ms p95). Printed as JSON.
//   node scripts/bench/voice-realtime.mjs [--turns 30] [--max-minutes 5]
// Needs `tsc -b` (infra, services) and the bootstrap (FerretDB, nats-server, nginx).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { startOpenAiStub } from '../../infra/dist/testing/openai-stub.js';
import { startRealtimeStub } from '../../infra/dist/testing/realtime-stub.js';
import { benchOptions } from './lib/options.mjs';
import { voiceClient, withVoiceStack } from './lib/voice-client.mjs';
import { loadavg } from './lib/proc.mjs';

const values = benchOptions({
  turns: '30',
  'max-minutes': '5',
});
const TURNS = Number(values.turns);
const deadline = Date.now() + Number(values['max-minutes']) * 60_000;

const { Signalling, VoiceClient, openSocket } = await voiceClient();

const QUESTIONS = ['I have trouble sleeping at night', 'What helps with acid reflux?', 'I feel tired all the time'];
const RATE = 48_000;
const TURN_TIMEOUT_MS = 20_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** 600 ms of a 300 Hz tone, then 800 ms of quiet: a turn as the stand-in hears it. */
function utterance() {
  const out = new Int16Array(Math.round(RATE * 1.4));
  for (let i = 0; i < RATE * 0.6; i++) out[i] = Math.round(8000 * Math.sin((2 * Math.PI * 300 * i) / RATE));
  return out;
}

async function until(check, timeoutMs = TURN_TIMEOUT_MS) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) return undefined;
    await sleep(2);
  }
}

/** One call: a fresh guest, up to three turns; each turn's two figures. */
async function oneCall(stack, realtime, turns, results) {
  const origin = new URL(stack.url).origin;
  const signalling = new Signalling(await openSocket(`${stack.url.replace(/^http/, 'ws')}/ws`, origin));
  const guestId = randomUUID().replace(/-/g, '').slice(0, 21);
  signalling.send({ type: 'start', guestId });
  await signalling.next('session');
  const connection = await realtime.nextConnection();
  const client = new VoiceClient(signalling);
  // The time of each answer's first packet with sound.
  let firstLoudAt;
  const received = { packets: 0, loud: 0 };
  client.received = new Proxy(received, {
    set(target, key, value) {
      if (key === 'loud' && firstLoudAt === undefined) firstLoudAt = performance.now();
      target[key] = value;
      return true;
    },
  });
  try {
    await client.connect();
    await signalling.next('state');
    for (let turn = 0; turn < turns && Date.now() < deadline; turn++) {
      firstLoudAt = undefined;
      const from = signalling.messages.length;
      await client.speak(utterance());
      const created = await until(() => connection.events.filter((e) => e.type === 'response.create')[turn]);
      const heardAt = await until(() => firstLoudAt);
      // The answer played to its end: back to listening.
      await until(() => {
        const after = signalling.messages.slice(from);
        const speaking = after.findIndex((m) => m.type === 'state' && m.state === 'speaking');
        return speaking >= 0 && after.slice(speaking).some((m) => m.type === 'state' && m.state === 'listening');
      });
      const transcriptAt = connection.transcriptSentAt[turn];
      const deltaAt = connection.firstDeltaSentAt[turn];
      results.push({
        decisionMs: created && transcriptAt !== undefined ? created.at - transcriptAt : undefined,
        audioMs: heardAt !== undefined && deltaAt !== undefined ? heardAt - deltaAt : undefined,
      });
      await sleep(300);
    }
  } finally {
    signalling.send({ type: 'end' });
    await Promise.race([signalling.closed, sleep(3000)]);
    await client.close();
    signalling.ws.terminate();
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
function summary(values) {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  const round = (v) => (v === undefined ? null : Number(v.toFixed(1)));
  return {
    n: sorted.length,
    failed: values.length - sorted.length,
    p50Ms: round(quantile(sorted, 0.5)),
    p95Ms: round(quantile(sorted, 0.95)),
    maxMs: round(sorted[sorted.length - 1]),
  };
}

const loadBefore = loadavg();
const chat = await startOpenAiStub();
const realtime = await startRealtimeStub({
  transcripts: Array.from({ length: TURNS + 10 }, (_, i) => QUESTIONS[i % QUESTIONS.length]),
  reply: () => 'A short answer from the stand-in.',
  msPerWord: 150,
  // The model's pace: a delta of 100 ms about every 50 ms, faster than it plays.
  deltaIntervalMs: 50,
});
const env = {
  ...process.env,
  LOG_LEVEL: 'warn',
  VOICE_ENGINE: 'openai',
  OPENAI_API_KEY: 'sk-bench-realtime',
  OPENAI_BASE_URL: chat.baseUrl,
  OPENAI_REALTIME_URL: realtime.url,
  VOICE_MAX_SESSIONS: '4',
  // Ports of the bench's own, away from the tests' (41000-42199), voice-turn.mjs's (43200-43399) and npm start's.
  VOICE_RTC_PORT_MIN: '43400',
  VOICE_RTC_PORT_MAX: '43499',
  IP_NEW_GUESTS_PER_HOUR: '100000000',
  // Every caller is on loopback: voice's per-address limits (3 calls an address) would refuse the steps' calls.
  LOAD_TEST_ALLOWLIST: '127.0.0.1,::1',
};
const results = [];
const out = { machine: { cpus: os.cpus().length, loadBefore } };
try {
  await withVoiceStack('voice-realtime-bench', env, async (stack) => {
    // A call that is not counted: the first of everything (sockets, NATS subjects, the JIT).
    await oneCall(stack, realtime, 2, []);
    while (results.length < TURNS && Date.now() < deadline)
      await oneCall(stack, realtime, Math.min(3, TURNS - results.length), results);
    out.turns = results.length;
    out.decision = summary(results.map((r) => r.decisionMs));
    out.audio = summary(results.map((r) => r.audioMs));
    out.added = summary(
      results.map((r) =>
        r.decisionMs === undefined || r.audioMs === undefined ? undefined : r.decisionMs + r.audioMs,
      ),
    );
  });
} finally {
  await realtime.close();
  await chat.close();
}
out.machine.loadAfter = loadavg();
console.log(JSON.stringify(out, null, 2));
process.exit(0);
