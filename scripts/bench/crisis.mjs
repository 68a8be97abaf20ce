// Crisis detection latency (BENCHMARKS.md): the rules in-process over the labelled corpus, and
// POST /api/detect-crisis through nginx, one request at a time, on a fresh stack on loopback.
//   node scripts/bench/crisis.mjs [--rounds 20] [--requests 1000]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { detectCrisis } from '../../services/crisis-rules/dist/index.js';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '20' }, requests: { type: 'string', default: '1000' } },
});

const corpus = ['crisis.txt', 'ordinary.txt'].flatMap((file) =>
  readFileSync(path.join(root, 'services/crisis-rules/corpus', file), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#')),
);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
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
  report('POST /api/detect-crisis through nginx (rules only, sequential)', throughNginx);
});
