// Where the CPU goes while POST /api/query-ai runs at a fixed rate (BENCHMARKS.md): the same set-up as
// scripts/bench/ai-query.mjs (local stub model, a fresh stack), then, for the measured run only, the CPU
// seconds each process used and the time its threads waited for a CPU (from /proc), grouped as k6, nginx,
// each service, FerretDB, nats-server and the stub (this process), and the machine's busy, idle and stolen
// time. With --cpu-prof, the Node services also write V8 CPU profiles to --out, and
// the script prints the hottest functions of ai-query by self time. With --gc-trace, ai-query's
// scavenges during the measured run (V8's --trace-gc-nvp in its log): pauses, and the bytes they copied.
// First, a bare node:http JSON server (lib/bare-server.mjs) is loaded at the same rate for the same time:
// the CPU per question of ai-query and of the product's processes is printed as a multiple of its CPU
// per request, a ratio that holds from one host to the next.
//   npx node scripts/bench/ai-query-profile.mjs [--rate 200] [--duration 20s] [--warmup 10s] [--replicas 1] [--offline] [--cpu-prof] [--gc-trace] [--node-args="ARGS"] [--out DIR]
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICES } from '@hhp/proto/services';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { runK6 } from './lib/k6.mjs';
import { describeMachine } from './lib/machine.mjs';
import { startStubModel, stubModelEnv } from './lib/stub-model.mjs';
import { benchOptions } from './lib/options.mjs';
import { machineTicks, processTicks, statFields, TICKS } from './lib/proc.mjs';

const values = benchOptions({
  rate: '200',
  duration: '20s',
  warmup: '10s',
  replicas: '1',
  'cpu-prof': false,
  'gc-trace': false,
  /** Extra Node.js options for the services, e.g. --node-args="--max-semi-space-size=32" (space-separated). */
  'node-args': '',
  /** No model key: ai-query answers from its own library and the crisis service asks no moderation model. */
  offline: false,
  out: path.join(os.tmpdir(), 'hhp-ai-query-profile'),
});

const GROUPS = [
  ['k6', /\/k6$/],
  ['nginx', /^nginx/],
  ['ferretdb', /\/ferretdb$/],
  ['nats-server', /\/nats-server$/],
  ['postgres', /\/postgresql\/\d+\/bin\/postgres$|^postgres: /],
  // Each service of the manifest, by its entry point (services/<name>/dist/main.js).
  ...SERVICES.map(({ name }) => [name, new RegExp(`services/${name}/`)]),
];

/** The group of each process seen so far (its command line is read once). */
const groups = new Map();

function groupOf(pid) {
  if (!groups.has(pid)) {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    let exe = '';
    try {
      exe = readlinkSync(`/proc/${pid}/exe`);
    } catch {
      // a kernel thread or gone
    }
    groups.set(
      pid,
      Number(pid) === process.pid
        ? 'stub and this script'
        : (GROUPS.find(([, re]) => re.test(cmd) || re.test(exe))?.[0] ?? 'other'),
    );
  }
  return groups.get(pid);
}

/**
 * CPU ticks (user + system) and group of every process on the machine, by pid. Cheap enough to run
 * every 250 ms in the stub's process without delaying its answers noticeably.
 */
function cpuTicks() {
  const ticks = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const group = groupOf(pid);
      ticks.set(pid, {
        group,
        used: processTicks(pid),
        waited: runQueueWait(pid),
        model: MODEL_HOLDERS.includes(group) ? modelThreadTicks(pid) : 0,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks;
}

/** The services that run the sentence-embedding model, in a worker thread of their own (services/embeddings). */
const MODEL_HOLDERS = ['ai-query', 'crisis'];

/** CPU ticks of a process's worker threads (Node names them WorkerThread): the embedding model's runs. */
function modelThreadTicks(pid) {
  let ticks = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      if (readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim() !== 'WorkerThread') continue;
      const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ticks;
}

/**
 * Nanoseconds the threads of a process have spent runnable but waiting for a CPU (the second field of
 * /proc/<pid>/task/<tid>/schedstat): time lost to the other processes on the machine.
 */
function runQueueWait(pid) {
  let waited = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      waited += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return waited;
}

/**
 * The /metrics text of every ai-query replica. Scraping also resets prom-client's event-loop delay
 * histogram, so a scrape before the run makes the one after it cover the run alone.
 */
const scrapeAiQuery = (stack) =>
  Promise.all(
    stack.services
      .filter(({ name }) => name === 'ai-query')
      .map(async (service) => (await fetch(`${service.url}/metrics`)).text()),
  );

/** The ai_query_stage_seconds histogram buckets of every replica, summed: `<stage> <le>` → count. */
function stageBuckets(texts) {
  const buckets = new Map();
  for (const text of texts) {
    for (const [, metric, labels, value] of text.matchAll(
      /^(ai_query_stage_seconds|http_request_duration_seconds)_bucket\{([^}]*)\} (\S+)$/gm,
    )) {
      // The whole request as express saw it, from its arrival to the last byte written.
      if (metric === 'http_request_duration_seconds' && !labels.includes('route="/api/query-ai"')) continue;
      const stage = metric === 'http_request_duration_seconds' ? 'whole_request' : /stage="([^"]+)"/.exec(labels)[1];
      const le = /le="([^"]+)"/.exec(labels)[1];
      const key = `${stage} ${le}`;
      buckets.set(key, (buckets.get(key) ?? 0) + Number(value));
    }
  }
  return buckets;
}

/** The bucket bound under which p% of the observations fall (an upper bound of the percentile). */
function stagePercentiles(before, after) {
  const stages = new Map();
  for (const [key, count] of after) {
    const [stage, le] = key.split(' ');
    if (!stages.has(stage)) stages.set(stage, []);
    stages.get(stage).push([le === '+Inf' ? Infinity : Number(le), count - (before.get(key) ?? 0)]);
  }
  return [...stages].map(([stage, cumulative]) => {
    cumulative.sort((a, b) => a[0] - b[0]);
    const total = cumulative.at(-1)[1];
    const at = (p) => cumulative.find(([, count]) => count >= (p / 100) * total)?.[0];
    const within = (seconds) => cumulative.find(([le]) => le >= seconds)?.[1] ?? total;
    return { stage, total, p50: at(50), p90: at(90), p99: at(99), over100ms: total - within(0.1) };
  });
}

/**
 * ai-query's (first replica's) event loop since the last scrape (prom-client samples every 10 ms): p99 and
 * the longest delay. A stalled or descheduled process shows here.
 */
function eventLoop(text) {
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
  return {
    maxDelayMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
    p99DelayMs: value('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

/** ai-query's (first replica's) garbage collections by kind, from prom-client's cumulative histogram. */
function gcTotals(text) {
  const totals = new Map();
  for (const [, what, kind, value] of text.matchAll(
    /^nodejs_gc_duration_seconds_(sum|count)\{[^}]*kind="([^"]+)"[^}]*\} (\S+)$/gm,
  )) {
    totals.set(`${kind} ${what}`, Number(value));
  }
  return totals;
}

/**
 * The questions nginx took over 100 ms to answer during the measured run (from its access log, which is
 * flushed every second: wait for it; its clock has whole seconds, so the first second of the run is left
 * out), with the time the upstream (ai-query) took for each: a slow request whose upstream was fast lost
 * its time in nginx, the network or the client.
 */
async function slowInNginx(stack, since) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const file = path.join(stack.dataDir, 'logs', 'nginx-access.log');
  const log = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const errors = readFileSync(path.join(stack.dataDir, 'logs', 'nginx-error.log'), 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean);
  if (errors.length) console.log(`nginx error log: ${errors.length} lines, e.g. ${errors.slice(-3).join(' | ')}`);
  const slow = [];
  for (const line of log.split('\n')) {
    const match = /\[([^\]]+)\] "POST \/api\/query-ai [^"]*" \d+ \d+ (\S+) .* up=(\S+) uc=(\S+)$/.exec(line);
    if (!match) continue;
    const at = Date.parse(match[1].replace(':', ' '));
    const total = Number(match[2]) * 1000;
    const upstream = Number(match[3]) * 1000;
    // Several tries (", "-separated) would show as NaN: counted as slow upstream below.
    const connect = Math.max(...match[4].split(', ').map((value) => Number(value) * 1000));
    if (at >= since && total > 100) slow.push({ total, upstream, connect });
  }
  return slow;
}

/** The text appended to `file` after its first `offset` bytes. */
function readFrom(file, offset) {
  return readFileSync(file).subarray(offset).toString('utf8');
}

/** Pauses, bytes survived and bytes allocated of the scavenges in V8 --trace-gc-nvp output. */
function traceGcScavenges(texts) {
  const pauses = [];
  let survived = 0;
  let allocated = 0;
  for (const text of texts) {
    for (const [, pause, alloc, surv] of text.matchAll(
      /pause=([\d.]+) .*?gc=s .*?allocated=(\d+) .*?new_space_survived=(\d+)/g,
    )) {
      pauses.push(Number(pause));
      allocated += Number(alloc);
      survived += Number(surv);
    }
  }
  return { count: pauses.length, pauses, survived, allocated };
}

/**
 * Calls `visit(leaf, frameAt, parentOf, dt)` for every sample of every V8 CPU profile: the sampled node
 * id, a lookup of a node's call frame by id, a lookup of a node's parent id, and the sample's microseconds.
 */
function eachSample(profiles, visit) {
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parent = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const frameAt = (id) => byId.get(id).callFrame;
    const parentOf = (id) => parent.get(id);
    profile.samples.forEach((id, i) => visit(id, frameAt, parentOf, profile.timeDeltas[i] ?? 0));
  }
}

/** The `count` largest entries of a map of microseconds, as shares of `total`. */
const shares = (times, total, count) =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => [key, us / total]);

/** Self time per function (name, file:line) in V8 CPU profiles, the hottest first, as shares of all samples. */
function hottest(profiles, count = 25) {
  const self = new Map();
  let total = 0;
  eachSample(profiles, (id, frameAt, _parentOf, dt) => {
    const callFrame = frameAt(id);
    const where = callFrame.url ? `${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}` : '';
    const key = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return shares(self, total, count);
}

/** The package (or service file) a profile frame belongs to; undefined for Node's own code. */
function owner(url) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url) ?? /services\/([^/]+\/)dist\/(.*)$/.exec(url);
  return match ? match.slice(1).join('') : undefined;
}

/**
 * Busy time (idle left out) by the nearest package on the stack, as shares: Node's internals (sockets,
 * streams, fetch) count for the package that called them; time with no package on the stack (GC, the
 * event loop itself) is named after the leaf frame.
 */
function byPackage(profiles, count = 15) {
  const busy = new Map();
  let total = 0;
  eachSample(profiles, (id, frameAt, parentOf, dt) => {
    const leaf = frameAt(id);
    if (leaf.functionName === '(idle)') return;
    let key;
    for (let at = id; at !== undefined && !key; at = parentOf(at)) key = owner(frameAt(at).url);
    key ??= `node: ${leaf.functionName || '(anonymous)'}`;
    busy.set(key, (busy.get(key) ?? 0) + dt);
    total += dt;
  });
  return shares(busy, total, count);
}

/** The bare server at the run's rate, for the run's duration (after the same warm-up): ms of CPU per request. */
async function bareServerCpuPerRequest() {
  const child = fork(path.join(import.meta.dirname, 'lib', 'bare-server.mjs'), [], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  try {
    const [port] = await once(child.stdout, 'data');
    const env = { BASE_URL: `http://127.0.0.1:${String(port).trim()}`, RATE: values.rate };
    await runK6('infra/k6/ai-query.js', { ...env, DURATION: values.warmup });
    const before = processTicks(child.pid);
    const started = performance.now();
    const result = await runK6('infra/k6/ai-query.js', { ...env, DURATION: values.duration });
    const cpuSeconds = (processTicks(child.pid) - before) / TICKS;
    const requests = result.rps * ((performance.now() - started) / 1000);
    return { msPerRequest: (cpuSeconds * 1000) / requests, result };
  } finally {
    child.kill('SIGTERM');
  }
}

const messagingBefore = await describeMachine();
const bare = await bareServerCpuPerRequest();
const stub = await startStubModel();
const profiles = path.join(values.out, String(Date.now()));
try {
  const env = { ...stubModelEnv(stub, values.replicas), ...(values.offline ? { OPENAI_API_KEY: '' } : {}) };
  if (values['cpu-prof']) mkdirSync(profiles, { recursive: true });
  const nodeArgs = [
    ...values['node-args'].split(' ').filter(Boolean),
    ...(values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : []),
    ...(values['gc-trace'] ? ['--trace-gc-nvp'] : []),
  ];
  let result;
  let used;
  let stages;
  let slow;
  let loop;
  let machine;
  let gc;
  let scavenges;
  const waits = new Map();
  const modelTicks = new Map();
  await withScratchStack(
    env,
    async (stack) => {
      const k6 = (duration) =>
        runK6('infra/k6/ai-query.js', { BASE_URL: stack.url, RATE: values.rate, DURATION: duration });
      await k6(values.warmup);
      const scrapedBefore = await scrapeAiQuery(stack);
      const bucketsBefore = stageBuckets(scrapedBefore);
      const gcBefore = gcTotals(scrapedBefore[0]);
      const aiQueryLogs = stack.services.filter((s) => s.name === 'ai-query').map((s) => s.logFile);
      const logSizes = aiQueryLogs.map((file) => statSync(file).size);
      const measuredFrom = Math.ceil(Date.now() / 1000) * 1000;
      // Sampled every 250 ms, so that processes which end with the run (k6) are counted too.
      const before = cpuTicks();
      const machineBefore = machineTicks();
      const last = new Map();
      const sample = () => {
        for (const [pid, now] of cpuTicks()) last.set(pid, now);
      };
      const sampler = setInterval(sample, 250);
      const started = performance.now();
      result = await k6(values.duration);
      clearInterval(sampler);
      sample();
      const machineAfter = machineTicks();
      machine = Object.fromEntries(
        Object.entries(machineAfter).map(([key, t]) => [key, (t - machineBefore[key]) / TICKS]),
      );
      const seconds = (performance.now() - started) / 1000;
      const byGroup = new Map();
      for (const [pid, { group, used: t, waited: w, model: m }] of last) {
        byGroup.set(group, (byGroup.get(group) ?? 0) + t - (before.get(pid)?.used ?? 0));
        if (m > 0) modelTicks.set(group, (modelTicks.get(group) ?? 0) + m - (before.get(pid)?.model ?? 0));
        waits.set(group, (waits.get(group) ?? 0) + (w - (before.get(pid)?.waited ?? 0)) / 1e9);
      }
      const after = await scrapeAiQuery(stack);
      stages = stagePercentiles(bucketsBefore, stageBuckets(after));
      loop = eventLoop(after[0]);
      gc = [...gcTotals(after[0])].map(([key, value]) => [key, value - (gcBefore.get(key) ?? 0)]);
      slow = await slowInNginx(stack, measuredFrom);
      if (values['gc-trace']) scavenges = traceGcScavenges(aiQueryLogs.map((file, i) => readFrom(file, logSizes[i])));
      used = [...byGroup].map(([group, t]) => [group, t / TICKS, seconds]);
    },
    { nodeArgs },
  );
  const [, , seconds] = used[0];
  console.log(
    `\nPOST /api/query-ai at ${values.rate} requests/s for ${values.duration}, ${values.replicas} replica(s): ${result.rps.toFixed(1)} req/s, p50 ${result.p50.toFixed(1)} ms, p90 ${result.p90.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms, failed ${(result.failed * 100).toFixed(2)}%`,
  );
  console.log(`The machine before: ${messagingBefore}`);
  console.log(`\nCPU used during the measured ${seconds.toFixed(1)} s (${os.cpus().length} cores):`);
  console.log(
    '| process | CPU seconds | share of one core | ms of CPU per request | ms waiting for a CPU per request |',
  );
  console.log('|---|---|---|---|---|');
  const requests = result.rps * seconds;
  for (const [group, cpu] of used.filter(([, cpu]) => cpu > 0).sort((a, b) => b[1] - a[1])) {
    console.log(
      `| ${group} | ${cpu.toFixed(2)} | ${((cpu / seconds) * 100).toFixed(0)}% | ${((cpu * 1000) / requests).toFixed(2)} | ${(((waits.get(group) ?? 0) * 1000) / requests).toFixed(2)} |`,
    );
    // The part of it the embedding model's thread used (the crisis model's and the library's runs).
    const model = (modelTicks.get(group) ?? 0) / TICKS;
    if (model > 0) {
      console.log(
        `| ↳ its embedding model's thread | ${model.toFixed(2)} | ${((model / seconds) * 100).toFixed(0)}% | ${((model * 1000) / requests).toFixed(2)} | |`,
      );
    }
  }
  const total = used.reduce((sum, [, cpu]) => sum + cpu, 0);
  const waited = [...waits.values()].reduce((sum, w) => sum + w, 0);
  console.log(
    `| all | ${total.toFixed(2)} | ${((total / seconds) * 100).toFixed(0)}% | ${((total * 1000) / requests).toFixed(2)} | ${((waited * 1000) / requests).toFixed(2)} |`,
  );
  const perRequest = (names) =>
    (used.filter(([group]) => names.includes(group)).reduce((sum, [, cpu]) => sum + cpu, 0) * 1000) / requests;
  const product = ['ai-query', 'crisis', 'ferretdb', 'postgres', 'nats-server', 'nginx'];
  const times = (ms) => `${ms.toFixed(2)} ms, ${(ms / bare.msPerRequest).toFixed(1)}×`;
  console.log(
    `\nCPU per request against a bare node:http JSON server loaded at the same rate in the same run (${bare.result.rps.toFixed(1)} req/s, p99 ${bare.result.p99.toFixed(1)} ms): the bare server ${bare.msPerRequest.toFixed(2)} ms; ai-query ${times(perRequest(['ai-query']))}; ${product.join(', ')} together ${times(perRequest(product))}`,
  );
  console.log(
    `The machine during the run (CPU seconds): busy ${machine.busy.toFixed(2)}, idle ${machine.idle.toFixed(2)}, iowait ${machine.iowait.toFixed(2)}, stolen by the host ${machine.steal.toFixed(2)}`,
  );
  const bound = (s) => (s === Infinity ? 'more' : `≤ ${(s * 1000).toFixed(s < 0.01 ? 1 : 0)} ms`);
  console.log('\nai-query, time from the question to each step (histogram bucket bounds):');
  console.log('| step | n | p50 | p90 | p99 | over 100 ms |');
  console.log('|---|---|---|---|---|---|');
  for (const { stage, total, p50, p90, p99, over100ms } of stages) {
    console.log(`| ${stage} | ${total} | ${bound(p50)} | ${bound(p90)} | ${bound(p99)} | ${over100ms} |`);
  }
  const upstreamSlow = slow.filter(({ upstream }) => !(upstream <= 100)).length;
  const connectSlow = slow.filter(({ connect }) => !(connect <= 50)).length;
  console.log(
    `\nnginx: ${slow.length} questions took over 100 ms in nginx; for ${upstreamSlow} of them ai-query (the upstream) took over 100 ms too, and for ${connectSlow} nginx's connect to ai-query took over 50 ms.`,
  );
  const gcOf = (kind) => {
    const count = gc.find(([key]) => key === `${kind} count`)?.[1] ?? 0;
    const sum = gc.find(([key]) => key === `${kind} sum`)?.[1] ?? 0;
    return `${kind} ${count} (${(sum * 1000).toFixed(0)} ms in all)`;
  };
  console.log(
    `ai-query's garbage collections during the run: ${['minor', 'major', 'incremental', 'weakcb'].map(gcOf).join(', ')}`,
  );
  console.log(
    `ai-query's event loop during the run: delay p99 ${loop.p99DelayMs.toFixed(1)} ms, max ${loop.maxDelayMs.toFixed(1)} ms`,
  );
  if (scavenges) {
    const { count, pauses, survived, allocated } = scavenges;
    const sorted = pauses.toSorted((a, b) => a - b);
    console.log(
      `ai-query's scavenges (--trace-gc-nvp): ${count}, pause median ${(sorted[Math.floor(count / 2)] ?? 0).toFixed(1)} ms, longest ${(sorted.at(-1) ?? 0).toFixed(1)} ms, ${(survived / count / 1e6).toFixed(2)} MB copied each on average, ${((survived / allocated) * 100).toFixed(1)}% of what was allocated`,
    );
  }
} finally {
  await stub.close();
}

if (values['cpu-prof']) {
  // Profiles are written when the services exit (the stack has stopped by now).
  const mine = readdirSync(profiles)
    .map((name) => readFileSync(path.join(profiles, name), 'utf8'))
    .filter((text) => text.includes('services/ai-query/dist/'))
    .map((text) => JSON.parse(text));
  const percent = (share) => `${(share * 100).toFixed(1).padStart(5)}%`;
  console.log(`\nai-query, busy time by package (warm-up and measured run; ${mine.length} profile(s) in ${profiles}):`);
  for (const [key, share] of byPackage(mine)) console.log(`${percent(share)}  ${key}`);
  console.log('\nai-query, self time by function (idle included):');
  for (const [key, share] of hottest(mine)) console.log(`${percent(share)}  ${key}`);
}
