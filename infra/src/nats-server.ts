// nats-server with JetStream, its users' permissions in its configuration (dev-servers.ts).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { natsAuthConfig, type NatsUser } from './nats-auth.js';
import { freePort, isPortOpen, waitFor } from './ports.js';
import { goEnv, spawnManaged, toolPath, type ManagedProcess } from './processes.js';

export interface NatsServer {
  url: string;
  port: number;
  process: ManagedProcess;
  stop(): Promise<void>;
  /** Start again on the same port with the same JetStream store. */
  restart(): Promise<void>;
}

/**
 * nats-server's arguments: JetStream, loopback only, the store under `storeDir` (also the launcher's), and
 * the users of `configFile` (writeNatsAuthConfig), when given; the flags win over the file.
 */
export const natsArgs = ({
  port,
  storeDir,
  configFile,
}: {
  port: number;
  storeDir: string;
  configFile?: string | undefined;
}): string[] => [
  ...(configFile ? ['-c', configFile] : []),
  '-js',
  '-a',
  '127.0.0.1',
  '-p',
  String(port),
  '-sd',
  storeDir,
];

/** Writes nats-server's configuration (its users and their passwords) readable by this user only. */
export function writeNatsAuthConfig(file: string, users: NatsUser[]): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, natsAuthConfig(users), { mode: 0o600 });
  renameSync(temp, file);
  return file;
}

/** nats-server with JetStream, its store under `storeDir`; with `users`, only they may connect. */
export async function startNats({
  port,
  storeDir,
  logFile,
  users,
}: {
  port?: number;
  storeDir: string;
  logFile?: string;
  users?: NatsUser[];
}): Promise<NatsServer> {
  const natsPort = port ?? (await freePort());
  mkdirSync(storeDir, { recursive: true });
  const configFile = users ? writeNatsAuthConfig(path.join(storeDir, 'auth.conf'), users) : undefined;
  const launch = async () => {
    const proc = spawnManaged(
      'nats-server',
      toolPath('nats-server'),
      natsArgs({ port: natsPort, storeDir, configFile }),
      {
        env: goEnv(),
        ...(logFile ? { logFile } : {}),
      },
    );
    await waitFor(`nats-server on ${natsPort}`, () => isPortOpen(natsPort), { child: proc });
    return proc;
  };
  const server: NatsServer = {
    url: `nats://127.0.0.1:${natsPort}`,
    port: natsPort,
    process: await launch(),
    stop: () => server.process.stop(),
    async restart() {
      await server.process.stop();
      server.process = await launch();
    },
  };
  return server;
}
