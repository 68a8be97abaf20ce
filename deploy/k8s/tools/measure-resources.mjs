// Measures what each service's container needs, for the manifests' resource requests and limits
// (BENCHMARKS.md, "Resources"): a scratch stack on free loopback ports (scripts/load-test.mjs's), the existing
// k6 scripts run against it one after another, and every 250 ms the resident memory (VmRSS) and CPU time of
// each service's process tree (the voice service's Whisper worker included), nginx, nats-server and FerretDB.
// Then the voice service's speech parts alone (scripts/bench/voice-speech.mjs) for the worker's memory.
//   node deploy/k8s/tools/measure-resources.mjs [--json out.json]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { withScratchStack } from '../../../infra/dist/launcher/scratch-stack.js';
import { SERVICES } from '../../../proto/dist/services.js';
import { runK6 } from '../../../scripts/bench/lib/k6.mjs';
import { startStubModel, stubModelEnv } from '../../../scripts/bench/lib/stub-model.mjs';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const { values } = parseArgs({ options: { json: { type: 'string' } } });
const TICKS = 100; // USER_HZ on Linux
const PAGE_KB = 4;

/** pid → parent pid, for every process. */
function parents() {
  const map = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      map.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  return map;
}

/** The pid and all its descendants. */
function tree(pid, parentOf) {
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const [child, parent] of parentOf) if (parent === out[i]) out.push(child);
  return out;
}

/** RSS (KiB) and CPU ticks (user + system, the children's own included) of a process tree. */
function usage(pids) {
  let rssKb = 0;
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
      rssKb += Number(fields[21]) * PAGE_KB;
    } catch {
      // gone
    }
  }
  return { rssKb, ticks };
}

/** Samples each named process tree every 250 ms until stopped: peak RSS, CPU seconds, peak one-second CPU. */
function sampler(roots) {
  const state = new Map(roots.map(({ name }) => [name, { peakRssKb: 0, lastRssKb: 0, ticks: [] }]));
  const tick = () => {
    const parentOf = parents();
    const now = Date.now();
    for (const { name, pid } of roots) {
      const pidNow = typeof pid === 'function' ? pid() : pid;
      if (!pidNow) continue;
      const { rssKb, ticks } = usage(tree(pidNow, parentOf));
      if (rssKb === 0) continue; // the process has ended: its last sample stands
      const s = state.get(name);
      s.peakRssKb = Math.max(s.peakRssKb, rssKb);
      s.lastRssKb = rssKb;
      s.ticks.push({ at: now, ticks });
    }
  };
  tick();
  const timer = setInterval(tick, 250);
  return {
    stop() {
      clearInterval(timer);
      tick();
      const result = {};
      for (const [name, s] of state) {
        const first = s.ticks[0];
        const last = s.ticks.at(-1);
        let peakCores = 0;
        for (let i = 0, j = 0; i < s.ticks.length; i++) {
          while (s.ticks[i].at - s.ticks[j].at > 1000) j++;
          const span = (s.ticks[i].at - s.ticks[j].at) / 1000;
          if (span >= 0.75) peakCores = Math.max(peakCores, (s.ticks[i].ticks - s.ticks[j].ticks) / TICKS / span);
        }
        const seconds = first && last ? (last.at - first.at) / 1000 : 0;
        result[name] = {
          peakRssMiB: +(s.peakRssKb / 1024).toFixed(1),
          endRssMiB: +(s.lastRssKb / 1024).toFixed(1),
          cpuSeconds: first && last ? +((last.ticks - first.ticks) / TICKS).toFixed(2) : 0,
          meanCores: seconds ? +((last.ticks - first.ticks) / TICKS / seconds).toFixed(3) : 0,
          peakCores: +peakCores.toFixed(3),
        };
      }
      return result;
    },
  };
}

const phases = [
  { script: 'infra/k6/quota.js', env: { GUESTS: '200', VUS: '20' } },
  { script: 'infra/k6/booking-race.js', env: {} },
  { script: 'infra/k6/videos.js', env: { VUS: '50', DURATION: '20s' } },
  { script: 'infra/k6/ai-query.js', env: { RATE: '100', DURATION: '20s' } },
];

const stub = await startStubModel();
const report = { phases: {}, idle: {}, voiceSpeech: {} };
try {
  await withScratchStack({ ...stubModelEnv(stub, 1), MAX_LIVE_HOLDS_PER_ADDRESS: '0' }, async (stack) => {
    console.log(`stack ready at ${stack.url} in ${(stack.readyInMs / 1000).toFixed(1)} s`);
    const roots = [...SERVICES.map(({ name }) => name), 'nginx', 'nats-server', 'ferretdb'].map((name) => ({
      name,
      pid: () => stack.pidOf(name),
    }));
    // Idle: 5 s after start, nothing asked.
    const idle = sampler(roots);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    report.idle = idle.stop();
    const whole = sampler(roots);
    for (const { script, env } of phases) {
      const s = sampler(roots);
      const k6 = await runK6(script, { BASE_URL: stack.url, ...env });
      report.phases[script] = {
        k6: { ok: k6.ok, rps: +k6.rps.toFixed(1), p99: +k6.p99.toFixed(1), failed: k6.failed },
        ...s.stop(),
      };
      console.log(`${script}: ${k6.ok ? 'passed' : 'FAILED'}, ${k6.rps.toFixed(1)} req/s, p99 ${k6.p99.toFixed(1)} ms`);
    }
    report.whole = whole.stop();
  });
} finally {
  await stub.close?.();
}

// The voice service's recogniser alone: the Whisper worker's tree while it transcribes.
{
  const child = spawn(process.execPath, ['scripts/bench/voice-speech.mjs', '--runs', '3', '--warmup', '1'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const s = sampler([{ name: 'voice-speech', pid: child.pid }]);
  await once(child, 'exit');
  report.voiceSpeech = s.stop();
}

for (const [phase, figures] of Object.entries({ idle: report.idle, ...report.phases, whole: report.whole })) {
  console.log(`\n${phase}`);
  for (const [name, f] of Object.entries(figures)) {
    if (name === 'k6') continue;
    console.log(
      `  ${name.padEnd(12)} RSS peak ${String(f.peakRssMiB).padStart(6)} MiB, CPU ${f.cpuSeconds} s, mean ${f.meanCores} cores, 1-s peak ${f.peakCores} cores`,
    );
  }
}
console.log(`\nvoice speech parts: ${JSON.stringify(report.voiceSpeech)}`);
if (values.json) writeFileSync(path.resolve(values.json), JSON.stringify(report, null, 2));
