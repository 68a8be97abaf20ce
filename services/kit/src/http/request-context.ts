// One way for a handler to know which request it serves: the id that the logs, the response header and the
// events it causes carry; a logger that writes that id on every line; and the client's address as the
// trusted proxies reported it (per-address guards and hashed visitor ids count by it). HTTP routes get it from
// what the kit's request logging and express already computed; a WebSocket upgrade, which express never
// sees, gets the same three from the kit before the service's connection handler runs (websocket.ts).
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { requestTraceFields } from '../tracing/http.js';

export interface RequestContext {
  /** The caller's safe `x-request-id`, or one the kit made (requestIdFor); echoed on the response. */
  requestId: string;
  /** The service's logger with `requestId` on every line (and the trace's ids when the service traces). */
  logger: Logger;
  /** The client's address: the socket's, or what the trusted proxies said in X-Forwarded-For. */
  clientAddress: string;
}

const contexts = new WeakMap<IncomingMessage, RequestContext>();

/** Remember the context of a request that express does not handle (a WebSocket upgrade). */
export function setRequestContext(req: IncomingMessage, context: RequestContext): void {
  contexts.set(req, context);
}

/** The request's id, child logger and client address: the same for every route, webhook and socket. */
export function requestContext(req: IncomingMessage): RequestContext {
  const known = contexts.get(req);
  if (known) return known;
  // Set by pino-http (id, log) and express (ip) before any route runs.
  const { id, log, ip } = req as IncomingMessage & { ip?: string };
  const trace = requestTraceFields(req);
  const context = {
    requestId: String(id),
    logger: trace ? log.child(trace) : log,
    clientAddress: ip ?? req.socket.remoteAddress ?? 'unknown',
  };
  contexts.set(req, context);
  return context;
}

/**
 * express's rule for `req.ip`, for requests express does not see: walk from the socket's address back
 * through X-Forwarded-For while each hop is a trusted proxy; the first one that is not is the client.
 */
export function clientAddressOf(req: IncomingMessage, trust: (address: string, hop: number) => boolean): string {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const hops = [socketAddress, ...forwarded];
  for (let i = 0; i < hops.length - 1; i += 1) {
    if (!trust(hops[i]!, i)) return hops[i]!;
  }
  return hops.at(-1)!;
}
