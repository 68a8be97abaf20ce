// Playwright globalSetup (playwright.config.ts): the whole stack behind nginx on free ports, with a fresh
// data directory, unless E2E_EXTERNAL_URL names a portal that is already running.
// The nginx port comes from the config (E2E_PORT), which also builds `use.baseURL` from it.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '../launcher/stack.js';
import { startStripeMock } from '../testing/stripe-mock.js';
import { E2E_SESSION_JOIN_EARLY_MINUTES, E2E_SESSION_PASS_SECRET } from './session-pass.js';
import { STRIPE_TEST_PUBLISHABLE_KEY, STRIPE_TEST_SECRET_KEY, STRIPE_TEST_WEBHOOK_SECRET } from './stripe.js';
import { E2E_PRACTICE_ADMIN_EMAIL, MAILPIT_URL_VARIABLE } from './mail.js';
import { urlWithLogin } from '../testing/mailpit.js';

declare global {
  var __e2eStack: { stack: Stack; dataDir: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_EXTERNAL_URL) return;
  const port = Number(process.env.E2E_PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('E2E_PORT is not set: run through playwright.config.ts');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hhp-e2e-'));
  // Payments on, against Stripe's own mock of its API (the specs sign webhooks with the secret of ./stripe.ts).
  const stripeMock = await startStripeMock({ logFile: path.join(dataDir, 'logs', 'stripe-mock.log') });
  const started = await startStack({
    dataDir,
    runDir: path.join(dataDir, 'run', 'nginx'),
    port,
    ports: 'free',
    throwawayData: true,
    readyTimeoutMs: 60_000,
    // A build of its own (`vite build --outDir …` and the prerender) when another run may be rebuilding frontend/dist.
    ...(process.env.E2E_FRONTEND_ROOT ? { frontendRoot: process.env.E2E_FRONTEND_ROOT } : {}),
    // Every browser of the suite asks from 127.0.0.1: lift the guard against guestId rotation (the
    // quota's own tests cover it), so the guests' 3 free questions are what the specs see; and the sign-up
    // limits per address and per e-mail (the content service's tests cover them); and the unpaid bookings one
    // address may hold (0: no limit; the booking service's tests cover it), which the booking specs pass.
    env: {
      IP_NEW_GUESTS_PER_HOUR: '100000',
      SIGNUPS_PER_ADDRESS: '100000',
      SIGNUPS_PER_EMAIL: '100000',
      MAX_LIVE_HOLDS_PER_ADDRESS: '0',
      // The practice's console's first admin, invited at start (e2e/practice-console.spec.ts reads her e-mail).
      PRACTICE_FIRST_ADMIN_EMAIL: E2E_PRACTICE_ADMIN_EMAIL,
      ...process.env,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeMock.directUrl,
      // The join tokens of session-pass.spec.ts, and a window wide enough for a booking a week ahead.
      SESSION_PASS_SECRET: E2E_SESSION_PASS_SECRET,
      SESSION_JOIN_EARLY_MINUTES: String(E2E_SESSION_JOIN_EARLY_MINUTES),
      // Always the stack's own Mailpit (./mail.ts), whatever SMTP server the shell names.
      SMTP_URL: undefined,
    },
  }).catch(async (error: unknown) => {
    await stripeMock.stop();
    throw error;
  });
  // global-teardown.ts stops the stack; stripe-mock goes with it.
  const stack: Stack = { ...started, stop: () => started.stop().finally(() => stripeMock.stop()) };
  globalThis.__e2eStack = { stack, dataDir };
  // Playwright's workers inherit the environment of the process that ran the global setup. Mailpit asks for
  // its login, which the URL carries (MailpitClient sends it as a header).
  process.env[MAILPIT_URL_VARIABLE] = urlWithLogin(stack.mailUrl!, stack.mailLogin!);
  console.log(
    `[e2e] stack ready at ${stack.url} in ${(stack.readyInMs / 1000).toFixed(1)} s (data: ${dataDir}; mail: ${stack.mailUrl})`,
  );
}
