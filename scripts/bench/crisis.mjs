// Crisis detection latency (BENCHMARKS.md): the rules in-process over the labelled corpus, the crisis model
// in-process (CPU per message), POST /api/detect-crisis through nginx one request at a time, and then at a fixed
// arrival rate with k6 (infra/k6/crisis.js), with the crisis service's CPU per message, on a fresh stack on loopback.
//   node scripts/bench/crisis.mjs [--rounds 20] [--requests 1000] [--rate 200] [--duration 20s]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { CrisisClassifier, trainingExamples } from '../../services/crisis-model/dist/index.js';
import { Embedder, embeddingModelDir } from '../../services/embeddings/dist/index.js';
import { runK6 } from './lib/k6.mjs';
import { describeMachine } from './lib/machine.mjs';
import { detectCrisis } from '../../services/crisis-rules/dist/index.js';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { benchOptions, percentile } from './lib/options.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const values = benchOptions({
  rounds: '20',
  requests: '1000',
  rate: '200',
  duration: '20s',
});

const corpus = ['crisis.txt', 'ordinary.txt'].flatMap((file) =>
  readFileSync(path.join(root, 'services/crisis-rules/corpus', file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

const report = (label, samples) => {
  samples.sort((a, b) => a - b);
  console.log(
    `${label}: n=${samples.length}, p50 ${percentile(samples, 50).toFixed(3)} ms, p99 ${percentile(samples, 99).toFixed(3)} ms`,
  );
};

detectCrisis('warm up');
const inProcess = [];
for (let round = 0; round < Number(values.rounds); round++) {
  for (const message of corpus) {
    const started = performance.now();
    detectCrisis(message);
    inProcess.push(performance.now() - started);
  }
}
report('in-process (crisis-rules, corpus messages)', inProcess);

// The crisis model on the messages the rules pass, as the crisis service runs it (in its thread here: CPU per
// message, the embedding and the nearest examples together).
{
  const modelDir = embeddingModelDir();
  const embedder = await Embedder.load({ dir: modelDir });
  const classifier = await CrisisClassifier.build({ embedder, cache: { modelDir } }, trainingExamples());
  const passed = corpus.filter((message) => !detectCrisis(message).isCrisis);
  for (const message of passed.slice(0, 50)) await classifier.judge(message);
  const samples = [];
  const cpu = process.cpuUsage();
  for (const message of passed) {
    const started = performance.now();
    await classifier.judge(message);
    samples.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  report('in-process (crisis model, corpus messages the rules pass)', samples);
  console.log(`  CPU per message: ${((used.user + used.system) / 1000 / passed.length).toFixed(2)} ms`);
  await embedder.release();
}

await withScratchStack({ OPENAI_API_KEY: '' }, async (stack) => {
  const throughNginx = [];
  for (let i = 0; i < Number(values.requests); i++) {
    const query = corpus[i % corpus.length];
    const started = performance.now();
    const res = await fetch(`${stack.url}/api/detect-crisis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    await res.json();
    if (i >= 50) throughNginx.push(performance.now() - started); // the first 50 warm the connections up
  }
  report('POST /api/detect-crisis through nginx (rules and model, sequential)', throughNginx);

  // At a fixed rate, the corpus's messages in random order; the crisis service's CPU from /proc.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-crisis-bench-'));
  const messages = path.join(dir, 'messages.json');
  writeFileSync(messages, JSON.stringify(corpus));
  const crisisPid = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('services/crisis/dist/main.js');
      } catch {
        return false;
      }
    });
  const ticks = () => {
    if (!crisisPid) return undefined;
    const fields = readFileSync(`/proc/${crisisPid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const before = ticks();
  const result = await runK6('infra/k6/crisis.js', {
    BASE_URL: stack.url,
    RATE: values.rate,
    DURATION: values.duration,
    MESSAGES: messages,
  });
  const after = ticks();
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `POST /api/detect-crisis at ${values.rate}/s for ${values.duration} (k6): ${result.rps.toFixed(1)} req/s, ` +
      `p50 ${result.p50.toFixed(1)} ms, p90 ${result.p90.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
      `max ${result.max.toFixed(1)} ms, failed ${(100 * result.failed).toFixed(2)}%`,
  );
  if (before !== undefined && after !== undefined) {
    const seconds = (after - before) / 100;
    const requests = result.rps * Number.parseFloat(values.duration);
    console.log(
      `  the crisis service: ${seconds.toFixed(2)} CPU seconds, ${((1000 * seconds) / requests).toFixed(2)} ms per message`,
    );
  }
});
console.log(`machine: ${await describeMachine()}`);
