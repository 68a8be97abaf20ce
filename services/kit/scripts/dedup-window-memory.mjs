// What the stream's duplicate window costs nats-server: publishes N event-sized messages to a fresh
// nats-server twice, without and with a unique msgID each, and prints the server's resident memory growth.
// The difference is what remembering N ids for the window costs (see STREAM_CONFIG in src/events/stream.ts).
//   ./node_modules/.bin/tsc -b && ./node_modules/.bin/node services/kit/scripts/dedup-window-memory.mjs [N=200000]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { connect, nanos } from '@nats-io/transport-node';
import { StorageType, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { startNats } from '../../../infra/dist/dev-servers.js';

const N = Number(process.argv[2] ?? 200_000);
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// An ai.v1.answered envelope's size.
const body = JSON.stringify({
  id: randomUUID(),
  type: 'ai.v1.answered',
  occurredAt: new Date().toISOString(),
  data: { visitor: 'a'.repeat(64), mode: 'offline', streamed: false, isSubscriber: false, latencyMs: 12, sources: 2 },
});

const growth = {};
for (const withIds of [false, true]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-dedup-'));
  const nats = await startNats({ storeDir: dir });
  const nc = await connect({ servers: nats.url });
  const jsm = await jetstreamManager(nc);
  const js = jetstream(nc);
  await jsm.streams.add({
    name: 'DEDUP',
    subjects: ['dedup.>'],
    storage: StorageType.File,
    duplicate_window: nanos(24 * 60 * 60 * 1000),
  });
  await sleep(500);
  const before = rssKb(nats.process.child.pid);
  for (let i = 0; i < N; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, N - i) }, () =>
      js.publish('dedup.a', body, withIds ? { msgID: randomUUID() } : {}),
    );
    await Promise.all(batch);
  }
  await sleep(1000);
  const after = rssKb(nats.process.child.pid);
  growth[withIds] = after - before;
  console.log(`${withIds ? 'a msgID each' : 'no msgID    '}: ${N} messages, nats-server RSS ${before} -> ${after} kB`);
  await nc.close();
  await nats.stop();
  rmSync(dir, { recursive: true, force: true });
}
const perId = ((growth.true - growth.false) * 1024) / N;
console.log(`remembering an id for the duplicate window: ~${Math.round(perId)} bytes`);
