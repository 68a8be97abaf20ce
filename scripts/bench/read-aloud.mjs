// Read aloud's worst case (BENCHMARKS.md, "Read aloud"): what GET /api/voice/speech can be made to synthesise
// at most, every published text once (proto's SPEAKABLE_TEXTS) through the route's own synthesiser and cache,
// then the same texts again from the cache. Printed as JSON: the texts, their characters, seconds of speech and
// WAV bytes, espeak-ng's wall-clock per text (p50, max), the CPU of it all (this process and its espeak-ng
// children, from /proc/self/stat), and a cache hit's time.
//   node scripts/bench/read-aloud.mjs      # after tsc -b; espeak-ng from Debian
import { readFileSync } from 'node:fs';
import { SPEAKABLE_TEXTS } from '../../proto/dist/index.js';
import { EspeakSynthesizer } from '../../services/voice/dist/speech/espeak-synthesizer.js';
import { SpeechCache } from '../../services/voice/dist/read-aloud/speech-cache.js';

/** CPU seconds of this process and of its waited-for children (utime, stime, cutime, cstime; 100 ticks a second). */
function cpuSeconds() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

const synthesizer = new EspeakSynthesizer();
let runs = 0;
const cache = new SpeechCache({
  voice: synthesizer.voice,
  maxBytes: 64 * 1024 * 1024,
  concurrency: 2,
  synthesize: (text) => synthesizer.synthesizeWav(text),
  onSynthesis: () => runs++,
});
const texts = [...SPEAKABLE_TEXTS];
const cpuBefore = cpuSeconds();
const times = [];
let bytes = 0;
let seconds = 0;
for (const text of texts) {
  const start = performance.now();
  const { bytes: wav } = await cache.get(text);
  times.push(performance.now() - start);
  bytes += wav.byteLength;
  seconds += (wav.byteLength - 44) / 2 / new DataView(wav.buffer, wav.byteOffset).getUint32(24, true);
}
const cpu = cpuSeconds() - cpuBefore;
const hits = [];
for (let round = 0; round < 20; round++) {
  for (const text of texts) {
    const start = performance.now();
    await cache.get(text);
    hits.push(performance.now() - start);
  }
}
const sorted = (list) => [...list].sort((a, b) => a - b);
const at = (list, q) => sorted(list)[Math.min(list.length - 1, Math.floor(q * list.length))];
console.log(
  JSON.stringify(
    {
      texts: texts.length,
      characters: texts.reduce((sum, text) => sum + text.length, 0),
      speechSeconds: Number(seconds.toFixed(1)),
      wavMB: Number((bytes / 1024 / 1024).toFixed(2)),
      espeakRuns: runs,
      synthesisMs: { p50: Number(at(times, 0.5).toFixed(1)), max: Number(Math.max(...times).toFixed(1)) },
      cpuSecondsAll: Number(cpu.toFixed(2)),
      cacheHitMs: { p50: Number(at(hits, 0.5).toFixed(3)), p99: Number(at(hits, 0.99).toFixed(3)) },
    },
    null,
    2,
  ),
);
