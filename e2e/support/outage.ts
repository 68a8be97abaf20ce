// A part of the stack under test that stops answering for a while (the database, NATS, a service), as a
// visitor would meet it: the process is paused (SIGSTOP) and resumed (SIGCONT), so its connections stay open
// and whatever was sent to it waits, as in a stall; nothing is restarted. The stack's processes are children
// of the Playwright runner that started it (infra/src/e2e/global-setup.ts), as its workers are: a worker finds
// its own stack's processes among its siblings, never another run's.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The processes the specs pause: FerretDB (the database), nats-server, or a service by its name. */
export type StackPart = 'ferretdb' | 'nats-server' | 'ai-query' | 'crisis' | 'content' | 'booking' | 'payments';

function argsOf(pid: string): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

function parentOf(pid: string): number | undefined {
  try {
    // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function isPart(args: string[], part: StackPart): boolean {
  if (part === 'ferretdb' || part === 'nats-server') return path.basename(args[0] ?? '') === part;
  return args.some((arg) => arg.endsWith(`/services/${part}/dist/main.js`));
}

/** The pids of this run's `part` (a service may run several replicas); empty when the stack is not ours. */
export function stackPids(part: StackPart): number[] {
  const runner = process.ppid;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && parentOf(entry) === runner && isPart(argsOf(entry), part))
    .map(Number);
}

/** Whether the specs can pause parts of the stack: not when E2E_EXTERNAL_URL names someone else's portal. */
export const canPause = (): boolean => !process.env.E2E_EXTERNAL_URL && stackPids('ferretdb').length > 0;

/**
 * Pauses `part` for `ms` (or until `during` has finished, whichever is later) while `during` runs, then
 * resumes it, whatever happened.
 */
export async function whilePaused<T>(part: StackPart, ms: number, during: () => Promise<T>): Promise<T> {
  const pids = stackPids(part);
  if (pids.length === 0) throw new Error(`no ${part} process of this run's stack was found`);
  const started = Date.now();
  for (const pid of pids) process.kill(pid, 'SIGSTOP');
  try {
    const result = await during();
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    return result;
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGCONT');
  }
}
