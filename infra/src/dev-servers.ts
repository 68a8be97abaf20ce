// Starts the stack's real dependencies (PostgreSQL, FerretDB, nats-server, nginx) as child processes on
// loopback. Used by the launcher (`npm start`), the jest integration setup and the end-to-end harness.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { natsAuthConfig, type NatsUser } from './nats-auth.js';
import { blockingFolder, postgresHome, RELOCATION_NOTE, type Owner } from './postgres-home.js';

/** The repository root (this file lives in infra/src or infra/dist). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function toolPath(name: 'ferretdb' | 'nats-server' | 'k6'): string {
  const file = path.join(repoRoot, '.tools', 'bin', name);
  if (!existsSync(file)) {
    throw new Error(`${name} is not installed at ${file}: run \`npm run bootstrap\``);
  }
  return file;
}

export function nginxPath(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is not installed: run `npm run bootstrap`');
}

/** A port that was free on 127.0.0.1 a moment ago. */
/**
 * Ports this process has handed out. A port is free when chosen but taken only when its server binds it,
 * and the OS may offer the same port again in between: never hand one out twice.
 */
const handedOut = new Set<number>();

/** A free loopback port that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await anyFreePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port that this process has not handed out already');
}

/** Marks a port as taken by this process (one chosen by other means). */
export function reservePort(port: number): void {
  handedOut.add(port);
}

export function isPortHandedOut(port: number): boolean {
  return handedOut.has(port);
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  {
    timeoutMs = 30_000,
    intervalMs = 50,
    child,
  }: { timeoutMs?: number; intervalMs?: number; child?: ManagedProcess } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exited) {
      throw new Error(
        `${what}: the process exited with code ${child.exitCode}${child.logFile ? ` (see ${child.logFile})` : ''}`,
      );
    }
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logFile: string | undefined;
  readonly exited: boolean;
  readonly exitCode: number | null;
  /** SIGTERM, then SIGKILL after `graceMs`. Resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Append stdout and stderr here; without it they are discarded. */
  logFile?: string;
  /** Also copy output to this process's stdout/stderr. */
  inherit?: boolean;
  /** What `stop()` sends first (default SIGTERM). */
  stopSignal?: NodeJS.Signals;
}

export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ManagedProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  if (options.inherit) {
    child.stdout?.pipe(process.stdout);
    child.stderr?.pipe(process.stderr);
  }
  if (!options.logFile && !options.inherit) {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  let exited = false;
  let exitCode: number | null = null;
  const gone = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      exited = true;
      exitCode = code;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  return {
    name,
    child,
    logFile: options.logFile,
    get exited() {
      return exited;
    },
    get exitCode() {
      return exitCode;
    },
    async stop(graceMs = 5000) {
      if (exited) return;
      child.kill(options.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    },
  };
}

export interface NatsServer {
  url: string;
  port: number;
  process: ManagedProcess;
  stop(): Promise<void>;
  /** Start again on the same port with the same JetStream store. */
  restart(): Promise<void>;
}

/**
 * The Go servers' environment. On a machine of two cores or fewer, which they share with nginx, the Node
 * services and each other, each runs Go code on one thread (GOMAXPROCS=1): with a second one, the Go
 * scheduler wakes another thread for goroutines that become ready, and on such a machine those wake-ups
 * cost more CPU than the parallelism gives back (BENCHMARKS.md, "Where the time and the CPU go").
 * A GOMAXPROCS in the environment wins.
 */
export function goEnv(env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): NodeJS.ProcessEnv {
  return env.GOMAXPROCS || cores > 2 ? env : { ...env, GOMAXPROCS: '1' };
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

/**
 * What PostgreSQL stores for a SCRAM-SHA-256 password (RFC 5802/7677, as its own `PASSWORD '…'` computes it):
 * given to ALTER ROLE instead of the password, which so never reaches PostgreSQL's input or its log.
 * `salt` is the stored verifier's, to check a password against it.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const iterations = 4096;
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest('base64');
  const serverKey = createHmac('sha256', salted).update('Server Key').digest('base64');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey}:${serverKey}`;
}

/** True when `verifier` (scramVerifier's) was made from `password`. */
export function scramMatches(password: string, verifier: string): boolean {
  const salt = /^SCRAM-SHA-256\$4096:([^$]+)\$/.exec(verifier)?.[1];
  return salt !== undefined && scramVerifier(password, Buffer.from(salt, 'base64')) === verifier;
}

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

/** Says, in the folder meant for the cluster, where it is and why (postgresHome). */
function leaveRelocationNote(wanted: string, home: string, owner: Owner): void {
  mkdirSync(wanted, { recursive: true });
  mkdirSync(path.dirname(home), { recursive: true, mode: 0o755 });
  writeFileSync(
    path.join(wanted, RELOCATION_NOTE),
    `This folder's PostgreSQL cluster is in ${home}: PostgreSQL runs as the \`postgres\` user, who cannot enter ` +
      `${blockingFolder(wanted, owner)}. Delete both folders to start with an empty database.\n`,
  );
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
