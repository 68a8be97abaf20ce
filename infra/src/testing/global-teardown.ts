import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const servers = globalThis.__integrationServers;
  if (!servers) return;
  // FerretDB before the PostgreSQL it keeps connections to.
  await Promise.all([
    servers.ferret?.stop().then(() => servers.postgres?.stop()),
    servers.nats?.stop(),
    servers.containers?.stop(),
  ]);
  rmSync(servers.dir, { recursive: true, force: true });
}
