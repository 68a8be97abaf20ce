// PostgreSQL, FerretDB and nats-server for the launcher, with dev-servers.ts' arguments and environment.
// They run in their own process groups (process-group.ts) so the launcher controls the order in which the
// stack stops, and under a supervisor (supervisor.ts) that starts them again on the same port if they end
// by themselves.
import { mkdirSync } from 'node:fs';
import {
  asPostgresUser,
  ferretDbArgs,
  ferretDbPostgresUrl,
  ferretDbUri,
  goEnv,
  isPortOpen,
  natsArgs,
  postgresAccepts,
  postgresArgs,
  postgresPath,
  toolPath,
  waitFor,
  type ManagedProcess,
  type PostgresCluster,
} from '../dev-servers.js';
import { spawnGroup, type GroupProcess } from './process-group.js';
import { StartupError } from './startup-error.js';
import { Supervised, type RestartPolicy } from './supervisor.js';

export interface Dependency {
  url: string;
  process: Supervised;
}

export interface DependencyOptions {
  port: number;
  logFile: string;
  /** Where restarts are said (the launcher's console). */
  output: Pick<Console, 'log' | 'error'>;
  restartPolicy?: Partial<RestartPolicy> | undefined;
}

/** Resolves once `proc` accepts connections on `port`; rejects when it exits first or times out. */
export function listensOn(port: number) {
  return (proc: ManagedProcess, timeoutMs: number): Promise<void> =>
    waitFor(`${proc.name} on port ${port}`, () => isPortOpen(port), { child: proc, timeoutMs });
}

type Ready = (proc: ManagedProcess, timeoutMs: number) => Promise<void>;

/** Resolves once PostgreSQL on `port` accepts connections (past its startup and recovery, not only listening). */
function postgresReady(port: number): Ready {
  return (proc, timeoutMs) =>
    waitFor(`${proc.name} on port ${port}`, () => postgresAccepts(port), { child: proc, timeoutMs });
}

/** Resolves when the process accepts connections; stops it and throws a StartupError when it does not. */
async function listening(supervised: Supervised, port: number, ready: Ready, timeoutMs = 30_000): Promise<void> {
  const proc = supervised.current;
  try {
    await ready(proc, timeoutMs);
  } catch {
    const exited = proc.exited;
    await supervised.stop(2000);
    throw new StartupError(
      proc.name,
      proc.logFile,
      exited
        ? `exited (code ${proc.exitCode}) before it listened on port ${port}`
        : `did not listen on port ${port} within ${timeoutMs / 1000} s`,
    );
  }
}

/** A supervised process that serves once it listens on `port` (or once `ready` says so). */
async function startListening(
  spawn: () => GroupProcess,
  { port, output, restartPolicy }: DependencyOptions,
  ready: Ready = listensOn(port),
): Promise<Supervised> {
  const supervised = new Supervised({ spawn, ready, output, policy: restartPolicy ?? {} });
  await listening(supervised, port, ready);
  return supervised;
}

/**
 * PostgreSQL on `cluster` (initPostgresCluster's); the url is FerretDB's --postgresql-url with the login of the
 * role `ferretdb`, whose password is `password`. `throwaway`: a cluster deleted after the run (tests,
 * benchmarks) skips fsync.
 */
export async function startPostgresGroup(
  options: DependencyOptions & { cluster: PostgresCluster; password: string; throwaway?: boolean },
): Promise<Dependency> {
  const { port, cluster, logFile, password, throwaway } = options;
  const [command, args] = asPostgresUser(postgresPath('postgres'), postgresArgs({ cluster, port, throwaway }));
  // SIGINT is PostgreSQL's fast shutdown: it does not wait for clients to disconnect.
  const proc = await startListening(
    () => spawnGroup('postgres', command, args, { logFile, stopSignal: 'SIGINT' }),
    options,
    postgresReady(port),
  );
  return { url: ferretDbPostgresUrl(port, password), process: proc };
}

/**
 * FerretDB on the PostgreSQL database `postgresqlUrl` names; its state file under `dataDir`; the url carries
 * the login of `postgresqlUrl`, without which FerretDB serves nothing. Its debug handlers (metrics, pprof)
 * listen on `debugPort` only when one is given.
 */
export async function startFerretDbGroup(
  options: DependencyOptions & { dataDir: string; postgresqlUrl: string; debugPort?: number | undefined },
): Promise<Dependency> {
  const { port, dataDir, logFile, postgresqlUrl, debugPort } = options;
  mkdirSync(dataDir, { recursive: true });
  const args = ferretDbArgs({ port, debugPort, dataDir, backend: { postgresqlUrl } });
  const proc = await startListening(
    () => spawnGroup('ferretdb', toolPath('ferretdb'), args, { logFile, env: goEnv() }),
    options,
  );
  return { url: ferretDbUri(port, postgresqlUrl), process: proc };
}

/** The banner's line about the database the launcher started (none for an external MONGODB_URI). */
export function databaseBanner(mongodbUri: string, env: NodeJS.ProcessEnv, secretsFile: string): string | undefined {
  if (env.MONGODB_URI) return undefined;
  const { host, username } = new URL(mongodbUri);
  return `  database: mongodb://${host} (FerretDB; user ${username}, password FERRETDB_PASSWORD in ${secretsFile}, authMechanism=PLAIN)`;
}

/** nats-server with JetStream; with `configFile` (writeNatsAuthConfig), only its users may connect. */
export async function startNatsGroup(
  options: DependencyOptions & { storeDir: string; configFile?: string },
): Promise<Dependency> {
  const { port, storeDir, logFile, configFile } = options;
  mkdirSync(storeDir, { recursive: true });
  const args = natsArgs({ port, storeDir, configFile });
  const proc = await startListening(
    () => spawnGroup('nats-server', toolPath('nats-server'), args, { logFile, env: goEnv() }),
    options,
  );
  return { url: `nats://127.0.0.1:${port}`, process: proc };
}
