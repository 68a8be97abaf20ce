// The repository's tools and the child processes the stack's servers run as (dev-servers.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
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
