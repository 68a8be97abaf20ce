import { HttpError, parse } from '@hhp/kit';
import type { z } from 'zod';

/**
 * A POST's JSON body parsed with proto's schema. No body at all is a 400 of its own ("body: is required"),
 * not an empty object: a route whose fields are all optional would otherwise act on a request that said
 * nothing (the OpenAPI document marks every request body required).
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (body === undefined) throw new HttpError(400, 'body: is required (a JSON object, Content-Type: application/json)');
  return parse(schema, body);
}
