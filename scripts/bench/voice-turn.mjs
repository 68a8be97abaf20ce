// A spoken turn on the offline voice engine, end to end (BENCHMARKS.md, "Voice: a spoken turn on the offline
// engine"). The whole stack as `npm start` runs it (the launcher's startStack: FerretDB, NATS, ai-query, voice
// with its Whisper worker and espeak-ng, nginx; free ports, a throw-away data directory, all stopped at the
// end), and werift clients (services/voice/test/integration/voice-client.ts) calling through nginx's /ws.
// Each call's microphone sends faint noise all the time and, turn by turn, espeak-ng saying one of a few
// questions; a call is a fresh guest for three questions (the free ones), then hangs up and the next call
// starts. The library's answers take a minute or more to say, so a visitor asks the next question after
// hearing the first --listen seconds of one (a barge-in: the engine stops speaking and takes the question), as
// people do on the phone; --full-turns turns at the end hear their answers to the end, for the CPU of a whole
// turn.
//
// Measured, per turn: from the end of the visitor's speech (the send time of the last voiced sample of the
// question's WAV, less the part of its 20 ms packet after it) to the first answer RTP packet whose decoded
// audio has energy, at the client. Printed: p50 / p95 over the turns of one call at a time; CPU seconds per
// turn of the voice process (with its reaped children: espeak-ng), its Whisper worker and ai-query, from
// /proc/<pid>/stat; where the time went (the engine's "voice turn timings" log lines); then concurrent calls
// stepped up (--steps) until the p95 passes --limit-ms. A JSON summary, then a table.
//   node scripts/bench/voice-turn.mjs [--turns 21] [--listen 5] [--full-turns 2] [--steps 1,2,4,6,8]
//                                     [--step-turns 9] [--limit-ms 2000]
//                                     [--max-minutes 30] [--json-only] [--node-args="--cpu-prof …"]
// Needs `tsc -b` and the bootstrap (the venv, the model, espeak-ng, nginx).
import { readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { EspeakSynthesizer } from '../../services/voice/dist/speech/espeak-synthesizer.js';
import { benchOptions } from './lib/options.mjs';
import { voiceClient, withVoiceStack } from './lib/voice-client.mjs';
import { loadavg, processTicks, statFields, TICKS } from './lib/proc.mjs';

const values = benchOptions({
  turns: '21',
  listen: '5',
  'full-turns': '2',
  steps: '1,2,4,6,8',
  'step-turns': '9',
  'limit-ms': '2000',
  'max-minutes': '30',
  'json-only': false,
  /** Extra Node.js options for the services, e.g. --node-args="--cpu-prof --cpu-prof-dir=/tmp/prof". */
  'node-args': '',
});
const TURNS = Number(values.turns);
const LISTEN_MS = Number(values.listen) * 1000;
const FULL_TURNS = Number(values['full-turns']);
const STEP_TURNS = Number(values['step-turns']);
const LIMIT_MS = Number(values['limit-ms']);
const deadline = Date.now() + Number(values['max-minutes']) * 60_000;

const { Signalling, VoiceClient, openSocket } = await voiceClient();

const QUESTIONS = ['I have trouble sleeping at night', 'What helps with acid reflux', 'I feel tired all the time'];
const QUESTIONS_PER_GUEST = 3;
const RATE = 48_000;
const FRAME = 960;
/** Silence between the answer's end and the next question, and before a call's first. */
const GAP_MS = 800;
/** A turn with no answer audio by then has failed. */
const TURN_TIMEOUT_MS = 30_000;

// ---- the questions, as a microphone would send them ----

/** A 5 ms window's level in dBFS. */
const levelDb = (pcm, from, to) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += pcm[i] * pcm[i];
  const rms = Math.sqrt(sum / Math.max(1, to - from)) / 32768;
  return rms > 0 ? 20 * Math.log10(rms) : -100;
};

/** The index after the last voiced sample: the end of the last 5 ms window above -50 dBFS. */
function speechEnd(pcm) {
  const win = RATE / 200;
  for (let end = pcm.length; end > 0; end -= win) if (levelDb(pcm, Math.max(0, end - win), end) > -50) return end;
  return 0;
}

/** A room's faint noise (about -66 dBFS), so that the detector's floor is a room's and not digital zero. */
function noise(samples, seed = 1) {
  const out = new Int16Array(samples);
  let x = seed;
  for (let i = 0; i < samples; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out[i] = ((x >> 8) % 33) - 16;
  }
  return out;
}

const espeak = new EspeakSynthesizer();
const questions = [];
for (const text of QUESTIONS) {
  const speech = await espeak.synthesize(text);
  const end = speechEnd(speech);
  // Whole packets: the question, then noise to the next 20 ms boundary.
  const pcm = noise(Math.ceil(speech.length / FRAME) * FRAME, questions.length + 7);
  for (let i = 0; i < speech.length; i++) pcm[i] += speech[i];
  questions.push({ text, pcm, lastVoiced: end - 1, seconds: end / RATE });
}
const SILENCE = noise(FRAME * 5, 99); // 100 ms

// ---- the machine ----

/** CPU seconds a process has used (with `children`: espeak-ng's processes too); 0 for one that has ended. */
function cpuOf(pid, { children = false } = {}) {
  if (!pid) return 0;
  try {
    return processTicks(pid, { children }) / TICKS;
  } catch {
    return 0;
  }
}

/** The children of `pid` (the voice service's Whisper worker). */
function childrenOf(pid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(`/proc/${entry}/stat`)[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function whisperWorkerOf(voicePid) {
  return childrenOf(voicePid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('transcribe.py');
    } catch {
      return false;
    }
  });
}

// ---- a call, and its turns ----

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A guest id as the widget makes them: 21 characters. */
const freshGuest = () => randomUUID().replace(/-/g, '').slice(0, 21);

/** One visitor's call: a microphone that never stops, and the questions spoken into it one turn at a time. */
class BenchCall {
  constructor(url, origin) {
    this.url = url;
    this.origin = origin;
    this.queue = [];
    this.loud = [];
  }

  async open() {
    this.signalling = new Signalling(await openSocket(this.url, this.origin));
    this.signalling.send({ type: 'start', guestId: freshGuest() });
    await this.signalling.next('session', 20_000);
    this.client = new VoiceClient(this.signalling);
    this.client.onLoudPacket = (at) => this.loud.push(at);
    await this.client.connect();
    await this.signalling.next('state', 20_000);
    this.running = true;
    this.microphone = (async () => {
      while (this.running) {
        const next = this.queue.shift();
        const sentAt = await this.client.speak(next ? next.pcm : SILENCE);
        next?.onSent(sentAt);
      }
    })();
  }

  /** Speaks `question`; resolves with the turn's figures once `listenMs` of its answer (or all) was heard. */
  async turn(question, listenMs) {
    const from = this.signalling.messages.length;
    const packetsBefore = this.client.received.packets;
    const sentAt = await new Promise((resolve) => this.queue.push({ pcm: question.pcm, onSent: resolve }));
    const packet = Math.floor(question.lastVoiced / FRAME);
    const endOfSpeech = sentAt[packet] - ((FRAME - 1 - (question.lastVoiced % FRAME)) / RATE) * 1000;
    const found = () => this.loud.find((at) => at > endOfSpeech);
    const until = performance.now() + TURN_TIMEOUT_MS;
    while (!found() && performance.now() < until) await sleep(10);
    const firstAudio = found();
    // Until the answer has been spoken to the end (the engine says `listening` again) or heard long enough.
    const messages = () => this.signalling.messages.slice(from);
    const enough = (firstAudio ?? performance.now()) + listenMs;
    while (performance.now() < Math.min(enough, until + 300_000)) {
      const m = messages();
      if (m.some((x) => x.type === 'state' && x.state === 'listening')) break;
      await sleep(50);
    }
    const heard = messages().find((m) => m.type === 'transcript' && m.role === 'user')?.text ?? '';
    const answer = messages().find((m) => m.type === 'transcript' && m.role === 'assistant');
    this.loud = [];
    return {
      question: question.text,
      heard,
      latencyMs: firstAudio === undefined ? undefined : firstAudio - endOfSpeech,
      answered: answer !== undefined,
      sources: answer?.sources?.length ?? 0,
      answerChars: answer?.text.length ?? 0,
      /** Seconds of answer audio received in the turn (20 ms a packet). */
      answerSecondsHeard: ((this.client.received.packets - packetsBefore) * 20) / 1000,
    };
  }

  async close() {
    this.running = false;
    await this.microphone?.catch(() => undefined);
    this.signalling?.send({ type: 'end' });
    await Promise.race([this.signalling?.closed, sleep(3000)]);
    await this.client?.close();
    this.signalling?.ws.terminate();
  }
}

/** One caller after another, each a fresh guest for three questions, until `turns` turns are done. */
async function caller(stack, index, turns, results, listenMs = LISTEN_MS) {
  const origin = new URL(stack.url).origin;
  const url = `${stack.url.replace(/^http/, 'ws')}/ws`;
  let done = 0;
  while (done < turns && Date.now() < deadline) {
    const call = new BenchCall(url, origin);
    try {
      await call.open();
      await sleep(GAP_MS);
      for (let q = 0; q < QUESTIONS_PER_GUEST && done < turns && Date.now() < deadline; q++, done++) {
        results.push({ call: index, ...(await call.turn(questions[(index + done) % questions.length], listenMs)) });
        await sleep(GAP_MS);
      }
    } finally {
      await call.close();
    }
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
function latencySummary(results) {
  const ms = results
    .map((r) => r.latencyMs)
    .filter((v) => v !== undefined)
    .sort((a, b) => a - b);
  return {
    turns: results.length,
    failed: results.length - ms.length,
    p50Ms: ms.length ? Math.round(quantile(ms, 0.5)) : null,
    p95Ms: ms.length ? Math.round(quantile(ms, 0.95)) : null,
    maxMs: ms.length ? Math.round(ms[ms.length - 1]) : null,
  };
}

/** The engine's per-turn stage timings logged since `offset` of the voice service's log. */
function stageTimings(logFile, offset) {
  const lines = readFileSync(logFile, 'utf8').slice(offset).split('\n');
  const rows = [];
  for (const line of lines) {
    if (!line.includes('voice turn timings')) continue;
    try {
      rows.push(JSON.parse(line).turnTimings);
    } catch {
      // a line cut by the read
    }
  }
  if (!rows.length) return undefined;
  const median = (key) =>
    quantile(
      rows.map((r) => r[key]).sort((a, b) => a - b),
      0.5,
    );
  return {
    turns: rows.length,
    early: rows.filter((r) => r.early).length,
    ...Object.fromEntries(
      ['heardMs', 'recogniserMs', 'waitTranscriptMs', 'askMs', 'firstSentenceMs', 'toPlaybackMs'].map((k) => [
        k,
        median(k),
      ]),
    ),
  };
}

// ---- the run ----

const loadBefore = loadavg();
const env = { ...process.env };
delete env.OPENAI_API_KEY; // the offline engine and ai-query's library answers
Object.assign(env, {
  LOG_LEVEL: 'info',
  VOICE_ENGINE: 'offline',
  VOICE_MAX_SESSIONS: '32',
  // Ports of the bench's own, away from the tests' (41000-42099) and npm start's (40000-40099).
  VOICE_RTC_PORT_MIN: '43200',
  VOICE_RTC_PORT_MAX: '43399',
  IP_NEW_GUESTS_PER_HOUR: '100000000',
  // Every caller is on loopback: voice's per-address limits (3 calls an address) would refuse the steps' calls.
  LOAD_TEST_ALLOWLIST: '127.0.0.1,::1',
});

const summary = { machine: { cpus: os.cpus().length, loadBefore }, questions: {} };
for (const q of questions) summary.questions[q.text] = Number(q.seconds.toFixed(2));
const startedAt = Date.now();
const nodeArgs = values['node-args'] ? values['node-args'].split(' ').filter(Boolean) : undefined;
await withVoiceStack(
  'voice-bench',
  env,
  async (stack) => {
    summary.stackReadyMs = Date.now() - startedAt;
    const voicePid = stack.pidOf('voice');
    const aiPid = stack.pidOf('ai-query');
    const voiceLog = stack.services.find((s) => s.name === 'voice').logFile;
    // The model loads while the service starts: wait for the worker, then a turn that is not counted.
    const waitUntil = Date.now() + 60_000;
    while (!whisperWorkerOf(voicePid) && Date.now() < waitUntil) await sleep(200);
    const warm = [];
    await caller(stack, 0, 2, warm);
    summary.warmup = warm.map((r) => ({ heard: r.heard, latencyMs: Math.round(r.latencyMs ?? -1) }));

    // One call at a time: the latency, the CPU per turn, and where the time went.
    const workerPid = whisperWorkerOf(voicePid);
    const cpu = () => ({
      voice: cpuOf(voicePid, { children: true }),
      worker: cpuOf(workerPid),
      aiQuery: cpuOf(aiPid),
    });
    /** The CPU seconds per turn of the turns `run` makes. */
    const cpuPerTurn = async (run) => {
      const before = cpu();
      const results = await run();
      const after = cpu();
      const perTurn = Object.fromEntries(
        Object.keys(before).map((k) => [k, Number(((after[k] - before[k]) / Math.max(1, results.length)).toFixed(3))]),
      );
      perTurn.total = Number(
        Object.values(perTurn)
          .reduce((s, v) => s + v, 0)
          .toFixed(3),
      );
      return { results, perTurn };
    };
    const logOffset = readFileSync(voiceLog, 'utf8').length;
    const { results: one, perTurn } = await cpuPerTurn(async () => {
      const results = [];
      await caller(stack, 0, TURNS, results);
      return results;
    });
    const mean = (xs) => Number((xs.reduce((s, v) => s + v, 0) / Math.max(1, xs.length)).toFixed(1));
    summary.oneCall = {
      ...latencySummary(one),
      listenSeconds: LISTEN_MS / 1000,
      cpuSecondsPerTurn: perTurn,
      meanAnswerSecondsHeard: mean(one.map((r) => r.answerSecondsHeard)),
      stagesMedianMs: stageTimings(voiceLog, logOffset),
      heard: [...new Set(one.map((r) => r.heard))],
      answeredWithSources: one.filter((r) => r.sources > 0).length,
      meanAnswerChars: mean(one.map((r) => r.answerChars)),
    };
    if (FULL_TURNS > 0 && Date.now() < deadline) {
      const { results: full, perTurn: fullPerTurn } = await cpuPerTurn(async () => {
        const results = [];
        await caller(stack, 0, FULL_TURNS, results, Infinity);
        return results;
      });
      summary.wholeAnswers = {
        ...latencySummary(full),
        cpuSecondsPerTurn: fullPerTurn,
        meanAnswerSecondsHeard: mean(full.map((r) => r.answerSecondsHeard)),
      };
    }

    // Concurrent calls, stepped up until the p95 passes the limit.
    summary.concurrency = [];
    for (const calls of values.steps.split(',').map(Number)) {
      if (Date.now() > deadline) break;
      const results = [];
      await Promise.all(
        Array.from({ length: calls }, async (_, i) => {
          await sleep((i * 1500) / calls); // callers not in step with one another
          await caller(stack, i, STEP_TURNS, results);
        }),
      );
      const row = { calls, ...latencySummary(results), loadAfter: loadavg() };
      summary.concurrency.push(row);
      if (row.failed > 0 || row.p95Ms === null || row.p95Ms > LIMIT_MS) break;
    }
    const holding = summary.concurrency.filter((r) => r.failed === 0 && r.p95Ms !== null && r.p95Ms <= LIMIT_MS);
    summary.concurrentCallsWithinLimit = holding.length ? Math.max(...holding.map((r) => r.calls)) : 0;
    summary.limitMs = LIMIT_MS;
  },
  { nodeArgs },
);
summary.machine.loadAfter = loadavg();

console.log(JSON.stringify(summary, null, 2));
if (!values['json-only']) {
  const o = summary.oneCall;
  const s = o.stagesMedianMs ?? {};
  const cpuRow = (c) => `${c.voice} / ${c.worker} / ${c.aiQuery} = ${c.total}`;
  const rows = [
    ['one call: turns (failed)', `${o.turns} (${o.failed})`],
    ['end of speech → first answer audio, p50', `${o.p50Ms} ms`],
    ['end of speech → first answer audio, p95', `${o.p95Ms} ms`],
    [
      `CPU s per turn (${o.meanAnswerSecondsHeard} s of answer heard): voice + espeak-ng / Whisper / ai-query`,
      cpuRow(o.cpuSecondsPerTurn),
    ],
    ...(summary.wholeAnswers
      ? [
          [
            `CPU s per turn, whole answers (${summary.wholeAnswers.meanAnswerSecondsHeard} s): the same`,
            cpuRow(summary.wholeAnswers.cpuSecondsPerTurn),
          ],
        ]
      : []),
    [
      'stages (median ms): hangover / recogniser / wait for it / ask / 1st sentence / decision → playback',
      `${s.heardMs} / ${s.recogniserMs} / ${s.waitTranscriptMs} / ${s.askMs} / ${s.firstSentenceMs} / ${s.toPlaybackMs} (early transcript ${s.early}/${s.turns})`,
    ],
    ...summary.concurrency.map((r) => [
      `${r.calls} concurrent call${r.calls > 1 ? 's' : ''}: p50 / p95 (turns, failed)`,
      `${r.p50Ms} / ${r.p95Ms} ms (${r.turns}, ${r.failed})`,
    ]),
    [`concurrent calls holding p95 ≤ ${LIMIT_MS} ms`, String(summary.concurrentCallsWithinLimit)],
    ['load average before → after', `${summary.machine.loadBefore.join(' ')} → ${summary.machine.loadAfter.join(' ')}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
}
