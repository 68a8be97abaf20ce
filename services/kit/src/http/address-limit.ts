// A route's limit per client address: how many calls one address may make per window (the kit's window limits
// over a slot store), beyond which it is answered 429 with Retry-After until the window ends. An address on the
// load-test allowlist, or a limit of 0, is not counted.
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { HttpError } from '../errors.js';
import { SlotCounters } from '../limits/slot-counters.js';
import type { SlotStore } from '../limits/slot-store.js';
import { WindowLimits } from '../limits/window-limits.js';
import type { AddressAllowlist } from './client-key.js';
import { requestContext } from './request-context.js';

export interface AddressLimitOptions {
  /** What is counted (the counters' names start with it: `sign-in`, `feed`). */
  scope: string;
  /** The 429's message. */
  message: string;
  perAddress: number;
  windowSeconds: number;
  allowlist: AddressAllowlist;
  logger: Logger;
  now: () => Date;
}

export function addressLimit(store: SlotStore, options: AddressLimitOptions): RequestHandler {
  const limits = new WindowLimits(new SlotCounters(store, { logger: options.logger }), options.windowSeconds);
  return async (req, res, next) => {
    const address = requestContext(req).clientAddress;
    if (options.perAddress === 0 || options.allowlist.exempt(address)) return next();
    const admission = await limits.admit(options.scope, address, options.perAddress, options.now());
    if (!admission.ok) {
      res.set('Retry-After', String(admission.retryAfterSeconds));
      throw new HttpError(429, options.message);
    }
    next();
  };
}
