import path from 'node:path';
import os from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import mongoose from 'mongoose';
import { connect } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import { isPortOpen, startFerretDb, startNats, startPostgres } from '../../src/dev-servers.js';

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

  test('when PostgreSQL starts again on its cluster, then it does not run initdb again and FerretDB finds the data', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-pg-'));
    const logFile = path.join(dir, 'postgres.log');
    const withFerretDb = async (work: (client: MongoClient) => Promise<void>) => {
      const postgres = await startPostgres({ dir: path.join(dir, 'postgres'), logFile });
      const ferret = await startFerretDb({ dataDir: path.join(dir, 'ferretdb'), postgresqlUrl: postgres.ferretDbUrl });
      const client = await MongoClient.connect(ferret.uri);
      try {
        await work(client);
      } finally {
        await client.close();
        await ferret.stop();
        await postgres.stop();
      }
    };
    try {
      await withFerretDb((client) =>
        client
          .db('kept')
          .collection('c')
          .insertOne({ _id: 'kept' as never })
          .then(() => {}),
      );
      const started = Date.now();
      await withFerretDb(async (client) => {
        expect(await client.db('kept').collection('c').findOne({})).toEqual({ _id: 'kept' });
      });
      expect(Date.now() - started).toBeLessThan(5000);
      // initdb writes this line once, when it creates the cluster.
      expect(readFileSync(logFile, 'utf8').match(/The files belonging to this database system/g)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
