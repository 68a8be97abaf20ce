// PostgreSQL, FerretDB's backend: one cluster per data directory (dev-servers.ts).
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { leaveRelocationNote, postgresHome, type Owner } from './postgres-home.js';
import { scramMatches, scramVerifier } from './scram.js';
import { freePort, waitFor } from './ports.js';
import { spawnManaged, type ManagedProcess } from './processes.js';

// --- PostgreSQL, FerretDB's backend -----------------------------------------------------------------
// One cluster per data directory, created once by initdb (a second start finds it), reachable only on
// 127.0.0.1 and on a unix socket inside the data directory. Even from this machine nobody gets in without a
// password: pg_hba.conf, written at every start, lets only the role `ferretdb` into the database `ferretdb`,
// with its password (SCRAM-SHA-256). That role owns FerretDB's data and is no superuser; the superuser
// `postgres` has no password and no line in pg_hba.conf, so it cannot log in at all (the launcher sets the
// cluster up in single-user mode, before the server listens). PostgreSQL refuses to run as root: under root
// it runs as the `postgres` system user that Debian's package creates, and its directory is theirs.

/** Where Debian's `postgresql` package puts the server of each major version. */
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The database FerretDB keeps its data in (one PostgreSQL schema per MongoDB database). */
export const FERRETDB_DATABASE = 'ferretdb';

/** The PostgreSQL role FerretDB's clients log in as (FerretDB passes their PLAIN login on): it owns FERRETDB_DATABASE. */
export const FERRETDB_ROLE = 'ferretdb';

/** Who may connect, and how: FerretDB's role to its database, with the password; nobody else, nothing else. */
export const POSTGRES_HBA = [
  '# Written by the launcher at every start (infra/src/dev-servers.ts); edits are lost.',
  `local ${FERRETDB_DATABASE} ${FERRETDB_ROLE} scram-sha-256`,
  `host ${FERRETDB_DATABASE} ${FERRETDB_ROLE} 127.0.0.1/32 scram-sha-256`,
  '',
].join('\n');

/** Debian 12's PostgreSQL 15 (`apt-get install postgresql`, which the bootstrap runs), else the newest installed. */
export function postgresPath(name: 'postgres' | 'initdb' | 'psql' | 'pg_isready'): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((v) => existsSync(path.join(POSTGRES_ROOT, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions.includes('15') ? '15' : versions[0];
  if (!version) throw new Error(`PostgreSQL is not installed in ${POSTGRES_ROOT}: run \`npm run bootstrap\``);
  return path.join(POSTGRES_ROOT, version, 'bin', name);
}

/** Under root, a command of PostgreSQL's runs as the `postgres` user (setpriv execs it: no extra process). */
export function asPostgresUser(command: string, args: string[], uid = process.getuid?.()): [string, string[]] {
  if (uid !== 0) return [command, args];
  return ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', command, ...args]];
}

/** The `postgres` system user's uid and gid (from `id`), when this process is root; undefined otherwise. */
async function postgresOwner(): Promise<Owner | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await promisify(execFile)('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    throw new Error('PostgreSQL cannot run as root and there is no `postgres` user: run `npm run bootstrap`');
  }
}

export interface PostgresCluster {
  /** The cluster's directory (PGDATA). */
  dataDir: string;
  /** The unix socket's directory. */
  socketDir: string;
}

/** SQL of single-user mode: one statement a line. */
const ensureFerretDbRole = (verifier: string) =>
  [
    `DO $$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${FERRETDB_ROLE}') THEN CREATE ROLE ${FERRETDB_ROLE}; END IF; END$$;`,
    `ALTER ROLE ${FERRETDB_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${verifier}';`,
    `ALTER DATABASE ${FERRETDB_DATABASE} OWNER TO ${FERRETDB_ROLE};`,
    '',
  ].join('\n');

/** A cluster of an earlier version held FerretDB's schemas and tables as `postgres`: they become the role's. */
const ownFerretDbData = [
  `DO $$DECLARE r record; BEGIN`,
  `FOR r IN SELECT nspname FROM pg_namespace WHERE nspowner <> '${FERRETDB_ROLE}'::regrole AND nspname NOT LIKE 'pg\\_%' AND nspname NOT IN ('information_schema', 'public') LOOP EXECUTE format('ALTER SCHEMA %I OWNER TO ${FERRETDB_ROLE}', r.nspname); END LOOP;`,
  `FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND c.relowner <> '${FERRETDB_ROLE}'::regrole AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' LOOP EXECUTE format('ALTER TABLE %s OWNER TO ${FERRETDB_ROLE}', r.name); END LOOP;`,
  `END$$;`,
  '',
].join(' ');

/**
 * The cluster under `dir` (`<dir>/data`, the socket in `<dir>/run`), created by initdb if it is not there
 * yet, with FerretDB's database owned by the role `ferretdb` whose password is `password`. A cluster whose
 * creation was interrupted is created again. A cluster of an earlier version (trust authentication, the data
 * the superuser's) and one whose password changed are brought to this one's state, data kept. pg_hba.conf
 * is written anew every time (POSTGRES_HBA). When PostgreSQL's user cannot reach `wanted`, the cluster lives
 * under RELOCATED_CLUSTERS and a note in `wanted` says where (postgres-home.ts).
 */
export async function initPostgresCluster(wanted: string, logFile: string, password: string): Promise<PostgresCluster> {
  const owner = await postgresOwner();
  // Under a folder the `postgres` user cannot enter (a checkout in root's home), the cluster lives elsewhere.
  const dir = postgresHome(wanted, owner);
  if (dir !== wanted) leaveRelocationNote(wanted, dir, owner!);
  const dataDir = path.join(dir, 'data');
  // A unix socket's path has ~107 bytes at most; a long data directory puts the socket in a temporary one.
  let socketDir = path.join(dir, 'run');
  if (socketDir.length > 80)
    socketDir = path.join(os.tmpdir(), `hhp-pg-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
  for (const d of [dir, socketDir]) {
    mkdirSync(d, { recursive: true });
    if (owner) chownSync(d, owner.uid, owner.gid);
  }
  if (owner) {
    // The postgres user must be able to reach its directory: a temporary parent (mode 700) gets o+x.
    const parent = path.dirname(dir);
    const mode = statSync(parent).mode & 0o777;
    if (!(mode & 0o001)) chmodSync(parent, mode | 0o001);
  }
  const done = path.join(dir, 'initialized');
  // The role's password as PostgreSQL stores it (never the password itself): tells whether it is still the one.
  const loginFile = path.join(dir, 'login');
  const created = existsSync(done);
  const loginSet = created && existsSync(loginFile) && scramMatches(password, readFileSync(loginFile, 'utf8').trim());

  if (!created || !loginSet) {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const log = createWriteStream(logFile, { flags: 'a' });
    const run = (command: string, args: string[], input?: string) =>
      new Promise<void>((resolve, reject) => {
        const [cmd, argv] = asPostgresUser(command, args);
        const child = spawn(cmd, argv, {
          stdio: ['pipe', 'pipe', 'pipe'],
          env: { ...process.env, LC_ALL: 'C.UTF-8' },
        });
        child.stdout.pipe(log, { end: false });
        child.stderr.pipe(log, { end: false });
        child.stdin.end(input ?? '');
        child.once('error', reject);
        child.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (code ${code}); see ${logFile}`)),
        );
      });
    // Single-user mode, before the server listens.
    const single = (database: string, sql: string) =>
      run(postgresPath('postgres'), ['--single', '-D', dataDir, database], sql);
    const verifier = scramVerifier(password);
    try {
      if (!created) {
        rmSync(dataDir, { recursive: true, force: true });
        // --no-sync: a cluster that a crash interrupts here is created again (no `initialized` file).
        // trust only until pg_hba.conf is replaced below, before the server ever listens.
        await run(postgresPath('initdb'), [
          '-D',
          dataDir,
          '-U',
          'postgres',
          '--auth=trust',
          '--encoding=UTF8',
          '--locale=C.UTF-8',
          '--no-sync',
        ]);
        await single(
          'postgres',
          `CREATE ROLE ${FERRETDB_ROLE} LOGIN PASSWORD '${verifier}';\nCREATE DATABASE ${FERRETDB_DATABASE} OWNER ${FERRETDB_ROLE};\n`,
        );
      } else {
        await single('postgres', ensureFerretDbRole(verifier));
        await single(FERRETDB_DATABASE, ownFerretDbData);
      }
    } finally {
      await new Promise<void>((resolve) => log.end(resolve));
    }
    writeFileSync(loginFile, `${verifier}\n`, { mode: 0o600 });
    if (!created) writeFileSync(done, `${new Date().toISOString()}\n`);
  }
  const hba = path.join(dataDir, 'pg_hba.conf');
  writeFileSync(hba, POSTGRES_HBA, { mode: 0o600 });
  chmodSync(hba, 0o600);
  if (owner) chownSync(hba, owner.uid, owner.gid);
  return { dataDir, socketDir };
}

/**
 * The server's arguments. A commit is acknowledged once its WAL has been written (synchronous_commit on,
 * PostgreSQL's default): a crash of PostgreSQL, which the launcher then restarts, loses nothing that was
 * acknowledged. (With synchronous_commit off, a `kill -9` lost the last insert in the launcher's test: the
 * WAL still in shared memory goes with the processes.) A throw-away cluster (tests, benchmarks, the e2e
 * stack) skips fsync: a write reaches the OS, not the disk; only a crash of the machine could hurt it.
 */
export function postgresArgs({
  cluster,
  port,
  throwaway = false,
}: {
  cluster: PostgresCluster;
  port: number;
  throwaway?: boolean;
}): string[] {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: cluster.socketDir,
    // FerretDB keeps a pool of connections per client; six services and a few tools stay well under this.
    max_connections: '200',
    logging_collector: 'off',
    log_min_messages: 'warning',
    log_timezone: 'UTC',
    ...(throwaway ? { fsync: 'off', full_page_writes: 'off' } : {}),
  };
  return ['-D', cluster.dataDir, ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])];
}

/**
 * FerretDB's URL of the cluster's database, with its role's login (ferretDbArgs keeps it off the command
 * line). The cluster has no TLS: without sslmode=disable, every new connection asks for it first.
 */
export const ferretDbPostgresUrl = (port: number, password: string): string =>
  `postgres://${FERRETDB_ROLE}:${encodeURIComponent(password)}@127.0.0.1:${port}/${FERRETDB_DATABASE}?sslmode=disable`;

/**
 * True once PostgreSQL on `port` accepts connections: pg_isready, which needs no login, says so only past the
 * server's startup and recovery (its port opens earlier, and a client then gets "the database system is
 * starting up").
 */
export function postgresAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(postgresPath('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)], (error) => resolve(!error));
  });
}

export interface PostgresServer {
  port: number;
  /** What FerretDB's --postgresql-url takes, with the login FerretDB's clients use (startFerretDb). */
  ferretDbUrl: string;
  /** The directory of its unix socket. */
  socketDir: string;
  process: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * PostgreSQL with its cluster under `dir` (created on the first start), for FerretDB's PostgreSQL backend;
 * `password` is the `ferretdb` role's (default: a new random one, for a cluster thrown away after the run).
 */
export async function startPostgres({
  port,
  dir,
  logFile,
  throwaway,
  password = randomBytes(32).toString('hex'),
}: {
  port?: number;
  dir: string;
  logFile: string;
  throwaway?: boolean;
  password?: string;
}): Promise<PostgresServer> {
  const pgPort = port ?? (await freePort());
  const cluster = await initPostgresCluster(dir, logFile, password);
  const [command, args] = asPostgresUser(postgresPath('postgres'), postgresArgs({ cluster, port: pgPort, throwaway }));
  const proc = spawnManaged('postgres', command, args, { logFile, stopSignal: 'SIGINT' });
  await waitFor(`PostgreSQL on ${pgPort}`, () => postgresAccepts(pgPort), { child: proc });
  return {
    port: pgPort,
    ferretDbUrl: ferretDbPostgresUrl(pgPort, password),
    socketDir: cluster.socketDir,
    process: proc,
    stop: () => proc.stop(),
  };
}
