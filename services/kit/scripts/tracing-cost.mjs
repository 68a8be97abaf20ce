// What tracing costs a service per request (BENCHMARKS.md, "Tracing"). A child process runs a service made
// of the kit's parts as ai-query uses them: the express app of createApp (request log to /dev/null, the
// request span), one NATS request-reply (the crisis check's CLIENT and SERVER spans, answered in the same
// process) and one JetStream publish (the answered event's PRODUCER span) per request. It runs twice: with
// tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT) and on, exporting in batches over OTLP/HTTP to a collector
// on loopback in this process. This process sends the requests (CONCURRENCY at a time) and reads the
// child's own CPU time, so the figure is the service's alone.
//   ./node_modules/.bin/tsc -b && ./node_modules/.bin/node services/kit/scripts/tracing-cost.mjs [--requests 4000] [--rounds 3]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const SUBJECT = 'rpc.bench.v1.echo';
const EVENT = 'ai.v1.bench-traced';

if (process.argv[2] === 'child') {
  await child(process.argv[3]);
} else {
  await main();
}

async function child(natsUrl) {
  const { Router } = await import('express');
  const { pino } = await import('pino');
  const { z } = await import('zod');
  const kit = await import('../dist/index.js');
  // `recorded`: spans are made and ended but go nowhere, which separates making them from exporting them.
  const discard = { onStart() {}, onEnd() {}, forceFlush: async () => {}, shutdown: async () => {} };
  const tracing = kit.createTracing({
    name: 'tracing-bench',
    version: '0',
    endpoint: process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    ...(process.env.BENCH_RECORD_ONLY ? { spanProcessors: [discard] } : {}),
  });
  // The request log as a service writes it (one line a request, with the trace ids when tracing is on).
  const logger = kit.createLogger('tracing-bench', 'info', pino.destination('/dev/null'));
  const bus = await kit.EventBus.connect({ url: natsUrl, name: 'tracing-bench', logger, tracing });
  const Echo = z.object({ n: z.number() });
  bus.reply(SUBJECT, { request: Echo, handler: async (q) => q });
  const router = Router();
  router.post('/api/echo', async (req, res) => {
    // With the request id, as the services pass it on (it travels in the messages' headers either way).
    const { requestId } = kit.requestContext(req);
    const answer = await bus.request(SUBJECT, { n: Number(req.body.n) }, { response: Echo, requestId });
    await bus.publish(kit.createEnvelope(EVENT, answer), { requestId });
    res.json(answer);
  });
  const metrics = kit.createMetrics('tracing-bench');
  const app = kit.createApp({
    logger,
    routers: [router],
    readiness: {},
    metrics,
    trustedProxies: ['loopback'],
    tracing,
  });
  const http = await kit.listen(app, { port: 0, host: '127.0.0.1' });
  process.on('message', async (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
    if (message === 'stop') {
      await http.close();
      await tracing.shutdown();
      await bus.close();
      process.send({ stopped: true });
      process.exit(0);
    }
  });
  process.send({ url: http.url, tracing: tracing.enabled });
}

async function main() {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '4000' },
      rounds: { type: 'string', default: '3' },
      concurrency: { type: 'string', default: '8' },
    },
  });
  await noopCost();
  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const { startNats } = await import('../../../infra/dist/dev-servers.js');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-tracing-bench-'));
  const nats = await startNats({ storeDir: dir });
  let exportedBytes = 0;
  let exports = 0;
  const collector = createServer((req, res) => {
    req.on('data', (chunk) => (exportedBytes += chunk.length));
    req.on('end', () => {
      exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const endpoint = `http://127.0.0.1:${collector.address().port}`;

  const modes = {
    off: {},
    recorded: { BENCH_RECORD_ONLY: '1' },
    exported: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
  };
  const results = { off: [], recorded: [], exported: [] };
  try {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [mode, env] of Object.entries(modes))
        results[mode].push(await run(env, nats.url, requests, concurrency));
    }
  } finally {
    collector.close();
    await nats.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `${requests} requests × ${values.rounds} rounds per mode, ${concurrency} at a time; medians of the rounds:`,
  );
  for (const [mode, rows] of Object.entries(results)) {
    console.log(
      `tracing ${mode.padEnd(8)}: CPU ${median(rows.map((r) => r.cpuUsPerRequest)).toFixed(0)} µs/request, ` +
        `p50 ${median(rows.map((r) => r.p50)).toFixed(2)} ms, p99 ${median(rows.map((r) => r.p99)).toFixed(2)} ms, ` +
        `${median(rows.map((r) => r.perSecond)).toFixed(0)} requests/s`,
    );
  }
  const off = median(results.off.map((r) => r.cpuUsPerRequest));
  for (const mode of ['recorded', 'exported']) {
    const on = median(results[mode].map((r) => r.cpuUsPerRequest));
    console.log(
      `${mode}: +${(on - off).toFixed(0)} µs of CPU per request (+${(((on - off) / off) * 100).toFixed(1)}%)`,
    );
  }
  console.log(`collector received ${exports} OTLP exports, ${(exportedBytes / 1024).toFixed(0)} KiB`);
}

async function run(env, natsUrl, requests, concurrency) {
  const proc = fork(fileURLToPath(import.meta.url), ['child', natsUrl], {
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '', BENCH_RECORD_ONLY: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (message) =>
    new Promise((resolve) => {
      proc.once('message', resolve);
      proc.send(message);
    });
  const [{ url }] = await once(proc, 'message');
  const post = async (n) => {
    const res = await fetch(`${url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n }),
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    await res.json();
  };
  const load = async (count, times) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          const n = next++;
          const started = performance.now();
          await post(n);
          times?.push(performance.now() - started);
        }
      }),
    );
  };
  await load(Math.min(1000, requests)); // warm-up: JIT, connections
  const before = (await ask('cpu')).cpu;
  const times = [];
  const started = performance.now();
  await load(requests, times);
  const seconds = (performance.now() - started) / 1000;
  const after = (await ask('cpu')).cpu;
  await ask('stop');
  times.sort((a, b) => a - b);
  const cpuUs = after.user - before.user + (after.system - before.system);
  return {
    cpuUsPerRequest: cpuUs / requests,
    p50: times[Math.floor(times.length * 0.5)],
    p99: times[Math.floor(times.length * 0.99)],
    perSecond: requests / seconds,
  };
}

/** What a NATS span costs when tracing is off: `inSpan` on the no-op tracer against the bare call. */
async function noopCost() {
  const { disabledTracing, inSpan } = await import('../dist/index.js');
  const N = 1_000_000;
  const work = async () => 1;
  const time = async (call) => {
    for (let i = 0; i < 10_000; i++) await call(); // warm-up
    const started = process.cpuUsage();
    for (let i = 0; i < N; i++) await call();
    const used = process.cpuUsage(started);
    return ((used.user + used.system) * 1000) / N; // ns per call
  };
  const bare = await time(work);
  const wrapped = await time(() => inSpan(disabledTracing.tracer, 'x publish', {}, work));
  console.log(
    `tracing off: a span costs ${(wrapped - bare).toFixed(0)} ns of CPU (inSpan on the no-op tracer, ${N} calls)`,
  );
}
