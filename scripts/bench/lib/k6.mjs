// Runs a k6 script from infra/k6 and returns the figures of its summary. Asynchronous on purpose: a stub
// server in the calling process must keep answering while k6 runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function runK6(script, env) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-k6-'));
  const summary = path.join(dir, 'summary.json');
  try {
    const child = spawn(
      path.join(root, '.tools/bin/k6'),
      ['run', '--quiet', '--no-usage-report', '--summary-export', summary, script],
      // The load generator would run on a machine of its own; here it shares the cores with the stack it
      // measures, so it gets one thread of Go code (the launcher gives FerretDB and nats-server the same).
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { GOMAXPROCS: '1', ...process.env, ...env } },
    );
    const [status] = await once(child, 'exit');
    const metrics = JSON.parse(readFileSync(summary, 'utf8')).metrics;
    const d = metrics.http_req_duration;
    return {
      ok: status === 0,
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
    rmSync(dir, { recursive: true, force: true });
  }
}
