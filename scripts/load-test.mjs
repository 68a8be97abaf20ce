// A short, bounded k6 run against the whole stack on loopback (part of `npm test`, layer "load"):
// starts the stack on free ports with a temporary data directory, runs each k6 script in turn (by default
// infra/k6/quota.js), stops it. The run fails if any script's thresholds fail.
//   node scripts/load-test.mjs [--guests 60] [--script infra/k6/quota.js --script infra/k6/booking-race.js]
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
    script: { type: 'string', multiple: true, default: ['infra/k6/quota.js'] },
  },
});

const status = await withScratchStack(
  {
    // Every guest asks from 127.0.0.1: the guard against guestId rotation must admit them all.
    IP_NEW_GUESTS_PER_HOUR: String(Math.max(100, Number(values.guests) * 2)),
    // Every racer for a slot books from 127.0.0.1 too (booking-race.js): no limit on one address's holds.
    MAX_LIVE_HOLDS_PER_ADDRESS: '0',
  },
  async (stack) => {
    console.log(`stack ready at ${stack.url} in ${(stack.readyInMs / 1000).toFixed(1)} s`);
    let status = 0;
    for (const script of values.script) {
      console.log(`k6 run ${script}`);
      const k6 = spawnSync(path.join(root, '.tools', 'bin', 'k6'), ['run', '--quiet', '--no-usage-report', script], {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          BASE_URL: stack.url,
          GUESTS: values.guests,
          VUS: values.vus,
          K6_NO_USAGE_REPORT: 'true',
        },
      });
      if (k6.status !== 0) status = k6.status ?? 1;
    }
    return status;
  },
);
process.exit(status);
