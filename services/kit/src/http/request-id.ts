import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * The same rule as nginx.conf's $hhp_request_id map: a caller's id is logged, passed on over NATS and echoed
 * in a header, so only a short token of safe characters is taken; anything else gets a new id.
 */
export const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's `x-request-id` when it is a safe token, otherwise a new one; echoed on the response. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
