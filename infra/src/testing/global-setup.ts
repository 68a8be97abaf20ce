// jest globalSetup for the integration project: one database server and one nats-server for every suite
// (each suite uses its own database names). In order of preference: the servers MONGODB_URI and NATS_URL
// name; MongoDB 7 and NATS in containers when a Docker engine is reachable (testcontainers); the local
// FerretDB and nats-server that the bootstrap built.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFerretDb, startNats, type FerretDb, type NatsServer } from '../dev-servers.js';
import { dockerConfigured, startContainers, type Containers } from './containers.js';

declare global {
  var __integrationServers: { ferret?: FerretDb; nats?: NatsServer; containers?: Containers; dir: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-it-'));
  const servers: NonNullable<typeof globalThis.__integrationServers> = { dir };
  globalThis.__integrationServers = servers;
  if (!process.env.MONGODB_URI && !process.env.NATS_URL && dockerConfigured()) {
    servers.containers = await startContainers();
    if (servers.containers) {
      process.env.MONGODB_URI = servers.containers.mongodbUri;
      process.env.NATS_URL = servers.containers.natsUrl;
    }
  }
  if (!process.env.MONGODB_URI) {
    servers.ferret = await startFerretDb({
      dataDir: path.join(dir, 'ferretdb'),
      logFile: path.join(dir, 'ferretdb.log'),
    });
    process.env.MONGODB_URI = servers.ferret.uri;
  }
  if (!process.env.NATS_URL) {
    servers.nats = await startNats({ storeDir: path.join(dir, 'nats'), logFile: path.join(dir, 'nats.log') });
    process.env.NATS_URL = servers.nats.url;
  }
}
