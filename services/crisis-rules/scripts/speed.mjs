// Time per message of detectCrisis, this build against another (README, "Rules 1.1.0"): both in one
// process, interleaved round by round so the machine's noise falls on both alike; medians of 41 rounds.
//   node services/crisis-rules/scripts/speed.mjs [baseline dist folder, e.g. a 1.0.2 build copied aside]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const current = await import(pathToFileURL(path.join(here, '../dist/index.js')).href);
const baselineDir = process.argv[2];
const baseline = baselineDir ? await import(pathToFileURL(path.resolve(baselineDir, 'index.js')).href) : undefined;

const corpus = ['crisis.txt', 'ordinary.txt'].flatMap((file) =>
  readFileSync(path.join(here, '../corpus', file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);
const question =
  'I have had trouble sleeping for weeks and my digestion is a mess; is ashwagandha safe with my thyroid ' +
  'medication, and what does ayurveda say about waking up at 3am every night with a racing mind?';
const adversarial = [
  'he ',
  'my husband hit ',
  'quiero ',
  'took a ',
  'cut my ',
  'been cutting ',
  'ya no ',
  'tell me ',
  '5 kms ',
  'end it ',
  'want ',
  'overdose ',
  'i ',
  'a',
  'took all ',
].map((unit) => unit.repeat(10_000).slice(0, 10_000));

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const builds = [['this build', current], ...(baseline ? [['baseline', baseline]] : [])];

for (const [name, build] of builds) {
  const started = performance.now();
  build.detectCrisis('warm up');
  console.log(`${name}: first call ${(performance.now() - started).toFixed(0)} ms (compiles the rules)`);
}
for (const [label, messages] of [
  [`corpus (${corpus.length} messages)`, corpus],
  ['200-character question', [question.slice(0, 200)]],
]) {
  const repeats = Math.max(1, Math.round(2000 / messages.length));
  const samples = builds.map(() => []);
  for (let round = 0; round < 41; round++) {
    const order = round % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
    for (const i of order) {
      const started = performance.now();
      for (let r = 0; r < repeats; r++) for (const message of messages) builds[i][1].detectCrisis(message);
      samples[i].push(((performance.now() - started) * 1000) / (repeats * messages.length));
    }
  }
  console.log(`${label}: ${builds.map(([name], i) => `${name} ${median(samples[i]).toFixed(1)} µs`).join(', ')}`);
}
for (const [name, build] of builds) {
  const worst = Math.max(
    ...adversarial.map((input) => {
      build.detectCrisis(input);
      return median(
        Array.from({ length: 9 }, () => {
          const s = performance.now();
          build.detectCrisis(input);
          return performance.now() - s;
        }),
      );
    }),
  );
  console.log(`${name}: worst adversarial 10,000-character input ${worst.toFixed(2)} ms`);
}
