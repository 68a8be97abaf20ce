// One launcher per data directory: <dataDir>/launcher.pid names the running launcher and its address.
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

export class AlreadyRunningError extends Error {
  constructor(
    readonly url: string,
    readonly pid: number,
  ) {
    super(`The portal is already running at ${url} (pid ${pid})`);
    this.name = 'AlreadyRunningError';
  }
}

interface LockContent {
  pid: number;
  url: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | undefined {
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    if (typeof content.pid === 'number' && typeof content.url === 'string')
      return { pid: content.pid, url: content.url };
  } catch {
    // Missing, half-written or not ours: treated as stale.
  }
  return undefined;
}

export interface Lock {
  file: string;
  release(): void;
}

/** Takes the lock or throws AlreadyRunningError; a lock left by a process that is gone is replaced. */
export function acquireLock(dataDir: string, url: string): Lock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'launcher.pid');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${JSON.stringify({ pid: process.pid, url } satisfies LockContent)}\n`);
      closeSync(fd);
      return {
        file,
        release() {
          if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (holder && isAlive(holder.pid)) throw new AlreadyRunningError(holder.url, holder.pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
