// How many sign-in and registration calls one client address may make per window (options and verify each
// count): the kit's window limits over a collection of this service's database (not a hot counter).
import type { RequestHandler } from 'express';
import type { DbSlotStore } from '@hhp/kit';
import { HttpError, requestContext, SlotCounters, WindowLimits, type AddressAllowlist, type Logger } from '@hhp/kit';

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts from here. Please try again later.';

export interface SignInLimitOptions {
  perAddress: number;
  windowSeconds: number;
  allowlist: AddressAllowlist;
  logger: Logger;
  now: () => Date;
}

export function signInLimits(store: DbSlotStore, options: SignInLimitOptions): RequestHandler {
  const limits = new WindowLimits(new SlotCounters(store, { logger: options.logger }), options.windowSeconds);
  return async (req, res, next) => {
    const address = requestContext(req).clientAddress;
    if (options.perAddress === 0 || options.allowlist.exempt(address)) return next();
    const admission = await limits.admit('sign-in', address, options.perAddress, options.now());
    if (!admission.ok) {
      res.set('Retry-After', String(admission.retryAfterSeconds));
      throw new HttpError(429, TOO_MANY_SIGN_INS);
    }
    next();
  };
}
