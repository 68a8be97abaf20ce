// ai-query benchmarks (BENCHMARKS.md), on loopback, bounded in time:
//  1. POST /api/query-ai through nginx at RATE requests/s with 1 and 2 ai-query replicas, the model
//     being a local OpenAI-compatible stub that answers at once; the stub alone at the same rate; the
//     difference of the p50/p99 is what the service (and nginx) add.
//  2. Time to the first streamed byte of /api/query-ai/stream minus the stub's own first-token delay.
//   node scripts/bench/ai-query.mjs [--rate 200] [--duration 20s] [--warmup 10s] [--replicas 1,2] [--ttfb-requests 200] [--node-args="ARGS"]
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { runK6 } from './lib/k6.mjs';
import { describeMachine } from './lib/machine.mjs';
import { startStubModel, stubModelEnv } from './lib/stub-model.mjs';
import { benchOptions, percentile, ms } from './lib/options.mjs';
const values = benchOptions({
  rate: '200',
  duration: '20s',
  replicas: '1,2',
  'ttfb-requests': '200',
  'first-token-ms': '100',
  warmup: '10s',
  /** Extra Node.js options for the services, e.g. --node-args="--max-semi-space-size=8" (space-separated). */
  'node-args': '',
});

const k6 = (env, duration = values.duration) =>
  runK6('infra/k6/ai-query.js', { RATE: values.rate, DURATION: duration, ...env });

const machineBefore = await describeMachine();
const stub = await startStubModel();
const rows = [];
try {
  const alone = await k6({ BASE_URL: stub.baseUrl, TARGET: 'stub' });
  rows.push(['stub alone', alone]);
  for (const replicas of values.replicas.split(',').map(Number)) {
    const env = stubModelEnv(stub, replicas);
    await withScratchStack(
      env,
      async (stack) => {
        // JIT, connection pools and FerretDB's first writes: a run at the same rate that is not counted.
        await k6({ BASE_URL: stack.url }, values.warmup);
        rows.push([`through nginx, ${replicas} replica${replicas > 1 ? 's' : ''}`, await k6({ BASE_URL: stack.url })]);
        if (replicas === 1) {
          // Time to first byte of the stream, one request at a time, minus the stub's first-token delay.
          const delay = Number(values['first-token-ms']);
          stub.behaviour.firstTokenDelayMs = delay;
          const samples = [];
          for (let i = 0; i < Number(values['ttfb-requests']); i++) {
            const started = performance.now();
            const res = await fetch(`${stack.url}/api/query-ai/stream`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                query: 'What helps with bloating?',
                guestId: `bench${String(i).padStart(16, '0')}`,
              }),
            });
            const reader = res.body.getReader();
            let text = '';
            while (!text.includes('event: delta')) {
              const { value, done } = await reader.read();
              if (done) break;
              text += new TextDecoder().decode(value);
            }
            samples.push(performance.now() - started - delay);
            await reader.cancel();
          }
          stub.behaviour.firstTokenDelayMs = 0;
          samples.sort((a, b) => a - b);
          rows.push(['ttfb', { p50: percentile(samples, 50), p99: percentile(samples, 99), n: samples.length }]);
        }
      },
      { nodeArgs: values['node-args'].split(' ').filter(Boolean) },
    );
  }
} finally {
  await stub.close();
}

const machineAfter = await describeMachine();
const base = rows[0][1];
console.log(`\nThe machine before: ${machineBefore}\nThe machine after: ${machineAfter}`);
console.log(
  `\nPOST /api/query-ai at ${values.rate} requests/s for ${values.duration} after a ${values.warmup} warm-up (stub model answers at once)`,
);
console.log('| target | requests/s | p50 | p99 | failed | p50 overhead | p99 overhead |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, r] of rows.filter(([name]) => name !== 'ttfb')) {
  const overhead = name === 'stub alone' ? ['', ''] : [ms(r.p50 - base.p50), ms(r.p99 - base.p99)];
  console.log(
    `| ${name} | ${r.rps.toFixed(1)} | ${ms(r.p50)} | ${ms(r.p99)} | ${(r.failed * 100).toFixed(2)}% | ${overhead.join(' | ')} |`,
  );
}
const ttfb = rows.find(([name]) => name === 'ttfb')?.[1];
if (ttfb) {
  console.log(
    `\nFirst streamed byte minus the stub's ${values['first-token-ms']} ms first-token delay, ${ttfb.n} sequential requests: p50 ${ms(ttfb.p50)}, p99 ${ms(ttfb.p99)}`,
  );
}
