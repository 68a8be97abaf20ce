import type { Request } from 'express';
import { HttpError, type Logger } from '@hhp/kit';

/** The parsed JSON body as an object (an absent body reads as `{}` so zod names the missing fields). */
export function bodyObject(req: Request): unknown {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body;
}

/** What the kit's request logging (pino-http) adds to every request: its id and a child logger. */
export function requestContext(req: Request): { requestId: string; log: Logger } {
  const { id, log } = req as Request & { id: unknown; log: Logger };
  return { requestId: String(id), log };
}
