import path from 'node:path';
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import mongoose from 'mongoose';
import { connect } from '@nats-io/transport-node';
import { isPortOpen, startNats } from '../../src/dev-servers.js';

describe('dev servers', () => {
  test('when the integration setup ran, then FerretDB answers a ping and stores a document', async () => {
    const conn = await mongoose
      .createConnection(process.env.MONGODB_URI!, { dbName: `it-dev-servers-${process.pid}` })
      .asPromise();
    try {
      await conn.db!.admin().ping();
      await conn.db!.collection('probe').insertOne({ hello: 'world' });
      expect(await conn.db!.collection('probe').countDocuments()).toBe(1);
    } finally {
      await conn.dropDatabase();
      await conn.close();
    }
  });

  test('when nats-server is restarted, then it comes back on the same port', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-nats-'));
    const nats = await startNats({ storeDir: dir });
    try {
      const nc = await connect({ servers: nats.url });
      await nc.flush();
      await nc.close();
      await nats.stop();
      expect(await isPortOpen(nats.port)).toBe(false);
      await nats.restart();
      const again = await connect({ servers: nats.url });
      await again.flush();
      await again.close();
    } finally {
      await nats.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
