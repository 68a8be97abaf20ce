// FerretDB, the MongoDB wire protocol over PostgreSQL (dev-servers.ts).
import { mkdirSync } from 'node:fs';
import { freePort, isPortOpen, waitFor } from './ports.js';
import { goEnv, spawnManaged, toolPath, type ManagedProcess } from './processes.js';

export interface FerretDb {
  uri: string;
  port: number;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/** Where FerretDB keeps the data: the SQLite backend's files, or a PostgreSQL database (postgresUrl). */
export type FerretDbBackend = { sqliteDir: string } | { postgresqlUrl: string };

/**
 * FerretDB's arguments: loopback only, its state file under `dataDir` (also the launcher's). On PostgreSQL it
 * is given the database's URL without the login: FerretDB passes each client's own login (PLAIN) on to
 * PostgreSQL, so a client without the password is refused (a login in the URL would be lent to anonymous
 * clients). Its debug server (metrics, pprof) listens only when `debugPort` is given.
 */
export function ferretDbArgs({
  port,
  debugPort,
  dataDir,
  backend = { sqliteDir: dataDir },
}: {
  port: number;
  debugPort?: number | undefined;
  dataDir: string;
  backend?: FerretDbBackend;
}): string[] {
  const storage =
    'postgresqlUrl' in backend
      ? ['--handler=postgresql', `--postgresql-url=${withoutLogin(backend.postgresqlUrl)}`]
      : [
          '--handler=sqlite',
          // WAL with synchronous=NORMAL: a commit does not wait for fsync (checkpoints still do), as MongoDB
          // acknowledges a w:1 write before its journal is flushed; a crash of the machine may lose the
          // last moment's writes, never the database. With FULL, every quota slot waited for the disk and
          // writers queued behind it (scripts/bench/ai-query-profile.mjs, BENCHMARKS.md).
          `--sqlite-url=file:${backend.sqliteDir.endsWith('/') ? backend.sqliteDir : `${backend.sqliteDir}/`}?_pragma=synchronous(normal)`,
        ];
  return [
    ...storage,
    `--listen-addr=127.0.0.1:${port}`,
    `--debug-addr=${debugPort === undefined ? '-' : `127.0.0.1:${debugPort}`}`,
    '--telemetry=disable',
    // FerretDB keeps a small state file; without this it lands in the working directory.
    `--state-dir=${dataDir}`,
    '--log-level=warn',
  ];
}

/** The URL without its user and password (they stay out of command lines, which every local user can read). */
function withoutLogin(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

/**
 * The MongoDB URI of FerretDB on `port`: with the login of `postgresqlUrl` (the PostgreSQL backend's user,
 * sent as PLAIN, which FerretDB passes on to PostgreSQL), or none (SQLite, or a URL without a login).
 */
export function ferretDbUri(port: number, postgresqlUrl?: string): string {
  const login = postgresqlUrl === undefined ? undefined : new URL(postgresqlUrl);
  if (!login?.username) return `mongodb://127.0.0.1:${port}`;
  return `mongodb://${login.username}:${login.password}@127.0.0.1:${port}/?authMechanism=PLAIN`;
}

/**
 * FerretDB 1.x: a MongoDB wire-compatible server on SQLite files under `dataDir`, or on PostgreSQL
 * (`postgresqlUrl` with its login: startPostgres' ferretDbUrl); `uri` carries that login.
 */
export async function startFerretDb({
  port,
  debugPort,
  dataDir,
  logFile,
  postgresqlUrl,
}: {
  port?: number;
  /** Serve FerretDB's debug handlers (metrics, pprof) on this loopback port; off without it. */
  debugPort?: number;
  dataDir: string;
  logFile?: string;
  /** Store in this PostgreSQL database (startPostgres) instead of SQLite files. */
  postgresqlUrl?: string;
}): Promise<FerretDb> {
  const dbPort = port ?? (await freePort());
  mkdirSync(dataDir, { recursive: true });
  const backend = postgresqlUrl ? { postgresqlUrl } : { sqliteDir: dataDir };
  const proc = spawnManaged(
    'ferretdb',
    toolPath('ferretdb'),
    ferretDbArgs({ port: dbPort, debugPort, dataDir, backend }),
    { env: goEnv(), ...(logFile ? { logFile } : {}) },
  );
  await waitFor(`FerretDB on ${dbPort}`, () => isPortOpen(dbPort), { child: proc });
  return { uri: ferretDbUri(dbPort, postgresqlUrl), port: dbPort, process: proc, stop: () => proc.stop() };
}
