// A short, bounded k6 run against the whole stack on loopback (part of `npm test`, layer "load"): starts
// the stack on free ports with a temporary data directory, runs each script of the k6 kit in turn with
// PROFILE=smoke (by default the quota, the booking race, the AI answer stream and the content reads; see
// infra/k6/README.md), stops it. The run fails if any script's thresholds fail. The load generator is let
// past the per-address guards the way any load test is: LOAD_TEST_ALLOWLIST names its address, and nothing
// else about the stack is relaxed.
//   node scripts/load-test.mjs [--guests 60] [--vus 10] [--profile smoke] [--summary-dir DIR]
//     [--script infra/k6/quota.js --script infra/k6/booking-race.js …]
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { withScratchStack } from '../infra/dist/launcher/scratch-stack.js';
import { startStripeMock } from '../infra/dist/testing/stripe-mock.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    guests: { type: 'string', default: '60' },
    vus: { type: 'string', default: '10' },
    profile: { type: 'string', default: 'smoke' },
    /** Where each script's summary goes as JSON (<script>.json); unset: not kept. */
    'summary-dir': { type: 'string' },
    script: {
      type: 'string',
      multiple: true,
      default: ['infra/k6/quota.js', 'infra/k6/booking-race.js', 'infra/k6/ai-stream.js', 'infra/k6/content.js'],
    },
  },
});
if (values['summary-dir']) mkdirSync(values['summary-dir'], { recursive: true });

// Payments on, against stripe-mock: with payments off booking holds no slot (it asks payments first), and the
// booking race would race for nothing.
const stripeMock = await startStripeMock();
const status = await withScratchStack(
  {
    // k6 asks from 127.0.0.1 (nginx sees it so): its guests, holds and sign-ups are not counted per address.
    LOAD_TEST_ALLOWLIST: '127.0.0.1,::1',
    STRIPE_SECRET_KEY: 'sk_test_loadtest',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_loadtest',
    STRIPE_API_URL: stripeMock.url,
  },
  async (stack) => {
    console.log(`stack ready at ${stack.url} in ${(stack.readyInMs / 1000).toFixed(1)} s`);
    let status = 0;
    for (const script of values.script) {
      console.log(`k6 run ${script} (PROFILE=${values.profile})`);
      const summary = values['summary-dir']
        ? { SUMMARY_JSON: path.resolve(values['summary-dir'], `${path.basename(script, '.js')}.json`) }
        : {};
      const k6 = spawnSync(path.join(root, '.tools', 'bin', 'k6'), ['run', '--quiet', '--no-usage-report', script], {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          BASE_URL: stack.url,
          PROFILE: values.profile,
          GUESTS: values.guests,
          VUS: values.vus,
          K6_NO_USAGE_REPORT: 'true',
          ...summary,
        },
      });
      if (k6.status !== 0) status = k6.status ?? 1;
    }
    return status;
  },
).finally(() => stripeMock.stop());
process.exit(status);
