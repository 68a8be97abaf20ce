// End-to-end tests: Debian's Chromium against the whole stack behind nginx (DESIGN.md, "Test layers").
// globalSetup starts the stack (infra/src/e2e, built by `tsc -b`) on the port chosen here, so every
// worker, which loads this file again, builds the same baseURL. E2E_EXTERNAL_URL=http://localhost:8080
// runs the specs against a portal started by `npm start` instead.
import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium';

function freePortSync(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

// Evaluated first in the runner, whose environment the workers inherit: the port is chosen once.
process.env.E2E_PORT ??= freePortSync();
const baseURL = process.env.E2E_EXTERNAL_URL ?? `http://localhost:${process.env.E2E_PORT}`;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};
const OUTAGE_SPECS = /outage-[\w-]*\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Not test-results/ itself: Playwright empties its output folder, and other layers write there.
  outputDir: 'test-results/e2e-artifacts',
  globalSetup: './infra/dist/e2e/global-setup.js',
  globalTeardown: './infra/dist/e2e/global-teardown.js',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: OUTAGE_SPECS,
      use: chromium,
    },
    {
      // The specs that pause the database or NATS (e2e/support/outage.ts) pause it for every page at once: they run
      // after all the others, one at a time. Alone: `... test e2e/outage-sentences.spec.ts --no-deps`.
      name: 'outages',
      testMatch: OUTAGE_SPECS,
      dependencies: ['chromium'],
      fullyParallel: false,
      use: chromium,
    },
  ],
});
