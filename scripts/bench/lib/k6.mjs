// Runs k6 scripts from infra/k6. Asynchronous on purpose: a stub server in the calling process must keep
// answering while k6 runs, and a caller may act during the run (kill a replica).
//   runK6(script, env): k6's summary export, with the HTTP figures picked out (the benches' scripts);
//   runKit(script, env, { onStart }): a script of the load-testing kit, its handleSummary data (lib/summary.js
//     writes it to SUMMARY_JSON) and the lines it logged.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs k6 with `args` before the script in a temporary directory of its own; resolves with its exit status. */
async function k6(script, args, env, onStart) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-k6-'));
  try {
    const child = spawn(
      path.join(root, '.tools/bin/k6'),
      ['run', '--quiet', '--no-usage-report', ...args(dir), script],
      // The load generator would run on a machine of its own; here it shares the cores with the stack it
      // measures, so it gets one thread of Go code (the launcher gives FerretDB and nats-server the same).
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { GOMAXPROCS: '1', ...process.env, ...env(dir) } },
    );
    onStart?.(child);
    const [status] = await once(child, 'exit');
    return {
      status,
      dir,
      read: (name) => (existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : undefined),
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export async function runK6(script, env) {
  const run = await k6(
    script,
    (dir) => ['--summary-export', path.join(dir, 'summary.json')],
    () => env,
  );
  try {
    const metrics = JSON.parse(run.read('summary.json')).metrics;
    const d = metrics.http_req_duration;
    return {
      ok: run.status === 0,
      rps: metrics.http_reqs.rate,
      p50: d.med,
      p90: d['p(90)'],
      p99: d['p(99)'],
      max: d.max,
      failed: metrics.http_req_failed.value,
      /** Every metric of the summary, the script's own counters among them. */
      metrics,
    };
  } finally {
    rmSync(run.dir, { recursive: true, force: true });
  }
}

export async function runKit(script, env, { onStart } = {}) {
  const run = await k6(
    script,
    (dir) => ['--log-format', 'raw', '--log-output', `file=${path.join(dir, 'k6.log')}`],
    (dir) => ({ ...env, SUMMARY_JSON: path.join(dir, 'summary.json') }),
    onStart,
  );
  try {
    const summary = run.read('summary.json');
    return {
      status: run.status,
      summary: summary === undefined ? undefined : JSON.parse(summary),
      lines: (run.read('k6.log') ?? '').split('\n').filter(Boolean),
    };
  } finally {
    rmSync(run.dir, { recursive: true, force: true });
  }
}

/** A metric's value from handleSummary data: `count`, `rate`, `p(99)`… (undefined when the metric is absent). */
export const metric = (summary, name, stat) => summary?.metrics?.[name]?.values?.[stat];
