// When the stack is ready: every service's /readyz answers 200 and nginx serves the front page; a process that
// ends before that ends the wait at once.
import path from 'node:path';
import { waitFor } from '../dev-servers.js';
import { HEALTH_PATHS } from '@hhp/proto/services';
import type { GroupProcess } from './process-group.js';
import type { ServiceProcess } from './service-processes.js';
import { StartupError } from './startup-error.js';

/** The status a GET of `url` answers within 2 s, or why it did not (the error's code or name). */
export async function httpStatus(url: string): Promise<number | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as Error).name;
  }
}

/** Resolves once every service and nginx serve; throws a StartupError for a process that exited first. */
export async function waitUntilReady(
  services: ServiceProcess[],
  nginx: GroupProcess,
  frontUrl: string,
  timeoutMs: number,
  dataDir: string,
): Promise<void> {
  const pending = new Map<string, string>(services.map((s) => [s.instance, 'not started']));
  pending.set('nginx', 'not started');
  // waitFor treats a throwing check as "not yet"; a process that died ends the wait at once instead.
  let fatal: Error | undefined;
  const check = async (): Promise<boolean> => {
    const dead = [...services.map((s) => s.process.current), nginx].find((p) => p.exited);
    if (dead) {
      await dead.stop();
      fatal = new StartupError(dead.name, dead.logFile, `exited (code ${dead.exitCode}) before it was ready`);
      return true;
    }
    await Promise.all([
      ...services
        .filter((s) => pending.has(s.instance))
        .map(async (s) => {
          const status = await httpStatus(`${s.url}${HEALTH_PATHS.ready}`);
          if (status === 200) pending.delete(s.instance);
          else
            pending.set(s.instance, typeof status === 'number' ? `/readyz answered ${status}` : `/readyz: ${status}`);
        }),
      pending.has('nginx')
        ? httpStatus(frontUrl).then((status) => {
            if (status === 200) pending.delete('nginx');
            else pending.set('nginx', typeof status === 'number' ? `/ answered ${status}` : `/: ${status}`);
          })
        : undefined,
    ]);
    return pending.size === 0;
  };
  try {
    await waitFor('the stack', check, { timeoutMs, intervalMs: 200 });
  } catch {
    const what = [...pending].map(([name, why]) => `${name} (${why})`).join(', ');
    throw new Error(
      `not ready after ${Math.round(timeoutMs / 1000)} s: ${what}; logs are in ${path.join(dataDir, 'logs')}`,
    );
  }
  if (fatal) throw fatal;
}
