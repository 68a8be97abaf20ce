import type { Response } from 'express';
import { QuotaUnavailable } from './admission.js';

/** A question refused for want of the quota store says when to try again (the error handler writes the body). */
export function retryLater(res: Response, err: unknown): void {
  if (err instanceof QuotaUnavailable) res.set('Retry-After', String(err.retryAfterSeconds));
}
