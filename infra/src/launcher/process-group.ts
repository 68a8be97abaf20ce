// Child processes that each lead their own process group, so that a Ctrl-C in the terminal reaches only
// the launcher, which then stops them in order (services, nginx, NATS, FerretDB, PostgreSQL). If the launcher dies
// without stopping them, the reaper (reaper.ts) or the exit hook below takes them down.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, type ManagedProcess } from '../dev-servers.js';

export interface GroupSpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** stdout and stderr are appended here. */
  logFile: string;
  /** Called with every output line (after it is written to the log). */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** What `stop()` sends first (default SIGTERM; PostgreSQL's fast shutdown is SIGINT). */
  stopSignal?: NodeJS.Signals;
}

/** A process leading its own group. */
export interface GroupProcess extends ManagedProcess {
  readonly pid: number | undefined;
  /** The signal that ended it, when one did. */
  readonly exitSignal: NodeJS.Signals | null;
  /** Resolves once it has exited, whether it was stopped or ended by itself. */
  readonly exit: Promise<void>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;
let reaper: ChildProcess | undefined;

/** Every group still running when this process exits gets SIGTERM (a crash, an unhandled exception). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) signalGroup(child, 'SIGTERM');
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * A watchdog process that outlives a launcher killed with SIGKILL: it learns each group id over a pipe,
 * and when the pipe closes (the launcher is gone) it terminates the groups that were not released.
 */
function tellReaper(message: string): void {
  if (!reaper) {
    reaper = spawn(process.execPath, [path.join(repoRoot, 'infra', 'dist', 'launcher', 'reaper.js')], {
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    reaper.on('error', () => undefined);
    reaper.stdin?.on('error', () => undefined);
    reaper.unref();
    (reaper.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  }
  reaper.stdin?.write(`${message}\n`);
}

/** Lets the reaper exit once every group has been stopped. */
export function releaseReaper(): void {
  if (live.size === 0 && reaper) {
    reaper.stdin?.end();
    reaper = undefined;
  }
}

export function spawnGroup(name: string, command: string, args: string[], options: GroupSpawnOptions): GroupProcess {
  installExitHook();
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  if (child.pid !== undefined) tellReaper(`+${child.pid}`);

  for (const stream of ['stdout', 'stderr'] as const) {
    const source = child[stream];
    if (!source) continue;
    const lines = createInterface({ input: source, crlfDelay: Infinity });
    lines.on('line', (line) => {
      log.write(`${line}\n`);
      options.onLine?.(line, stream);
    });
  }

  // 'close' comes after 'exit', once the child's output has been read to the end.
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', () => resolve());
  });

  let exited = false;
  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  const gone = new Promise<void>((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exited) return;
      exited = true;
      exitCode = code;
      exitSignal = signal;
      // Anything the leader left behind in its group goes with it: nginx's workers or PostgreSQL's
      // backends would otherwise keep the port or the shared memory from the process started in its place.
      signalGroup(child, 'SIGKILL');
      live.delete(child);
      if (child.pid !== undefined) tellReaper(`-${child.pid}`);
      resolve();
    };
    child.once('exit', (code, signal) => done(code, signal));
    child.once('error', (error) => {
      log.write(`[launcher] could not start ${command}: ${error.message}\n`);
      done(null, null);
    });
  });

  let stopped: Promise<void> | undefined;
  const stop = async (graceMs: number) => {
    if (!exited) {
      signalGroup(child, options.stopSignal ?? 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
      await gone;
      clearTimeout(timer);
    }
    // Its last lines (a crash's stack trace above all) belong in the log before it is closed.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    await new Promise<void>((resolve) => log.end(resolve));
  };

  return {
    name,
    child,
    pid: child.pid,
    logFile: options.logFile,
    exit: gone,
    get exited() {
      return exited;
    },
    get exitCode() {
      return exitCode;
    },
    get exitSignal() {
      return exitSignal;
    },
    stop(graceMs = 10_000) {
      stopped ??= stop(graceMs);
      return stopped;
    },
  };
}
