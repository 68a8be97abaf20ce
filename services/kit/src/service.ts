import type { Router } from 'express';
import type { Logger } from 'pino';
import { createApp } from './http/app.js';
import type { ReadinessChecks } from './http/health.js';
import type { RouteBody } from './http/body.js';
import { listen, type RunningServer } from './http/server.js';
import { attachWebSockets, type WebSocketRoute, type WebSockets } from './http/websocket.js';
import { startPeriodic, type PeriodicTask } from './periodic.js';
import { connectMongo, type Mongo } from './data/mongo.js';
import { EventBus } from './events/bus.js';
import { createLogger } from './logger.js';
import { createMetrics, type Metrics } from './metrics.js';
import { onShutdown, runShutdown, type ShutdownStep } from './shutdown.js';
import type { ServiceConfig } from './config.js';
import { createTracing, entryPackageVersion, type Tracing } from './tracing/tracing.js';

/** What a service's setup gets: its config and the connections the kit opened for it. */
export interface ServiceContext<C extends ServiceConfig> {
  config: C;
  logger: Logger;
  mongo: Mongo;
  bus: EventBus;
  metrics: Metrics;
  /** The service's tracer (no-op unless OTEL_EXPORTER_OTLP_ENDPOINT is set): for spans of its own. */
  tracing: Tracing;
}

/** What a service's setup returns: its routes, extra readiness checks, and what to stop before the connections close. */
export interface ServiceParts {
  routers: Router[];
  readiness?: ReadinessChecks;
  /** Routes that parse their body their own way instead of the default JSON (at most MAX_JSON_BODY_BYTES): see body.ts. */
  bodies?: readonly RouteBody[];
  /** WebSocket upgrades on one path of the service's HTTP server; drained first on shutdown. */
  websocket?: WebSocketRoute;
  /** Work on a clock, started once the service listens and stopped right after the HTTP server. */
  every?: readonly PeriodicTask[];
  /** Stopped in order, after the HTTP server and the periodic tasks, before NATS and MongoDB. */
  stop?: ShutdownStep[];
}

export interface ServiceDefinition<C extends ServiceConfig> {
  name: string;
  config: C;
  setup(context: ServiceContext<C>): Promise<ServiceParts> | ServiceParts;
  logger?: Logger;
  /** `service.version` of its spans; `runService` reads it from the service's package.json. */
  version?: string;
  /**
   * Tracing made by the caller (a test's in-memory exporter), who then also shuts it down; by default the
   * kit makes it from OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME and flushes it last on shutdown.
   */
  tracing?: Tracing;
}

export interface RunningService<C extends ServiceConfig> extends ServiceContext<C> {
  http: RunningServer;
  /** The service's open WebSockets, when it has a `websocket` route. */
  websockets?: WebSockets;
  url: string;
  /** Drain WebSockets, stop HTTP, the periodic tasks, the service's own parts, NATS, then MongoDB. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Connect MongoDB and NATS, build the app with the kit's middleware and the service's routes, listen.
 * Tests call this with a config object; `runService` adds signal handling for a real process.
 */
export async function startService<C extends ServiceConfig>({
  name,
  config,
  setup,
  logger = createLogger(name, config.LOG_LEVEL),
  version = 'unknown',
  tracing: given,
}: ServiceDefinition<C>): Promise<RunningService<C>> {
  const metrics = createMetrics(name);
  const tracing =
    given ??
    createTracing({
      name,
      version,
      endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceNameOverride: config.OTEL_SERVICE_NAME,
    });
  if (tracing.enabled && !given) logger.info({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT }, 'exporting traces');
  const [mongo, bus] = await Promise.all([
    connectMongo(config.MONGODB_URI, config.MONGODB_DB, logger),
    EventBus.connect({
      url: config.NATS_URL,
      user: config.NATS_USER,
      password: config.NATS_PASSWORD,
      name,
      logger,
      tracing,
      ackWaitMs: config.EVENT_ACK_WAIT_MS,
    }),
  ]);
  bus.instrument(metrics.registry);
  const context: ServiceContext<C> = { config, logger, mongo, bus, metrics, tracing };
  let parts: ServiceParts;
  try {
    parts = await setup(context);
  } catch (err) {
    await Promise.allSettled([bus.close(), mongo.close(), given ? undefined : tracing.shutdown()]);
    throw err;
  }
  const app = createApp({
    logger,
    metrics,
    trustedProxies: config.TRUSTED_PROXIES,
    tracing,
    routers: parts.routers,
    ...(parts.bodies ? { bodies: parts.bodies } : {}),
    readiness: { mongodb: () => mongo.ping(), nats: () => bus.isConnected(), ...parts.readiness },
    databaseReachable: () => mongo.ping(),
  });
  const http = await listen(app, { port: config.PORT, host: config.HOST }, logger);
  const websockets =
    parts.websocket &&
    attachWebSockets(http.server, parts.websocket, {
      logger,
      trust: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
    });
  const periodic = startPeriodic(parts.every ?? [], logger);
  const steps: ShutdownStep[] = [
    ...(websockets ? [['websockets', () => websockets.drain()] as const] : []),
    ['http', () => http.close()],
    ['periodic tasks', () => periodic.stop()],
    ...(parts.stop ?? []),
    ['nats', () => bus.close()],
    ['mongodb', () => mongo.close()],
    // Last, so the spans of everything above are exported (the batch is flushed).
    ...(given ? [] : [['tracing', () => tracing.shutdown()] as const]),
  ];
  let closing: Promise<boolean> | undefined;
  return {
    ...context,
    http,
    ...(websockets ? { websockets } : {}),
    url: http.url,
    close: async () => {
      closing ??= runShutdown(logger, steps);
      await closing;
    },
  };
}

/** `main.ts` of a service: start it, stop it cleanly on SIGTERM/SIGINT, exit 1 if it cannot start. */
export async function runService<C extends ServiceConfig>(definition: ServiceDefinition<C>): Promise<void> {
  const logger = definition.logger ?? createLogger(definition.name, definition.config.LOG_LEVEL);
  try {
    const service = await startService({
      ...definition,
      logger,
      version: definition.version ?? entryPackageVersion() ?? 'unknown',
    });
    onShutdown(logger, [['service', () => service.close()]]);
  } catch (err) {
    logger.fatal({ err }, 'could not start');
    process.exit(1);
  }
}
