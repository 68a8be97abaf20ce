// The embedded database's backends compared (BENCHMARKS.md, "The embedded database: SQLite or PostgreSQL
// backend"): FerretDB 1.24 (.tools/bin/ferretdb) on SQLite files and on Debian's PostgreSQL 15, each
// started as the stack starts it (infra/src/dev-servers.ts: same arguments and settings), filled with
// quota-like and booking-like documents, and asked the queries the services ask, one at a time:
//   node scripts/bench/store.mjs [--sizes 1000,10000,50000] [--ops 200] [--max-seconds 8] [--backends sqlite,postgresql]
// Per query and size: p50 and p99 of the round trip from this client, and the servers' CPU per query
// (FerretDB, plus every PostgreSQL process on that backend), which moves less with the machine's noise.
// A query is repeated --ops times or for --max-seconds, whichever ends first (p99 of few samples is
// their maximum). Run with Node 24 after `npx tsc -b`: `./node_modules/.bin/node scripts/bench/store.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { startFerretDb, startPostgres } from '../../infra/dist/dev-servers.js';
import { describeMachine } from './lib/machine.mjs';
import { benchOptions, percentile } from './lib/options.mjs';

const values = benchOptions({
  sizes: '1000,10000,50000',
  ops: '200',
  'max-seconds': '8',
  backends: 'sqlite,postgresql',
});
const sizes = values.sizes.split(',').map(Number);
const maxOps = Number(values.ops);
const maxMs = Number(values['max-seconds']) * 1000;
const backends = values.backends.split(',');
const WARMUP = 5;
const DAY = '2026-11-25';
const CLOCK_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

// --- the documents ------------------------------------------------------------------------------------

/** A free question taken, as ai-query stores it: `<day>|<key>|<n>`, three per guest, counted by `counter`. */
const slotOf = (i) => {
  const guest = `guest:${String(Math.floor(i / 3)).padStart(21, 'G')}`;
  return {
    _id: `${DAY}|${guest}|${(i % 3) + 1}`,
    counter: `${DAY}|${guest}`,
    day: DAY,
    takenAt: new Date(Date.UTC(2026, 10, 25) + i * 1000),
    owner: `req-${i.toString(36)}`,
  };
};

/** A session booked: one per slot (unique), the visitor's name and e-mail (unique here), the server's price. */
const bookingOf = (i) => ({
  _id: new ObjectId(),
  slotKey: `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}|${i}`,
  email: `visitor${i}@example.com`,
  name: `Visitor ${i}`,
  modality: ['acupuncture', 'herbal', 'nutrition', 'ai-session'][i % 4],
  durationMinutes: 60,
  amountCents: 12_000,
  status: 'confirmed',
  paymentIntentId: `pi_${i.toString(36).padStart(12, '0')}`,
  createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
});

// --- measuring ----------------------------------------------------------------------------------------

/** User + system CPU in ms of `pid` and every process below it (PostgreSQL's backends). */
function treeCpuMs(pid) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(name), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Gone meanwhile.
    }
  }
  let ticks = 0;
  const walk = (p) => {
    ticks += stats.get(p)?.ticks ?? 0;
    for (const [child, { ppid }] of stats) if (ppid === p) walk(child);
  };
  walk(pid);
  return ticks * CLOCK_TICK_MS;
}

async function measure(serverPids, operation) {
  for (let i = 0; i < WARMUP; i++) await operation(i);
  const cpuBefore = serverPids.reduce((sum, pid) => sum + treeCpuMs(pid), 0);
  const times = [];
  const started = performance.now();
  for (let i = WARMUP; times.length < maxOps && performance.now() - started < maxMs; i++) {
    const t = performance.now();
    await operation(i);
    times.push(performance.now() - t);
  }
  const cpu = serverPids.reduce((sum, pid) => sum + treeCpuMs(pid), 0) - cpuBefore;
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 50), p99: percentile(times, 99), cpuPerOp: cpu / times.length };
}

/** Random numbers that are the same on every backend. */
function random(seed) {
  let state = seed;
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

const QUERIES = [
  ['findOne by _id (slots)', (db, size, pick) => () => db.slots.findOne({ _id: slotOf(pick(size))._id })],
  [
    'countDocuments on an indexed field (slots.counter)',
    (db, size, pick) => () => db.slots.countDocuments({ counter: slotOf(pick(size)).counter }),
  ],
  [
    'find by an indexed unique field (bookings.email)',
    (db, size, pick) => () => db.bookings.find({ email: `visitor${pick(size)}@example.com` }).toArray(),
  ],
  [
    'updateOne by _id (bookings)',
    (db, size, pick, ids) => () =>
      db.bookings.updateOne({ _id: ids[pick(ids.length)] }, { $set: { status: 'reminded', updatedAt: new Date() } }),
  ],
  [
    'insertOne, unique indexes (bookings)',
    (db, size, _pick, _ids, fresh) => () => db.bookings.insertOne(bookingOf(fresh())),
  ],
  [
    'find _id $in 3 ids (slots; for reference)',
    (db, size, pick) => () =>
      db.slots.find({ _id: { $in: [pick(size), pick(size), pick(size)].map((i) => slotOf(i)._id) } }).toArray(),
  ],
];

/** How the backend runs the reads (FerretDB's explain): whether the filter reached the backend, and its plan. */
const PLANS = [
  [
    'findOne by _id',
    (db) =>
      db.slots
        .find({ _id: slotOf(1)._id })
        .limit(1)
        .explain(),
  ],
  [
    'countDocuments (the driver sends $match + $group)',
    (db) =>
      db.slots
        .aggregate([{ $match: { counter: slotOf(1).counter } }, { $group: { _id: 1, n: { $sum: 1 } } }])
        .explain(),
  ],
  ['find by email', (db) => db.bookings.find({ email: 'visitor1@example.com' }).explain()],
];

function describePlan(explained) {
  const plan = explained.queryPlanner?.Plan;
  // PostgreSQL's EXPLAIN as JSON; SQLite's EXPLAIN QUERY PLAN as lines ("detail=SCAN <table>").
  const shape = Array.isArray(plan)
    ? plan.map((line) => line.replace(/^.*detail=/, '')).join('; ')
    : `${plan['Node Type']}${plan['Index Name'] ? ` using ${plan['Index Name']}` : ''}${plan.Filter ? ` where ${plan.Filter}` : ''}`;
  return `filterPushdown ${explained.filterPushdown}; ${shape}`;
}

/** Adds documents until each collection holds `size`; returns the ids of the bookings' first `size`. */
async function fill(db, from, size) {
  for (let start = from; start < size; start += 1000) {
    const end = Math.min(size, start + 1000);
    const range = Array.from({ length: end - start }, (_, k) => start + k);
    await db.slots.insertMany(range.map(slotOf), { ordered: false });
    await db.bookings.insertMany(range.map(bookingOf), { ordered: false });
  }
}

async function runBackend(backend) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `hhp-store-bench-${backend}-`));
  const servers = [];
  try {
    let postgresqlUrl;
    if (backend === 'postgresql') {
      const pg = await startPostgres({ dir: path.join(dir, 'postgres'), logFile: path.join(dir, 'postgres.log') });
      servers.push(pg);
      postgresqlUrl = pg.ferretDbUrl;
    } else if (backend !== 'sqlite') {
      throw new Error(`unknown backend ${backend}: sqlite or postgresql`);
    }
    const ferret = await startFerretDb({
      dataDir: path.join(dir, 'ferretdb'),
      logFile: path.join(dir, 'ferretdb.log'),
      ...(postgresqlUrl ? { postgresqlUrl } : {}),
    });
    servers.unshift(ferret);
    const pids = servers.map((s) => s.process.child.pid);
    const client = await MongoClient.connect(ferret.uri);
    const results = new Map();
    try {
      const database = client.db('store-bench');
      const db = { slots: database.collection('slots'), bookings: database.collection('bookings') };
      await db.slots.createIndex({ counter: 1 });
      await db.bookings.createIndex({ slotKey: 1 }, { unique: true });
      await db.bookings.createIndex({ email: 1 }, { unique: true });
      let filled = 0;
      let next = 10_000_000; // fresh bookings' numbers, above any size
      for (const size of sizes) {
        const t = performance.now();
        await fill(db, filled, size);
        filled = size;
        const loadSeconds = (performance.now() - t) / 1000;
        const ids = (
          await db.bookings
            .find({}, { projection: { _id: 1 } })
            .limit(size)
            .toArray()
        ).map((d) => d._id);
        for (const [name, build] of QUERIES) {
          const pick = random(size);
          const result = await measure(
            pids,
            build(db, size, pick, ids, () => next++),
          );
          results.set(`${name}|${size}`, result);
          console.error(
            `${backend} ${size}: ${name}: p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ` +
              `server CPU ${result.cpuPerOp.toFixed(2)} ms/op (n=${result.n}; loaded in ${loadSeconds.toFixed(1)} s)`,
          );
        }
      }
      for (const [name, explain] of PLANS) console.log(`plan, ${backend}: ${name}: ${describePlan(await explain(db))}`);
    } finally {
      await client.close();
    }
    return results;
  } finally {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const machine = {
  uptime: execFileSync('uptime', { encoding: 'utf8' }).trim(),
  nproc: execFileSync('nproc', { encoding: 'utf8' }).trim(),
  loopback: await describeMachine(),
};
console.log(`before: ${machine.uptime}; nproc ${machine.nproc}; ${machine.loopback}`);
const byBackend = new Map();
for (const backend of backends) byBackend.set(backend, await runBackend(backend));
console.log(`after:  ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`);

const fmt = (r) => (r ? `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)} / ${r.cpuPerOp.toFixed(2)}` : '');
const header = ['query', 'docs', ...backends.map((b) => `${b}: p50 / p99 / server CPU (ms)`)];
if (byBackend.has('sqlite') && byBackend.has('postgresql')) header.push('server CPU sqlite ÷ postgresql');
console.log(`\n| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
for (const [name] of QUERIES) {
  for (const size of sizes) {
    const row = [
      name,
      size.toLocaleString('en-US'),
      ...backends.map((b) => fmt(byBackend.get(b).get(`${name}|${size}`))),
    ];
    if (header.length > row.length) {
      const ratio =
        byBackend.get('sqlite').get(`${name}|${size}`).cpuPerOp /
        byBackend.get('postgresql').get(`${name}|${size}`).cpuPerOp;
      row.push(`${ratio.toFixed(1)}×`);
    }
    console.log(`| ${row.join(' | ')} |`);
  }
}
