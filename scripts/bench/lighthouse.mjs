// Lighthouse scores (BENCHMARKS.md) with Debian's Chromium, mobile settings (Lighthouse's default),
// for the first pages a visitor lands on, served by a fresh stack on loopback. Each page is measured
// --runs times (rounds over all pages, so a burst of load on the shared machine spreads over pages);
// the tables give the median run of each page (by performance score) and every run's score.
//   node scripts/bench/lighthouse.mjs [--pages /,/symptoms,...] [--runs 3]
// Payments are on, as in production, against stripe-mock (.tools/bin, test keys of no account); --payments off
// measures the stack without them (then /book shows its payments-off notice).
// KEEP_REPORTS=1 keeps the JSON reports (their folder is printed) to read the audits behind a score.
// Lighthouse itself is fetched by npx at the pinned version on first use (a benchmark tool, not a
// dependency of the product).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  STRIPE_TEST_PUBLISHABLE_KEY,
  STRIPE_TEST_SECRET_KEY,
  STRIPE_TEST_WEBHOOK_SECRET,
} from '../../infra/dist/e2e/stripe.js';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { startStripeMock } from '../../infra/dist/testing/stripe-mock.js';
import { benchOptions } from './lib/options.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update';
const values = benchOptions({
  pages: '/,/symptoms,/treatments,/videos,/book,/conditions/insomnia',
  runs: '3',
  payments: 'on',
});
const pages = values.pages.split(',');
const runs = Number(values.runs);

const reports = mkdtempSync(path.join(os.tmpdir(), 'hhp-lighthouse-'));
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'speed-index',
  'cumulative-layout-shift',
];
/** page -> one summary per run */
const results = new Map(pages.map((page) => [page, []]));
const loads = [];
const stripeMock = values.payments === 'on' ? await startStripeMock() : undefined;
const env = stripeMock
  ? {
      STRIPE_SECRET_KEY: STRIPE_TEST_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripeMock.directUrl,
    }
  : {};
await withScratchStack(env, async (stack) => {
  for (let run = 1; run <= runs; run++) {
    for (const page of pages) {
      const report = path.join(reports, `${page.replaceAll('/', '_') || 'root'}.${run}.json`);
      const child = spawn(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          `${stack.url}${page}`,
          '--quiet',
          '--output=json',
          `--output-path=${report}`,
          '--only-categories=performance,accessibility,best-practices,seo',
          `--chrome-flags=${CHROME_FLAGS}`,
        ],
        { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } },
      );
      const [status] = await once(child, 'exit');
      if (status !== 0) throw new Error(`lighthouse failed on ${page} (exit ${status})`);
      loads.push(os.loadavg()[0]);
      const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
      const score = (id) => Math.round(categories[id].score * 100);
      results.get(page).push({
        scores: [score('performance'), score('accessibility'), score('best-practices'), score('seo')],
        metrics: METRICS.map((id) => audits[id].displayValue),
      });
    }
  }
}).finally(() => stripeMock?.stop());
if (process.env.KEEP_REPORTS) console.log(`reports: ${reports}`);
else rmSync(reports, { recursive: true, force: true });

const median = (list) => [...list].sort((a, b) => a.scores[0] - b.scores[0])[Math.floor((list.length - 1) / 2)];
console.log(`| page | performance (median) | runs | accessibility | best practices | SEO |`);
console.log('|---|---|---|---|---|---|');
for (const [page, list] of results) {
  const [performance, ...others] = median(list).scores;
  console.log(`| ${[page, performance, list.map((r) => r.scores[0]).join(', '), ...others].join(' | ')} |`);
}
console.log('\n| page (median run) | FCP | LCP | TBT | Speed Index | CLS |');
console.log('|---|---|---|---|---|---|');
for (const [page, list] of results) console.log(`| ${[page, ...median(list).metrics].join(' | ')} |`);
const sorted = [...loads].sort((a, b) => a - b);
console.log(`\npayments ${values.payments}`);
console.log(
  `\n1-min load average after each run: min ${sorted[0].toFixed(2)}, median ${sorted[Math.floor(sorted.length / 2)].toFixed(2)}, max ${sorted.at(-1).toFixed(2)} (${os.cpus().length} cores)`,
);
