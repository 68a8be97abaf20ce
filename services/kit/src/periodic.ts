// Work a service does on a clock (expire unpaid holds, send reminders, sweep what a crash left behind). Each
// task waits `everyMs` after its previous run has finished before it runs again, so two runs of one task
// never overlap however long one takes; a run that fails is logged and the next one comes on time; on
// shutdown no new run starts, a run in progress is told through its AbortSignal and waited for (at most
// `stopTimeoutMs`), and only then do the connections it uses close.
import type { Logger } from 'pino';
import { TIMED_OUT, within } from './deadline.js';

export interface PeriodicTask {
  /** Names the task in logs. */
  name: string;
  everyMs: number;
  /** One run; `signal` aborts when the service stops, so a long run can stop early. */
  run(signal: AbortSignal): Promise<unknown> | unknown;
  /** Run once right away instead of after the first `everyMs` (default false). */
  runAtStart?: boolean;
}

export interface PeriodicTasks {
  /** Start no more runs, abort and await the runs in progress; resolves once all have ended or timed out. */
  stop(): Promise<void>;
}

/** Start `tasks` on their clocks; `stop()` is the shutdown step that ends them. */
export function startPeriodic(
  tasks: readonly PeriodicTask[],
  logger: Logger,
  { stopTimeoutMs = 5000 }: { stopTimeoutMs?: number } = {},
): PeriodicTasks {
  const aborter = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const schedule = (task: PeriodicTask, delayMs: number) => {
    if (aborter.signal.aborted) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = (async () => {
        try {
          await task.run(aborter.signal);
        } catch (err) {
          logger.error({ err, task: task.name }, 'periodic task failed; it runs again on time');
        }
      })();
      running.add(run);
      void run.then(() => {
        running.delete(run);
        schedule(task, task.everyMs);
      });
    }, delayMs);
    // A timer alone does not keep the process alive: the HTTP server and the connections do.
    timer.unref();
    timers.add(timer);
  };

  for (const task of tasks) schedule(task, task.runAtStart ? 0 : task.everyMs);
  return {
    async stop() {
      aborter.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (running.size === 0) return;
      const ended = await within(stopTimeoutMs, Promise.all(running));
      if (ended === TIMED_OUT) logger.warn({ stopTimeoutMs }, 'periodic tasks still running at shutdown; not waiting');
    },
  };
}
