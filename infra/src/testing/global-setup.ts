// jest globalSetup for the integration project: one FerretDB and one nats-server for every suite
// (each suite uses its own database names), unless MONGODB_URI and NATS_URL point at servers already.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFerretDb, startNats, type FerretDb, type NatsServer } from '../dev-servers.js';

declare global {
  var __integrationServers: { ferret?: FerretDb; nats?: NatsServer; dir: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-it-'));
  const servers: NonNullable<typeof globalThis.__integrationServers> = { dir };
  globalThis.__integrationServers = servers;
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
