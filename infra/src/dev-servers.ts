// Starts the stack's real dependencies (FerretDB, nats-server, nginx) as child processes on loopback.
// Used by the launcher (`npm start`), the jest integration setup and the end-to-end harness.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
      child.kill('SIGTERM');
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

/** nats-server's arguments: JetStream, loopback only, the store under `storeDir` (also the launcher's). */
export const natsArgs = ({ port, storeDir }: { port: number; storeDir: string }): string[] => [
  '-js',
  '-a',
  '127.0.0.1',
  '-p',
  String(port),
  '-sd',
  storeDir,
];

/** nats-server with JetStream, its store under `storeDir`. */
export async function startNats({
  port,
  storeDir,
  logFile,
}: {
  port?: number;
  storeDir: string;
  logFile?: string;
}): Promise<NatsServer> {
  const natsPort = port ?? (await freePort());
  mkdirSync(storeDir, { recursive: true });
  const launch = async () => {
    const proc = spawnManaged('nats-server', toolPath('nats-server'), natsArgs({ port: natsPort, storeDir }), {
      env: goEnv(),
      ...(logFile ? { logFile } : {}),
    });
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

/** FerretDB's arguments: the SQLite backend with its data under `dataDir`, loopback only (also the launcher's). */
export function ferretDbArgs({
  port,
  debugPort,
  dataDir,
}: {
  port: number;
  debugPort: number;
  dataDir: string;
}): string[] {
  return [
    '--handler=sqlite',
    // WAL with synchronous=NORMAL: a commit does not wait for fsync (checkpoints still do), as MongoDB
    // acknowledges a w:1 write before its journal is flushed; a crash of the machine may lose the
    // last moment's writes, never the database. With FULL, every quota slot waited for the disk and
    // writers queued behind it (scripts/bench/ai-query-profile.mjs, BENCHMARKS.md).
    `--sqlite-url=file:${dataDir.endsWith('/') ? dataDir : `${dataDir}/`}?_pragma=synchronous(normal)`,
    `--listen-addr=127.0.0.1:${port}`,
    `--debug-addr=127.0.0.1:${debugPort}`,
    '--telemetry=disable',
    // FerretDB keeps a small state file; without this it lands in the working directory.
    `--state-dir=${dataDir}`,
    '--log-level=warn',
  ];
}

/** FerretDB 1.x with its SQLite backend: a MongoDB wire-compatible server, data under `dataDir`. */
export async function startFerretDb({
  port,
  dataDir,
  logFile,
}: {
  port?: number;
  dataDir: string;
  logFile?: string;
}): Promise<FerretDb> {
  const dbPort = port ?? (await freePort());
  const debugPort = await freePort();
  mkdirSync(dataDir, { recursive: true });
  const proc = spawnManaged('ferretdb', toolPath('ferretdb'), ferretDbArgs({ port: dbPort, debugPort, dataDir }), {
    env: goEnv(),
    ...(logFile ? { logFile } : {}),
  });
  await waitFor(`FerretDB on ${dbPort}`, () => isPortOpen(dbPort), { child: proc });
  return { uri: `mongodb://127.0.0.1:${dbPort}`, port: dbPort, process: proc, stop: () => proc.stop() };
}
