// How POST /api/subscription/sign-in costs as the hour's sign-in counters fill payments' sign_in_counts (the
// per-address and per-e-mail slots, services/payments/src/sign-in/sign-in-limits.ts): slots of other clients
// in the current window are written straight into the collection; 50 requests per size, each a new e-mail
// address, all from the bench's one address (its limit raised to 10,000, so each request inserts its slot).
// BENCHMARKS.md, "Booking and payments".
//   node scripts/bench/sign-in-growth.mjs
import { MongoClient } from 'mongodb';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { startStripeMock } from '../../infra/dist/testing/stripe-mock.js';

const pct = (a, p) => a.sort((x, y) => x - y)[Math.min(a.length - 1, Math.ceil((p / 100) * a.length) - 1)];
const stripeMock = await startStripeMock();
try {
  await withScratchStack(
    {
      SIGN_IN_REQUESTS_PER_ADDRESS: '10000',
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_API_URL: stripeMock.url,
    },
    async (stack) => {
      const client = new MongoClient(stack.mongodbUri);
      const dbs = await client.db().admin().listDatabases();
      const name = dbs.databases.map((d) => d.name).find((n) => n.includes('payments'));
      const col = client.db(name).collection('sign_in_counts');
      const window = Math.floor(Date.now() / 1000 / 3600);
      const expiresAt = new Date(Date.now() + 2 * 3600 * 1000);
      let stored = 0;
      let asked = 0;
      for (const size of [0, 10000, 50000]) {
        while (stored < size) {
          const batch = [];
          for (let i = 0; i < 2000; i++, stored++) {
            const _id = `${window}.ip.other-client-${Math.floor(stored / 20)}.${(stored % 20) + 1}`;
            batch.push({ _id, owner: 'bench', expiresAt });
          }
          await col.insertMany(batch, { ordered: false });
        }
        const times = [];
        for (let i = 0; i < 50; i++) {
          asked += 1;
          const t = performance.now();
          const r = await fetch(`${stack.url}/api/subscription/sign-in`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `bench-${asked}@example.org` }),
          });
          await r.text();
          if (r.status !== 202) throw new Error(`sign-in answered ${r.status}`);
          times.push(performance.now() - t);
        }
        console.log(
          `${size} slots stored: sign-in p50 ${pct(times, 50).toFixed(1)} ms p99 ${pct(times, 99).toFixed(1)} ms`,
        );
      }
      await client.close();
    },
  );
} finally {
  await stripeMock.stop();
}
