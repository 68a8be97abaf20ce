// jest globalSetup for the integration project: one database server and one nats-server for every suite
// (each suite uses its own database names). In order of preference: the servers MONGODB_URI and NATS_URL
// name; MongoDB 7 and NATS in containers when a Docker engine is reachable (testcontainers); the local
// FerretDB on PostgreSQL (as `npm start` runs it: MONGODB_URI carries the login of a password made for the
// run, without which FerretDB serves nothing) and nats-server that the bootstrap installed, which refuses
// anonymous connections as `npm start`'s does (nats-users.ts: NATS_URL carries the test superuser).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  startFerretDb,
  startNats,
  startPostgres,
  type FerretDb,
  type NatsServer,
  type PostgresServer,
} from '../dev-servers.js';
import { dockerConfigured, startContainers, type Containers } from './containers.js';
import { exportTestNatsUsers, testNatsUsers } from './nats-users.js';

declare global {
  var __integrationServers:
    | { postgres?: PostgresServer; ferret?: FerretDb; nats?: NatsServer; containers?: Containers; dir: string }
    | undefined;
}

export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-it-'));
  const servers: NonNullable<typeof globalThis.__integrationServers> = { dir };
  globalThis.__integrationServers = servers;
  // Every service's own user and the test superuser (nats-users.ts); anonymous connections are refused.
  const { users, passwords } = testNatsUsers();
  if (!process.env.MONGODB_URI && !process.env.NATS_URL && dockerConfigured()) {
    servers.containers = await startContainers(users);
    if (servers.containers) {
      process.env.MONGODB_URI = servers.containers.mongodbUri;
      exportTestNatsUsers(servers.containers.natsUrl, passwords);
    }
  }
  const started = Promise.allSettled([
    (async () => {
      if (process.env.MONGODB_URI) return;
      servers.postgres = await startPostgres({
        dir: path.join(dir, 'postgres'),
        logFile: path.join(dir, 'postgres.log'),
        throwaway: true,
      });
      servers.ferret = await startFerretDb({
        dataDir: path.join(dir, 'ferretdb'),
        logFile: path.join(dir, 'ferretdb.log'),
        postgresqlUrl: servers.postgres.ferretDbUrl,
      });
      process.env.MONGODB_URI = servers.ferret.uri;
    })(),
    (async () => {
      if (process.env.NATS_URL) return;
      servers.nats = await startNats({ storeDir: path.join(dir, 'nats'), logFile: path.join(dir, 'nats.log'), users });
      exportTestNatsUsers(servers.nats.url, passwords);
    })(),
  ]);
  const failed = (await started).find((result) => result.status === 'rejected');
  if (failed) {
    // jest runs no teardown when the setup fails: leave nothing running.
    const teardown = (await import('./global-teardown.js')).default;
    await teardown();
    throw failed.reason;
  }
}
