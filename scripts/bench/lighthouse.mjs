// Lighthouse scores (BENCHMARKS.md) with Debian's Chromium, mobile settings (Lighthouse's default),
// for /, /symptoms and one condition page, served by a fresh stack on loopback.
//   node scripts/bench/lighthouse.mjs [--pages /,/symptoms,/conditions/insomnia]
// Lighthouse itself is fetched by npx at the pinned version on first use (a benchmark tool, not a
// dependency of the product).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update';
const { values } = parseArgs({
  options: { pages: { type: 'string', default: '/,/symptoms,/conditions/insomnia' } },
});

const reports = mkdtempSync(path.join(os.tmpdir(), 'hhp-lighthouse-'));
const rows = [];
const metrics = [];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'speed-index',
  'cumulative-layout-shift',
];
await withScratchStack({}, async (stack) => {
  for (const page of values.pages.split(',')) {
    const report = path.join(reports, `${page.replaceAll('/', '_') || 'root'}.json`);
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
    const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
    const score = (id) => Math.round(categories[id].score * 100);
    rows.push([page, score('performance'), score('accessibility'), score('best-practices'), score('seo')]);
    metrics.push([page, ...METRICS.map((id) => audits[id].displayValue)]);
  }
});
if (!process.env.KEEP_REPORTS) rmSync(reports, { recursive: true, force: true });
console.log('| page | performance | accessibility | best practices | SEO |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log('\n| page | FCP | LCP | TBT | Speed Index | CLS |');
console.log('|---|---|---|---|---|---|');
for (const row of metrics) console.log(`| ${row.join(' | ')} |`);
