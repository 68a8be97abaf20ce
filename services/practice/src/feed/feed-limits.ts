// How many feed fetches one client address may make per window: a calendar application asks every few minutes to
// hours, so the limit is generous; it stops a loop or a scan from costing a database read and a booking request
// each time. Unknown secrets count as much as known ones. The kit's window limits over this service's database.
import type { RequestHandler } from 'express';
import type { DbSlotStore } from '@hhp/kit';
import { HttpError, requestContext, SlotCounters, WindowLimits, type AddressAllowlist, type Logger } from '@hhp/kit';

export const TOO_MANY_FEED_FETCHES = 'Too many calendar feed requests from here. Please try again later.';

export interface FeedLimitOptions {
  perAddress: number;
  windowSeconds: number;
  allowlist: AddressAllowlist;
  logger: Logger;
  now: () => Date;
}

export function feedLimits(store: DbSlotStore, options: FeedLimitOptions): RequestHandler {
  const limits = new WindowLimits(new SlotCounters(store, { logger: options.logger }), options.windowSeconds);
  return async (req, res, next) => {
    const address = requestContext(req).clientAddress;
    if (options.perAddress === 0 || options.allowlist.exempt(address)) return next();
    const admission = await limits.admit('feed', address, options.perAddress, options.now());
    if (!admission.ok) {
      res.set('Retry-After', String(admission.retryAfterSeconds));
      throw new HttpError(429, TOO_MANY_FEED_FETCHES);
    }
    next();
  };
}
