// The launcher's watchdog (see process-group.ts). stdin carries "+<pgid>" when a process group starts
// and "-<pgid>" when it has been stopped. When stdin closes, the launcher is gone: every group still
// registered gets SIGTERM, then SIGKILL after a grace period.
import { createInterface } from 'node:readline';

const groups = new Set<number>();
const GRACE_MS = 5000;

// A Ctrl-C in the terminal is the launcher's to handle; this process only acts when the pipe closes.
process.on('SIGINT', () => undefined);

function signal(pgid: number, sig: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, sig);
    return true;
  } catch {
    return false;
  }
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const pgid = Number(line.slice(1));
  if (!Number.isInteger(pgid) || pgid <= 1) return;
  if (line.startsWith('+')) groups.add(pgid);
  else if (line.startsWith('-')) groups.delete(pgid);
});
input.on('close', () => {
  const alive = [...groups].filter((pgid) => signal(pgid, 'SIGTERM'));
  if (alive.length === 0) process.exit(0);
  setTimeout(() => {
    for (const pgid of alive) signal(pgid, 'SIGKILL');
    process.exit(0);
  }, GRACE_MS);
});
