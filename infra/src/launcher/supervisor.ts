// Keeps every process of `npm start` running: when one ends by itself (a crash, an out-of-memory kill, a
// `kill -9`), it is started again with the same command, port and environment, after a pause that doubles
// with each failure in a row (0.5 s, 1 s, 2 s … 30 s) and falls back to the first once the process has
// stayed up for a while. A process that fails at every start is retried at that pace for as long as the
// launcher runs: the rest of the stack keeps serving, and the launcher itself never goes down with it.
// Each exit and each restart is said on the console and written into the process's own log.
// Stopping the stack first tells every supervisor to restart nothing, then stops the processes in order.
import { appendFileSync } from 'node:fs';
import type { GroupProcess } from './process-group.js';

export interface RestartPolicy {
  /** The pause before the first restart after a process has been up a while. */
  initialDelayMs: number;
  /** The pause never grows beyond this. */
  maxDelayMs: number;
  /** A process that stayed up this long crashed on its own, not in a loop: the pause starts again from the first. */
  stableAfterMs: number;
  /** How long a restarted process may take to answer before the console says so. */
  readyTimeoutMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 30_000,
  readyTimeoutMs: 60_000,
};

export interface SupervisorOptions {
  /** Starts the process (the first time and after each exit) with the same command and arguments. */
  spawn: () => GroupProcess;
  /** Resolves when a (re)started process serves; rejects when it does not (it exited, or it timed out). */
  ready: (process: GroupProcess, timeoutMs: number) => Promise<void>;
  output: Pick<Console, 'log' | 'error'>;
  policy?: Partial<RestartPolicy>;
}

/** `0.5 s`, `1 s`, `30 s`. */
export function formatDelay(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

export class Supervised {
  readonly name: string;
  /** How many times the process has been started again. */
  restarts = 0;
  #current: GroupProcess;
  readonly #options: SupervisorOptions;
  readonly #policy: RestartPolicy;
  #watching = false;
  #retired = false;
  #wake: (() => void) | undefined;

  /** Starts the process; it is restarted only once `watch()` has been called. */
  constructor(options: SupervisorOptions) {
    this.#options = options;
    this.#policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
    this.#current = options.spawn();
    this.name = this.#current.name;
  }

  /** The process running now (or the one that last exited, during a pause). */
  get current(): GroupProcess {
    return this.#current;
  }

  get pid(): number | undefined {
    return this.#current.exited ? undefined : this.#current.pid;
  }

  /**
   * From now on, an exit is followed by a restart. The launcher calls this once the stack is ready: a
   * process that fails while the stack starts ends the start instead, with the end of its log.
   */
  watch(): void {
    if (this.#watching || this.#retired) return;
    this.#watching = true;
    void this.#loop().catch((error: unknown) => {
      this.#say('error', `supervision failed: ${(error as Error).message}; it is no longer restarted`);
    });
  }

  /** No restart from now on, and none pending. Synchronous, so that a whole stack can be told at once. */
  retire(): void {
    this.#retired = true;
    this.#wake?.();
  }

  /** Retires the supervisor and stops the process (SIGTERM, SIGKILL after `graceMs`). */
  async stop(graceMs?: number): Promise<void> {
    this.retire();
    await this.#current.stop(graceMs);
  }

  async #loop(): Promise<void> {
    let delay = this.#policy.initialDelayMs;
    let startedAt = Date.now();
    for (;;) {
      const proc = this.#current;
      await proc.exit;
      if (this.#retired) return;
      if (Date.now() - startedAt >= this.#policy.stableAfterMs) delay = this.#policy.initialDelayMs;
      // The process is gone: this only closes its log, after its last lines (a crash's stack trace).
      await proc.stop();
      if (this.#retired) return;
      this.#say('error', `exited (${proc.exitSignal ?? `code ${proc.exitCode}`}); restarting in ${formatDelay(delay)}`);
      await this.#pause(delay);
      if (this.#retired) return;
      delay = Math.min(delay * 2, this.#policy.maxDelayMs);
      this.#current = this.#options.spawn();
      startedAt = Date.now();
      this.restarts++;
      const restarted = this.#current;
      try {
        await this.#options.ready(restarted, this.#policy.readyTimeoutMs);
        if (!this.#retired && !restarted.exited) this.#say('log', 'restarted');
      } catch {
        // An exit is reported by the next turn of the loop; a process that lives but does not answer is
        // left running (it may be waiting for another one to come back) and said once.
        if (!this.#retired && !restarted.exited) {
          this.#say('error', `restarted, but not answering after ${formatDelay(this.#policy.readyTimeoutMs)}`);
        }
      }
    }
  }

  async #pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.#wake = undefined;
  }

  #say(level: 'log' | 'error', text: string): void {
    this.#options.output[level](`[${this.name}] ${text}`);
    const file = this.#current.logFile;
    if (!file) return;
    try {
      // One JSON line as the services' pino writes them: their logs stay machine-readable.
      const entry = {
        level: level === 'error' ? 'error' : 'info',
        time: new Date().toISOString(),
        name: 'launcher',
        msg: text,
      };
      appendFileSync(file, `${JSON.stringify(entry)}\n`);
    } catch {
      // The console has it; a log that cannot be written must not stop the supervision.
    }
  }
}
