// Runs a script of the k6 kit (infra/k6) and returns its handleSummary data (lib/summary.js writes it to
// SUMMARY_JSON) and the lines the script logged (console.log, raw). Asynchronous: the caller keeps serving
// (a stub model) and can act during the run (kill a replica); `onStart` gets the child process.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './k6.mjs';

export async function runKit(script, env, { onStart } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-k6-kit-'));
  const summaryFile = path.join(dir, 'summary.json');
  const logFile = path.join(dir, 'k6.log');
  try {
    const child = spawn(
      path.join(root, '.tools/bin/k6'),
      ['run', '--quiet', '--no-usage-report', '--log-format', 'raw', '--log-output', `file=${logFile}`, script],
      // One thread of Go code for the load generator, which shares the cores with the stack it loads.
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { GOMAXPROCS: '1', ...process.env, ...env, SUMMARY_JSON: summaryFile },
      },
    );
    onStart?.(child);
    const [status] = await once(child, 'exit');
    const summary = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : undefined;
    const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
    return { status, summary, lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A metric's value from handleSummary data: `count`, `rate`, `p(99)`… (undefined when the metric is absent). */
export const metric = (summary, name, stat) => summary?.metrics?.[name]?.values?.[stat];
