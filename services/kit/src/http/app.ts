import express, { type Application, type RequestHandler, type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics.js';
import { bodyParsers, type RouteBody } from './body.js';
import { createErrorHandler, notFound } from './error-handler.js';
import { healthRouter, type ReadinessChecks } from './health.js';
import { allowedMethods, methodGuard } from './methods.js';
import { requestIdFor } from './request-id.js';
import { requestTraceFields, traceRequests } from '../tracing/http.js';
import type { Tracing } from '../tracing/tracing.js';

export interface AppDeps {
  logger: Logger;
  /** The service's own routes, mounted at the root after the body parser. */
  routers: Router[];
  /** Routes that parse their body their own way (a webhook's raw bytes, a larger JSON limit). */
  bodies?: readonly RouteBody[];
  readiness: ReadinessChecks;
  metrics: Metrics;
  /** The proxies whose X-Forwarded-For is believed (TRUSTED_PROXIES, parsed by the kit's config). */
  trustedProxies: readonly string[];
  /** The service's tracing: when enabled, a server span per request (tracing/http.ts). */
  tracing?: Tracing;
  /** Whether the database answers right now: a command it failed is then a 503, not a 500 (error-handler.ts). */
  databaseReachable?: () => Promise<boolean>;
}

const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

function recordDuration(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpDuration.startTimer({ method: req.method });
    res.on('finish', () => {
      const route = req.route ? `${req.baseUrl}${req.route.path}` : 'unmatched';
      end({ route, status_code: String(res.statusCode) });
    });
    next();
  };
}

/** The express app of a service: security headers, request ids and logs, JSON, health, errors. */
export function createApp({
  logger,
  routers,
  bodies,
  readiness,
  metrics,
  trustedProxies,
  tracing,
  databaseReachable,
}: AppDeps): Application {
  const app = express();
  app.disable('x-powered-by');
  // By address, not by hop count: a request that reaches the port straight from anyone else (another
  // container, a port left open) is counted by its socket address, whatever X-Forwarded-For it sends;
  // one that came through the trusted proxies is the address they saw (per-address guards count it).
  app.set('trust proxy', [...trustedProxies]);
  app.use(helmet());
  // Before the request log, whose logger (every line of the request, and the line when it ends) carries the ids.
  if (tracing?.enabled) app.use(traceRequests(tracing.tracer, PROBES));
  app.use(
    pinoHttp({
      logger,
      genReqId: requestIdFor,
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      ...(tracing?.enabled && { customProps: (req) => requestTraceFields(req) ?? {} }),
      autoLogging: { ignore: (req) => PROBES.has(req.url?.split('?')[0] ?? '') },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      // One short line per request: headers (cookies among them) stay out of the logs, and the line is
      // cheap enough to write at hundreds of requests per second.
      serializers: {
        req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url?.split('?')[0] }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );
  app.use(recordDuration(metrics));
  const health = healthRouter(readiness, metrics.registry);
  // Before the routes (whose automatic OPTIONS would answer first) and before any body is read.
  app.use(methodGuard([health, ...routers]));
  // For the server's answer to a method Node's parser refuses (server.ts), which express never sees.
  app.locals.allowedMethods = (path: string) => allowedMethods([health, ...routers], path);
  app.use(health);
  app.use(bodyParsers(bodies));
  for (const router of routers) app.use(router);
  app.use(notFound);
  app.use(createErrorHandler(databaseReachable ? { databaseReachable } : {}));
  return app;
}
