// The quota under a day's traffic (BENCHMARKS.md, "The quota store"), on loopback, bounded in time. One
// scratch stack with the offline engine and production defaults:
//  1. Cost as the data grows: GET /api/quota and POST /api/query-ai at RATE requests/s with 1k, 10k and
//     100k slots stored in the quota bucket (filled straight into the bucket, as that many questions would).
//  2. Bursts: infra/k6/burst.js (each guest sends 4 JSON and 4 streamed questions and 2 crisis messages at
//     once) with more and more guests; the largest that ends with no 5xx and every guest given exactly 3.
//  3. Recovery: POST /api/query-ai far beyond capacity for a while, then how long until GET /api/quota
//     answers 200 in under 50 ms ten times in a row.
//   node scripts/bench/quota.mjs [--rate 200] [--duration 10s] [--sizes 1000,10000,100000] [--bursts 60,120,240,480] [--overload-rate 2000]
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { natsInboxPrefix } from '@hhp/proto';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { runK6 } from './lib/k6.mjs';
import { describeMachine } from './lib/machine.mjs';
import { benchOptions, ms } from './lib/options.mjs';

const values = benchOptions({
  rate: '200',
  duration: '10s',
  sizes: '1000,10000,100000',
  bursts: '60,120,240,480',
  'overload-rate': '2000',
  'overload-duration': '10s',
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const guestId = () => Array.from({ length: 21 }, () => ALPHABET[Math.floor(Math.random() * 64)]).join('');
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
const sleep = (n) => new Promise((resolve) => setTimeout(resolve, n));

const machineBefore = await describeMachine();
const sizes = [];
const bursts = [];
let recovery;
await withScratchStack({ IP_NEW_GUESTS_PER_HOUR: '100000000' }, async (stack) => {
  // As ai-query (nats-server refuses anonymous clients): the bench writes into its bucket.
  const nc = await connect({
    servers: stack.natsUrl,
    ...stack.natsUser('ai-query'),
    inboxPrefix: natsInboxPrefix('ai-query'),
  });
  try {
    const kv = await new Kvm(nc).open('ai_quota');
    // 1. Slots stored for guests who asked 1 to 3 questions; the readers ask about some of them.
    let stored = 0;
    const readers = [];
    for (const size of values.sizes.split(',').map(Number)) {
      while (stored < size) {
        const batch = [];
        for (let i = 0; i < 1000 && stored < size; i++) {
          const id = guestId();
          const used = 1 + (stored % 3);
          for (let n = 1; n <= used && stored < size; n++, stored++)
            batch.push(kv.create(`${today}.guest=3a${id}.${n}`, 'bench'));
          if (readers.length < 200) readers.push(id);
        }
        await Promise.all(batch);
      }
      const status = await kv.status();
      const env = { BASE_URL: stack.url, RATE: values.rate, DURATION: values.duration };
      await runK6('infra/k6/quota-read.js', { ...env, DURATION: '3s', GUEST_IDS: readers.join(',') }); // warm-up
      const read = await runK6('infra/k6/quota-read.js', { ...env, GUEST_IDS: readers.join(',') });
      const ask = await runK6('infra/k6/ai-query.js', env);
      sizes.push({ size, keys: status.values, read, ask });
    }

    // 2. Bursts of growing size.
    for (const guests of values.bursts.split(',').map(Number)) {
      const r = await runK6('infra/k6/burst.js', {
        BASE_URL: stack.url,
        GUESTS: String(guests),
        VUS: String(Math.max(12, guests / 5)),
      });
      const count = (name) => r.metrics[name]?.count ?? 0;
      bursts.push({
        guests,
        requests: r.metrics.http_reqs.count,
        errors: count('server_errors'),
        shed: count('shed_503'),
        exact: count('guests_given_exactly_3'),
        missed: count('crises_not_answered'),
        p99: r.p99,
        ok: r.ok,
      });
      await sleep(2000);
    }

    // 3. Overload, then recovery.
    const overload = await runK6('infra/k6/ai-query.js', {
      BASE_URL: stack.url,
      RATE: values['overload-rate'],
      DURATION: values['overload-duration'],
      VUS: '200',
      MAX_VUS: '1000',
    });
    const stopped = performance.now();
    let streak = 0;
    let probes = 0;
    while (streak < 10 && performance.now() - stopped < 60_000) {
      const started = performance.now();
      const res = await fetch(`${stack.url}/api/quota?guestId=${guestId()}`);
      await res.arrayBuffer();
      const took = performance.now() - started;
      probes += 1;
      streak = res.status === 200 && took < 50 ? streak + 1 : 0;
      await sleep(100);
    }
    recovery = {
      seconds: (performance.now() - stopped) / 1000,
      probes,
      sent: overload.metrics.http_reqs.count,
      rps: overload.rps,
      failed: overload.failed,
      p99: overload.p99,
    };
  } finally {
    await nc.close();
  }
});
const machineAfter = await describeMachine();

console.log(`\nThe machine before: ${machineBefore}\nThe machine after: ${machineAfter}`);
console.log(`\n1. At ${values.rate} requests/s for ${values.duration}, by slots stored in the quota bucket`);
console.log('| slots stored | GET /api/quota p50 | p99 | failed | POST /api/query-ai p50 | p99 | failed |');
console.log('|---|---|---|---|---|---|---|');
for (const { size, read, ask } of sizes)
  console.log(
    `| ${size} | ${ms(read.p50)} | ${ms(read.p99)} | ${(read.failed * 100).toFixed(2)}% | ${ms(ask.p50)} | ${ms(ask.p99)} | ${(ask.failed * 100).toFixed(2)}% |`,
  );
console.log('\n2. Bursts (each guest: 4 JSON + 4 streamed questions + 2 crisis messages at once)');
console.log('| guests | requests | 5xx (of which 503) | guests given exactly 3 | crises not answered | p99 |');
console.log('|---|---|---|---|---|---|');
for (const b of bursts)
  console.log(
    `| ${b.guests} | ${b.requests} | ${b.errors} (${b.shed}) | ${b.exact} of ${b.guests} | ${b.missed} | ${ms(b.p99)} |`,
  );
const largest = bursts.filter((b) => b.errors === 0 && b.exact === b.guests && b.missed === 0).at(-1);
console.log(
  `Largest burst with no 5xx and every guest given exactly 3: ${largest ? `${largest.guests} guests` : 'none'}`,
);
console.log(
  `\n3. Overload: POST /api/query-ai at ${values['overload-rate']}/s for ${values['overload-duration']} (${recovery.sent} sent, ${recovery.rps.toFixed(0)}/s served, ${(recovery.failed * 100).toFixed(1)}% failed, p99 ${ms(recovery.p99)}); back to normal (10 × GET /api/quota 200 in < 50 ms) ${recovery.seconds.toFixed(1)} s after it stopped`,
);
