import type { Logger } from 'pino';

export type ShutdownStep = readonly [name: string, close: () => Promise<unknown> | unknown];

/** Run the steps in order, each at most once, then resolve; never throws. */
export async function runShutdown(logger: Logger, steps: readonly ShutdownStep[]): Promise<boolean> {
  let clean = true;
  for (const [name, close] of steps) {
    try {
      await close();
      logger.info({ step: name }, 'closed');
    } catch (err) {
      clean = false;
      logger.error({ err, step: name }, 'failed to close');
    }
  }
  return clean;
}

/**
 * On SIGTERM or SIGINT, close the steps in order (HTTP first, so no new work starts; the database
 * last), then exit. If closing takes longer than `timeoutMs`, exit anyway with status 1.
 */
export function onShutdown(
  logger: Logger,
  steps: readonly ShutdownStep[],
  { timeoutMs = 8000, exit = (code: number) => process.exit(code) } = {},
): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown timed out');
      exit(1);
    }, timeoutMs);
    timer.unref();
    void runShutdown(logger, steps).then((clean) => {
      clearTimeout(timer);
      logger.info('stopped');
      exit(clean ? 0 : 1);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
