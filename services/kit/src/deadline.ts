// Waiting for something that may never answer (a stalled database) without waiting forever.
import { HttpError } from './errors.js';

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

/**
 * The promise's value, or an HttpError 503 with `message` when it has not settled within `ms`: a visitor
 * gets a clear answer at once instead of waiting for a stalled database. The work itself goes on, so it
 * must be safe to finish late (an idempotent write, or one whose retry is recognised).
 */
export async function orUnavailable<T>(ms: number, promise: Promise<T>, message: string): Promise<T> {
  const result = await within(ms, promise);
  if (result === TIMED_OUT) throw new HttpError(503, message);
  return result;
}
