import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const servers = globalThis.__integrationServers;
  if (!servers) return;
  await Promise.all([servers.ferret?.stop(), servers.nats?.stop(), servers.containers?.stop()]);
  rmSync(servers.dir, { recursive: true, force: true });
}
