// Every request of the console is answered within its budget (DB_TIMEOUT_MS; the invite's adds the e-mail's): a
// database that stops answering (a stall, a partition: the driver waits for a socket that stays open) is a 503 with
// Retry-After at once, as booking and content answer, never a request held. The budget is the request's, from
// its first handler to its last; each handler gets what is left. A handler that finishes late writes nothing
// (the answer is gone) and calls no further handler; what it wrote to the database stays (see the README).
import type { Request, RequestHandler } from 'express';
import { HttpError, TIMED_OUT, within } from '@hhp/kit';

export const DATABASE_LATE = 'The practice console cannot reach its database right now. Please try again in a moment.';

const deadlines = new WeakMap<Request, number>();

/** The route's handlers, each bounded by what is left of the request's `budgetMs`. */
export function bounded(budgetMs: number, ...handlers: RequestHandler[]): RequestHandler[] {
  return handlers.map((handler, index) => async (req, res, next) => {
    if (index === 0) deadlines.set(req, Date.now() + budgetMs);
    const left = Math.max(0, (deadlines.get(req) ?? Date.now() + budgetMs) - Date.now());
    let late = false;
    const work = Promise.resolve(
      handler(req, res, (err?: unknown) => {
        if (!late) next(err);
      }),
    );
    const result = await within(left, work);
    if (result === TIMED_OUT) {
      late = true;
      throw new HttpError(503, DATABASE_LATE);
    }
  });
}
