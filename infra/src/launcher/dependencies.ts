// FerretDB and nats-server for the launcher, with dev-servers.ts' arguments and environment; these run in
// their own process groups (process-group.ts) so the launcher controls the order in which the stack stops.
import { mkdirSync } from 'node:fs';
import {
  ferretDbArgs,
  freePort,
  goEnv,
  isPortOpen,
  natsArgs,
  toolPath,
  waitFor,
  type ManagedProcess,
} from '../dev-servers.js';
import { spawnGroup } from './process-group.js';
import { StartupError } from './startup-error.js';

export interface Dependency {
  url: string;
  process: ManagedProcess;
}

/** Resolves when the process accepts connections; stops it and throws a StartupError when it does not. */
async function listening(proc: ManagedProcess, port: number, timeoutMs = 30_000): Promise<void> {
  try {
    await waitFor(`${proc.name} on port ${port}`, () => isPortOpen(port), { child: proc, timeoutMs });
  } catch {
    const exited = proc.exited;
    await proc.stop(2000);
    throw new StartupError(
      proc.name,
      proc.logFile,
      exited
        ? `exited (code ${proc.exitCode}) before it listened on port ${port}`
        : `did not listen on port ${port} within ${timeoutMs / 1000} s`,
    );
  }
}

export async function startFerretDbGroup({
  port,
  dataDir,
  logFile,
}: {
  port: number;
  dataDir: string;
  logFile: string;
}): Promise<Dependency> {
  const debugPort = await freePort();
  mkdirSync(dataDir, { recursive: true });
  const proc = spawnGroup('ferretdb', toolPath('ferretdb'), ferretDbArgs({ port, debugPort, dataDir }), {
    logFile,
    env: goEnv(),
  });
  await listening(proc, port);
  return { url: `mongodb://127.0.0.1:${port}`, process: proc };
}

export async function startNatsGroup({
  port,
  storeDir,
  logFile,
}: {
  port: number;
  storeDir: string;
  logFile: string;
}): Promise<Dependency> {
  mkdirSync(storeDir, { recursive: true });
  const proc = spawnGroup('nats-server', toolPath('nats-server'), natsArgs({ port, storeDir }), {
    logFile,
    env: goEnv(),
  });
  await listening(proc, port);
  return { url: `nats://127.0.0.1:${port}`, process: proc };
}
