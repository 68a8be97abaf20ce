// How GET /api/availability costs as booking's seat_claims collection grows with past days' claims (what the
// hourly purge, services/booking/src/holds/purge-past-days.ts, keeps from happening; BENCHMARKS.md, "Booking
// and payments"). Claims of days long past are written straight into the collection; 50 reads per size.
//   node scripts/bench/claims-growth.mjs
import { MongoClient } from 'mongodb';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
const pct = (a, p) => a.sort((x, y) => x - y)[Math.min(a.length - 1, Math.ceil((p / 100) * a.length) - 1)];
await withScratchStack({ MAX_LIVE_HOLDS_PER_ADDRESS: '0' }, async (stack) => {
  const client = new MongoClient(stack.mongodbUri);
  const dbs = await client.db().admin().listDatabases();
  const name = dbs.databases.map((d) => d.name).find((n) => n.includes('booking'));
  const col = client.db(name).collection('seat_claims');
  let stored = 0;
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 20);
  const date = day.toISOString().slice(0, 10);
  for (const size of [0, 10000, 50000]) {
    while (stored < size) {
      const batch = [];
      for (let i = 0; i < 2000; i++, stored++) {
        const d = new Date(Date.UTC(2020, 0, 1) + Math.floor(stored / 20) * 86400000).toISOString().slice(0, 10);
        batch.push({
          _id: `ai|${d}T14:00:00.000Z|${stored}|0`,
          kind: 'claim',
          group: `ai|${d}`,
          key: `ai|${d}T14`,
          seat: 0,
          round: 0,
          holder: 'x',
          expiresAt: new Date(0),
          createdAt: new Date(0),
        });
      }
      await col.insertMany(batch, { ordered: false });
    }
    const times = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      const r = await fetch(`${stack.url}/api/availability?type=ai-session&date=${date}`);
      await r.text();
      times.push(performance.now() - t);
    }
    console.log(
      `${size} past claims: availability p50 ${pct(times, 50).toFixed(1)} ms p99 ${pct(times, 99).toFixed(1)} ms`,
    );
  }
  await client.close();
});
