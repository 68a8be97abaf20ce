// The offline voice engine's speech parts on this machine (BENCHMARKS.md, "Voice: the offline speech parts"):
//   - the recogniser: p50/p95 from handing an utterance to the faster-whisper worker to its transcript, over
//     repeated runs of the two test sentences (espeak-ng's voice, cut by the utterance detector, brought down to
//     16 kHz), after warm-up; and the worker's CPU seconds per transcription (/proc/<pid>/stat);
//   - the synthesiser: time from a typical answer sentence to its full 48 kHz audio;
//   - the detector and the 48 → 16 kHz resampler: this process's CPU per second of audio.
// Needs `tsc -b` and scripts/bootstrap.sh (the venv and the model).
//   node scripts/bench/voice-speech.mjs [--runs 10] [--warmup 2] [--threads 2]
import { downsample48kTo16k } from '../../services/voice/dist/audio/resample.js';
import { UtteranceDetector } from '../../services/voice/dist/audio/utterance-detector.js';
import { EspeakSynthesizer } from '../../services/voice/dist/speech/espeak-synthesizer.js';
import { speechSettings } from '../../services/voice/dist/speech/settings.js';
import { WhisperRecognizer } from '../../services/voice/dist/speech/whisper-recognizer.js';
import { benchOptions, percentile } from './lib/options.mjs';
import { processTicks, TICKS } from './lib/proc.mjs';

const { runs, warmup, threads } = benchOptions({ runs: 10, warmup: 2, threads: undefined });

const SENTENCES = ['I have trouble sleeping at night', 'I want to end my life'];
const ANSWER =
  'Trouble sleeping is common: a steady bedtime, a dark and cool room, and no screens for an hour before bed often help, and our insomnia page has more.';

const settings = speechSettings();
if (threads) settings.threads = Number(threads);
const synthesizer = new EspeakSynthesizer();

const cpuSecondsOf = (pid) => processTicks(pid) / TICKS;

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((s, v) => s + v, 0) / sorted.length,
  };
};

// The utterances, as the call would hand them on, and the detector's and resampler's cost on the way.
const utterances = [];
let audioSeconds = 0;
let pipelineCpu = 0;
for (const text of SENTENCES) {
  const spoken = await synthesizer.synthesize(text);
  const input = new Int16Array(48000 * 0.6 + spoken.length + 48000 * 1.2);
  input.set(spoken, 48000 * 0.6);
  const before = process.cpuUsage();
  const detector = new UtteranceDetector();
  let utterance;
  for (let offset = 0; offset < input.length; offset += 960) {
    for (const event of detector.push(input.subarray(offset, offset + 960)))
      if (event.type === 'utterance') utterance = event;
  }
  const pcm16k = downsample48kTo16k(utterance.pcm);
  const used = process.cpuUsage(before);
  pipelineCpu += (used.user + used.system) / 1e6;
  audioSeconds += input.length / 48000;
  utterances.push({ text, pcm16k, seconds: pcm16k.length / 16000 });
}

const recognizer = new WhisperRecognizer(settings);
const loadStarted = performance.now();
await recognizer.start();
const loadMs = performance.now() - loadStarted;

const latencies = Object.fromEntries(SENTENCES.map((text) => [text, []]));
const cpu = [];
const transcripts = new Map();
for (let round = 0; round < warmup + runs; round++) {
  for (const { text, pcm16k } of utterances) {
    const pid = recognizer.workerPid;
    const cpuBefore = cpuSecondsOf(pid);
    const started = performance.now();
    const { text: heard } = await recognizer.transcribe(pcm16k);
    const ms = performance.now() - started;
    if (round < warmup) continue;
    latencies[text].push(ms);
    cpu.push(cpuSecondsOf(pid) - cpuBefore);
    transcripts.set(text, heard);
  }
}
await recognizer.close();

const synthMs = [];
let answerSeconds = 0;
for (let i = 0; i < warmup + runs; i++) {
  const started = performance.now();
  const pcm = await synthesizer.synthesize(ANSWER);
  if (i >= warmup) synthMs.push(performance.now() - started);
  answerSeconds = pcm.length / 48000;
}

const all = summary(Object.values(latencies).flat());
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `recogniser: faster-whisper base, int8, ${settings.threads} threads, beam 2; model loaded in ${fmt(loadMs)}`,
);
for (const { text, seconds } of utterances) {
  const s = summary(latencies[text]);
  console.log(
    `  "${text}" (${seconds.toFixed(2)} s of audio) heard as "${transcripts.get(text)}": n ${s.n}, p50 ${fmt(s.p50)}, p95 ${fmt(s.p95)}`,
  );
}
console.log(`  both: n ${all.n}, p50 ${fmt(all.p50)}, p95 ${fmt(all.p95)}`);
const cpuSummary = summary(cpu);
console.log(`  worker CPU per transcription: mean ${cpuSummary.mean.toFixed(2)} s, p95 ${cpuSummary.p95.toFixed(2)} s`);
const synth = summary(synthMs);
console.log(
  `synthesiser: espeak-ng en-us, ${ANSWER.length} characters (${answerSeconds.toFixed(1)} s of 48 kHz audio): n ${synth.n}, p50 ${synth.p50.toFixed(0)} ms, p95 ${synth.p95.toFixed(0)} ms`,
);
console.log(
  `detector + 48 → 16 kHz resampling: ${((pipelineCpu / audioSeconds) * 1000).toFixed(1)} ms CPU per second of call audio`,
);
