import { HttpError, parse } from '@hhp/kit';
import type { Request } from 'express';
import type { z } from 'zod';

/**
 * A POST's JSON body parsed with proto's schema. No body at all, or zero bytes sent as JSON (which the JSON
 * parser reads as `{}`), is a 400 of its own ("body: is required"), not an empty object: a route whose fields
 * are all optional would otherwise act on a request that said nothing (the OpenAPI document marks every
 * request body required).
 */
export function parseBody<T extends z.ZodType>(schema: T, req: Request): z.output<T> {
  if (req.body === undefined || req.rawBody?.length === 0) {
    throw new HttpError(400, 'body: is required (a JSON object, Content-Type: application/json)');
  }
  return parse(schema, req.body);
}
