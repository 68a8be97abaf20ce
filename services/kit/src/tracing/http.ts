// A server span per HTTP request, named by its route once express has matched one (`POST /api/query-ai`).
// Its parent is the caller's W3C `traceparent` when there is one (nginx passes the header on as it came);
// otherwise the service starts the trace. nginx-light has no OpenTelemetry module, so the edge's link to a
// trace is its request id (X-Request-Id), recorded on the span: a log line of nginx and the trace share it.
import { SpanKind, SpanStatusCode, context, trace, type Context, type Tracer } from '@opentelemetry/api';
import {
  ATTR_HTTP_REQUEST_HEADER,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';
import type { Request, RequestHandler } from 'express';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '../http/request-id.js';
import { traceLogFields, type TraceLogFields } from './log.js';
import { extractFromHttp } from './propagation.js';

/** The attribute that carries nginx's (or the kit's) request id: `http.request.header.x-request-id`. */
export const ATTR_REQUEST_ID = ATTR_HTTP_REQUEST_HEADER(REQUEST_ID_HEADER);

const routeOf = (req: Request): string | undefined =>
  req.route ? `${req.baseUrl}${String(req.route.path)}` : undefined;

/** The context of each traced request: its span, under the caller's. */
const contexts = new WeakMap<IncomingMessage, Context>();

/**
 * Starts the request's span and makes it the active context for what the request runs next. `skip` paths
 * get no span. The body parsers go on from the body's last 'data' event, which runs in the connection's
 * context, yet the routes after them still run in the span: express's parsers read through raw-body, which
 * binds its callback to the context it was called in (tested with a body sent after a pause). So no listener
 * of the request or the response is bound here, as OpenTelemetry's HTTP instrumentation does (context.bind):
 * that adds methods to every request and response object, a measurable cost (BENCHMARKS.md, "Tracing").
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
    contexts.set(req, ctx);
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

/** The trace ids of a traced request, for its logger (pino-http's bindings); undefined when it has none. */
export function requestTraceFields(req: IncomingMessage): TraceLogFields | undefined {
  const ctx = contexts.get(req);
  return ctx && traceLogFields(trace.getSpan(ctx));
}
