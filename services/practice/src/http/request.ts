import type { Request } from 'express';
import { HttpError } from '@hhp/kit';

/** What a body that is JSON but not an object is told (the kit's sentence for a body that is not JSON at all). */
const NOT_AN_OBJECT =
  'The request was not understood: its body must be a JSON object. Please reload the page and try again.';

/** The parsed JSON body as an object (an absent body reads as `{}` so zod names the missing fields). */
export function bodyObject(req: Request): unknown {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, NOT_AN_OBJECT);
  }
  return body;
}
