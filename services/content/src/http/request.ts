import type { Request } from 'express';
import { HttpError } from '@hhp/kit';

/** The parsed JSON body as an object (an absent body reads as `{}` so zod names the missing fields). */
export function bodyObject(req: Request): unknown {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body;
}
