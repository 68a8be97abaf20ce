// Waiting for something that may never answer (a stalled database) without waiting forever.

export const TIMED_OUT: unique symbol = Symbol('timed out');

/**
 * The promise's outcome, or TIMED_OUT when it has not settled within `ms`. The promise itself goes on;
 * a rejection after the deadline is observed here, so it is never reported as unhandled.
 */
export function within<T>(ms: number, promise: Promise<T>): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
