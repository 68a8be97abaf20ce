// A server span per HTTP request, named by its route once express has matched one (`POST /api/query-ai`).
// Its parent is the caller's W3C `traceparent` when there is one (nginx passes the header on as it came);
// otherwise the service starts the trace. nginx-light has no OpenTelemetry module, so the edge's link to a
// trace is its request id (X-Request-Id), recorded on the span: a log line of nginx and the trace share it.
import { SpanKind, SpanStatusCode, context, trace, type Tracer } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_HEADER,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { Request, RequestHandler } from 'express';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { extractFromHttp } from './propagation.js';

/** The attribute that carries nginx's (or the kit's) request id: `http.request.header.x-request-id`. */
export const ATTR_REQUEST_ID = ATTR_HTTP_REQUEST_HEADER(REQUEST_ID_HEADER);

const routeOf = (req: Request): string | undefined =>
  req.route ? `${req.baseUrl}${String(req.route.path)}` : undefined;

/**
 * Starts the request's span and makes it the active context for everything the request runs, including
 * what the body parsers and the routes do in the request's and response's event callbacks (bound here,
 * since those are emitted from the socket's context, not the middleware's). `skip` paths get no span.
 */
export function traceRequests(tracer: Tracer, skip: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    if (skip.has(path)) return next();
    const parent = extractFromHttp(req.headers);
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: path } },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    context.bind(ctx, req);
    context.bind(ctx, res);
    res.once('close', () => {
      const route = routeOf(req);
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route);
      }
      // The id pino-http settled on: the caller's safe X-Request-Id, or one the kit made (request-id.ts).
      const requestId = (req as Request & { id?: unknown }).id;
      if (requestId !== undefined) span.setAttribute(ATTR_REQUEST_ID, [String(requestId)]);
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      // A server span fails on a 5xx only (a 4xx is the client's); a response cut short fails too.
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      else if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'response not finished' });
      span.end();
    });
    context.with(ctx, next);
  };
}
