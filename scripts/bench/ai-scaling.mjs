// Scaling ai-query alone, measured (BENCHMARKS.md, "Scaling ai-query"). On loopback, with the local stub
// model that answers at once, the load generator let past the per-address guard by LOAD_TEST_ALLOWLIST:
//  1. For each replica count (AI_QUERY_REPLICAS, nginx balancing): a fresh stack, a warm-up, then
//     infra/k6/ai-stream.js with one question per new guest (JSON and streamed alternately) (a) at a constant
//     arrival rate (latency at a fixed load) and (b) closed-loop with --vus users back to back (the
//     throughput ceiling). CPU of the ai-query processes from /proc/<pid>/stat over each measured run,
//     divided by the questions answered: the CPU per question, the figure that holds on a shared machine.
//  2. The kill test: a stack with --kill-replicas replicas at a constant rate; at --kill-at seconds the last
//     replica is killed with SIGKILL, and the launcher starts it again (its supervisor). Afterwards every
//     guest's stored count (GET /api/quota) is compared with what k6 saw: an answer counted once is right;
//     a question counted twice, an answer not counted, a question counted but not answered, or any 5xx is
//     reported, with nginx's retries (its access log's upstream times) and errors (its error log).
//   npx node scripts/bench/ai-scaling.mjs [--replicas 1,2,3] [--rate 100] [--duration 20s] [--warmup 8s]
//     [--vus 16] [--kill-replicas 2] [--kill-rate 60] [--kill-duration 40s] [--kill-at 15] [--skip-scaling]
//     [--kills 1]
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { metric, runKit } from './lib/k6.mjs';
import { describeMachine } from './lib/machine.mjs';
import { startStubModel, stubModelEnv } from './lib/stub-model.mjs';
import { benchOptions } from './lib/options.mjs';
import { machineTicks, processTicks, TICKS } from './lib/proc.mjs';

const values = benchOptions({
  replicas: '1,2,3',
  rate: '100',
  duration: '20s',
  warmup: '8s',
  vus: '16',
  'kill-replicas': '2',
  'kill-rate': '60',
  'kill-duration': '40s',
  'kill-at': '15',
  kills: '1',
  'skip-scaling': false,
  'skip-kill': false,
});

const SCRIPT = 'infra/k6/ai-stream.js';
const TICK_MS = 1000 / TICKS;
const instances = (replicas) =>
  Array.from({ length: replicas }, (_, i) => (i === 0 ? 'ai-query' : `ai-query#${i + 1}`));

/** The environment of every stack here: the stub model, N replicas, and the generator on the allowlist. */
const stackEnv = (stub, replicas) => ({
  ...stubModelEnv(stub, replicas),
  // The guard against guestId rotation at its default: the load generator is let past it by the allowlist.
  IP_NEW_GUESTS_PER_HOUR: '100',
  LOAD_TEST_ALLOWLIST: '127.0.0.1,::1',
});

function cpuTicksOf(pid) {
  try {
    return processTicks(pid);
  } catch {
    return undefined; // gone
  }
}

/**
 * CPU of the ai-query processes from now until `stop()`: sampled every 200 ms, so a process killed during
 * the run counts up to its last sample, and its successor from its first.
 */
const total = ({ busy, idle, iowait, steal }) => busy + idle + iowait + steal;

function cpuMeter(stack, replicas) {
  const first = new Map();
  const last = new Map();
  const machineStart = machineTicks();
  const sample = () => {
    for (const name of instances(replicas)) {
      const pid = stack.pidOf(name);
      if (pid === undefined) continue;
      const ticks = cpuTicksOf(pid);
      if (ticks === undefined) continue;
      if (!first.has(pid)) first.set(pid, ticks);
      last.set(pid, ticks);
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop() {
      sample();
      clearInterval(timer);
      const machine = machineTicks();
      let ticks = 0;
      for (const [pid, start] of first) ticks += last.get(pid) - start;
      const all = total(machine) - total(machineStart);
      return {
        aiQueryCpuMs: ticks * TICK_MS,
        machineBusy: (machine.busy - machineStart.busy) / all,
        machineSteal: (machine.steal - machineStart.steal) / all,
        processes: first.size,
      };
    },
  };
}

const kitEnv = (stack, extra) => ({
  BASE_URL: stack.url,
  PROFILE: 'load',
  ASKS: '1',
  MODE: 'mixed',
  VUS: '40',
  MAX_VUS: '200',
  ...extra,
});

function figures(run, cpu) {
  const answered = metric(run.summary, 'answers', 'count') ?? 0;
  const seconds = run.summary.state.testRunDurationMs / 1000;
  return {
    ok: run.status === 0,
    answered,
    perSecond: answered / seconds,
    p50: metric(run.summary, 'http_req_duration', 'med'),
    p99: metric(run.summary, 'http_req_duration', 'p(99)'),
    failed: metric(run.summary, 'http_req_failed', 'passes') ?? 0,
    serverErrors: metric(run.summary, 'server_errors', 'count') ?? 0,
    dropped: metric(run.summary, 'dropped_iterations', 'count') ?? 0,
    cpuMsPerQuestion: cpu.aiQueryCpuMs / Math.max(1, answered),
    aiQueryCores: cpu.aiQueryCpuMs / 1000 / seconds,
    machineBusy: cpu.machineBusy,
    machineSteal: cpu.machineSteal,
  };
}

async function measure(stack, replicas, env) {
  const cpu = cpuMeter(stack, replicas);
  const run = await runKit(SCRIPT, kitEnv(stack, env));
  return figures(run, cpu.stop());
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const report = { startedAt: new Date().toISOString(), commit: '', machine: {}, scaling: [], kills: [] };
try {
  report.commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
} catch {
  // not a checkout
}
report.machine = {
  cores: os.cpus().length,
  model: os.cpus()[0]?.model,
  before: await describeMachine(),
  uptimeBefore: uptime(),
};
console.log(`${report.machine.uptimeBefore}\n${report.machine.before}`);

const stub = await startStubModel();
try {
  if (!values['skip-scaling']) {
    for (const replicas of values.replicas.split(',').map(Number)) {
      await withScratchStack(stackEnv(stub, replicas), async (stack) => {
        await runKit(SCRIPT, kitEnv(stack, { RATE: values.rate, DURATION: values.warmup }));
        // What the replicas cost doing nothing (timers, NATS and MongoDB heartbeats, GC): 5 s without load.
        const quiet = cpuMeter(stack, replicas);
        await sleep(5000);
        const idleCpuMsPerSecond = quiet.stop().aiQueryCpuMs / 5;
        const atRate = await measure(stack, replicas, { RATE: values.rate, DURATION: values.duration });
        const closed = await measure(stack, replicas, { CLOSED: '1', VUS: values.vus, DURATION: values.duration });
        const row = { replicas, idleCpuMsPerSecond, atRate, closed, uptime: uptime() };
        report.scaling.push(row);
        console.log(JSON.stringify(row));
      });
    }
  }

  if (!values['skip-kill']) {
    const replicas = Number(values['kill-replicas']);
    await withScratchStack(stackEnv(stub, replicas), async (stack) => {
      const victimName = instances(replicas).at(-1);
      const victimUrl = stack.services.find((s) => s.instance === victimName).url;
      await runKit(SCRIPT, kitEnv(stack, { RATE: values['kill-rate'], DURATION: values.warmup }));
      const prefix = randomBytes(6).toString('base64url'); // 8 characters, new for every run
      const events = [];
      const cpu = cpuMeter(stack, replicas);
      const started = Date.now();
      const killing = (async () => {
        const kills = Number(values.kills);
        for (let k = 0; k < kills; k++) {
          await sleep(Number(values['kill-at']) * 1000 - (Date.now() - started) + k * 8000);
          const pid = stack.pidOf(victimName);
          process.kill(pid, 'SIGKILL');
          const killedAt = Date.now();
          // The launcher's supervisor starts it again: a new pid, then /readyz answers.
          let newPid;
          while (Date.now() - killedAt < 30_000) {
            newPid = stack.pidOf(victimName);
            if (newPid !== undefined && newPid !== pid) {
              const ready = await fetch(`${victimUrl}/readyz`).then(
                (r) => r.status === 200,
                () => false,
              );
              if (ready) break;
            }
            await sleep(50);
          }
          events.push({
            killed: victimName,
            pid,
            atS: (killedAt - started) / 1000,
            restartedPid: newPid,
            readyAfterMs: Date.now() - killedAt,
          });
        }
      })();
      const run = await runKit(
        SCRIPT,
        kitEnv(stack, {
          RATE: values['kill-rate'],
          DURATION: values['kill-duration'],
          GUEST_PREFIX: prefix,
          OUTCOMES: '1',
        }),
      );
      await killing;
      const row = figures(run, cpu.stop());
      // What k6 saw, per guest (one question each), against what the quota stored.
      const seen = run.lines
        .filter((line) => line.startsWith('outcome '))
        .map((line) => {
          const [, guestId, , status, whole] = line.split(' ');
          return { guestId, status: Number(status), whole: whole === 'whole' };
        });
      const tally = {
        questions: seen.length,
        answeredCountedOnce: 0,
        countedTwice: 0,
        answeredNotCounted: 0,
        countedNotAnswered: 0,
        failedNotCounted: 0,
        statuses: {},
      };
      for (let i = 0; i < seen.length; i += 20) {
        await Promise.all(
          seen.slice(i, i + 20).map(async (q) => {
            const res = await fetch(`${stack.url}/api/quota?guestId=${q.guestId}`);
            const { queriesUsed } = await res.json();
            const answered = q.status === 200 && q.whole;
            tally.statuses[q.status] = (tally.statuses[q.status] ?? 0) + 1;
            if (queriesUsed > 1) tally.countedTwice++;
            else if (answered && queriesUsed === 1) tally.answeredCountedOnce++;
            else if (answered) tally.answeredNotCounted++;
            else if (queriesUsed === 1) tally.countedNotAnswered++;
            else tally.failedNotCounted++;
          }),
        );
      }
      // nginx: requests passed to a second replica (two upstream times), and its errors while connecting.
      await sleep(1500); // the access log is flushed every second
      const logs = path.join(stack.dataDir, 'logs');
      const access = readFileSync(path.join(logs, 'nginx-access.log'), 'utf8').split('\n');
      const ask = access.filter((line) => line.includes('"POST /api/query-ai'));
      const retried = ask.filter((line) => /up=[^ ]*, /.test(line));
      const errorLog = existsSync(path.join(logs, 'nginx-error.log'))
        ? readFileSync(path.join(logs, 'nginx-error.log'), 'utf8').split('\n')
        : [];
      const nginx = {
        askLines: ask.length,
        retriedOnAnotherReplica: retried.length,
        retriedStatuses: retried.map((line) => line.split('" ')[1]?.split(' ')[0]),
        connectRefused: errorLog.filter((l) => l.includes('Connection refused') && l.includes('query-ai')).length,
        prematurelyClosed: errorLog.filter((l) => l.includes('prematurely closed') && l.includes('query-ai')).length,
        resetByPeer: errorLog.filter((l) => l.includes('reset by peer') && l.includes('query-ai')).length,
        errorSamples: errorLog.filter((l) => l.includes('query-ai')).slice(0, 6),
      };
      const result = { replicas, rate: Number(values['kill-rate']), events, run: row, tally, nginx, uptime: uptime() };
      report.kills.push(result);
      console.log(JSON.stringify(result, null, 1));
    });
  }
} finally {
  await stub.close();
}
report.machine.after = await describeMachine();
report.machine.uptimeAfter = uptime();

// The tables for BENCHMARKS.md.
const f1 = (n) => (n === undefined ? '-' : n.toFixed(1));
const f2 = (n) => (n === undefined ? '-' : n.toFixed(2));
console.log(`\n${report.machine.uptimeBefore}\n${report.machine.uptimeAfter}\n${report.machine.after}`);
if (report.scaling.length) {
  console.log(
    `\n| replicas | idle: ai-query CPU ms/s | at ${values.rate}/s: answered/s, p50 / p99 ms, ai-query CPU ms per question | closed loop (${values.vus} users): answered/s, p50 / p99 ms, ai-query CPU ms per question, ai-query cores | machine busy (closed loop) |`,
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const { replicas, idleCpuMsPerSecond, atRate: a, closed: c } of report.scaling) {
    console.log(
      `| ${replicas} | ${f1(idleCpuMsPerSecond)} | ${f1(a.perSecond)}, ${f1(a.p50)} / ${f1(a.p99)}, ${f2(a.cpuMsPerQuestion)}${a.failed ? ` (${a.failed} failed)` : ''}${a.dropped ? ` (${a.dropped} dropped)` : ''} | ${f1(c.perSecond)}, ${f1(c.p50)} / ${f1(c.p99)}, ${f2(c.cpuMsPerQuestion)}, ${f2(c.aiQueryCores)}${c.failed ? ` (${c.failed} failed)` : ''} | ${(c.machineBusy * 100).toFixed(0)}% (steal ${(c.machineSteal * 100).toFixed(1)}%) |`,
    );
  }
}
console.log(`\nREPORT ${JSON.stringify(report)}`);
const bad = report.kills.some(
  (k) => k.tally.countedTwice || k.tally.answeredNotCounted || k.run.serverErrors || k.tally.countedNotAnswered,
);
process.exit(bad ? 1 : 0);
