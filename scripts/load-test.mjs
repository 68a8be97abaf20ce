// A short, bounded k6 run against the whole stack on loopback (part of `npm test`, layer "load"):
// starts the stack on free ports with a temporary data directory, runs infra/k6/quota.js, stops it.
//   node scripts/load-test.mjs [--guests 60] [--script infra/k6/quota.js]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startStack } from '../infra/dist/launcher/stack.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    guests: { type: 'string', default: '60' },
    vus: { type: 'string', default: '10' },
    script: { type: 'string', default: 'infra/k6/quota.js' },
  },
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hhp-load-'));
const stack = await startStack({
  dataDir,
  port: 0,
  ports: 'free',
  env: { ...process.env, LOG_LEVEL: 'warn', IP_DAILY_LIMIT: String(Number(values.guests) * 10) },
  output: { log: () => {}, error: (line) => console.error(line) },
});
let status;
try {
  console.log(`stack ready at ${stack.url} in ${(stack.readyInMs / 1000).toFixed(1)} s`);
  const k6 = spawnSync(path.join(root, '.tools', 'bin', 'k6'), ['run', '--quiet', '--no-usage-report', values.script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: stack.url, GUESTS: values.guests, VUS: values.vus, K6_NO_USAGE_REPORT: 'true' },
  });
  status = k6.status ?? 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
