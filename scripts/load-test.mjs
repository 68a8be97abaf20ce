// A short, bounded k6 run against the whole stack on loopback (part of `npm test`, layer "load"):
// starts the stack on free ports with a temporary data directory, runs infra/k6/quota.js, stops it.
//   node scripts/load-test.mjs [--guests 60] [--script infra/k6/quota.js]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { withScratchStack } from '../infra/dist/launcher/scratch-stack.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    guests: { type: 'string', default: '60' },
    vus: { type: 'string', default: '10' },
    script: { type: 'string', default: 'infra/k6/quota.js' },
  },
});

const status = await withScratchStack(
  // Every guest asks from 127.0.0.1: the guard against guestId rotation must admit them all.
  { IP_NEW_GUESTS_PER_HOUR: String(Math.max(100, Number(values.guests) * 2)) },
  async (stack) => {
    console.log(`stack ready at ${stack.url} in ${(stack.readyInMs / 1000).toFixed(1)} s`);
    const k6 = spawnSync(
      path.join(root, '.tools', 'bin', 'k6'),
      ['run', '--quiet', '--no-usage-report', values.script],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          BASE_URL: stack.url,
          GUESTS: values.guests,
          VUS: values.vus,
          K6_NO_USAGE_REPORT: 'true',
        },
      },
    );
    return k6.status ?? 1;
  },
);
process.exit(status);
