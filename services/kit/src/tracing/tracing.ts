// One tracer provider per service, with the service's name and version on every span. Spans go out over
// OTLP (HTTP, protobuf; batched) only when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise the tracer is
// OpenTelemetry's no-op one: no span is recorded, nothing is exported, and the kit adds no HTTP middleware,
// so tracing costs next to nothing when it is off (BENCHMARKS.md, "Tracing"). The provider is not
// registered as the global one: several services share a process in the integration tests, and each
// must name its own spans; the kit hands each service's tracer to its HTTP app and its event bus.
import { context, ProxyTracerProvider, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { emptyResource, envDetector, detectResources, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The instrumentation scope of the kit's spans. */
export const TRACER_NAME = '@hhp/kit';

export interface TracingOptions {
  /** `service.name`; OTEL_SERVICE_NAME, when set, wins (the standard rule). */
  name: string;
  version: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: spans go to `<endpoint>/v1/traces`; unset, nothing is exported. */
  endpoint?: string | undefined;
  serviceNameOverride?: string | undefined;
  /** Where spans go instead of OTLP (the tests' in-memory exporter, behind a SimpleSpanProcessor). */
  spanProcessors?: SpanProcessor[];
}

export interface Tracing {
  /** False when spans are neither recorded nor exported (no endpoint, no processor). */
  readonly enabled: boolean;
  readonly tracer: Tracer;
  /** Exports what is buffered; spans ended after this are dropped. Safe to call twice. */
  shutdown(): Promise<void>;
}

/** A tracer that records nothing: OpenTelemetry's no-op, reached through a provider no one registers. */
export const disabledTracing: Tracing = {
  enabled: false,
  tracer: new ProxyTracerProvider().getTracer(TRACER_NAME),
  shutdown: async () => undefined,
};

let contextManager: AsyncLocalStorageContextManager | undefined;

/**
 * The active span follows a request through awaits and callbacks only with a context manager; one per
 * process, set by the first service that traces (the no-op manager, in place otherwise, keeps none).
 */
function ensureContextManager(): void {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  if (!context.setGlobalContextManager(contextManager)) contextManager.disable();
}

/** The service's tracing: OTLP when an endpoint is given, the given processors, or off. */
export function createTracing(options: TracingOptions): Tracing {
  const processors = [...(options.spanProcessors ?? [])];
  if (options.endpoint) processors.push(new BatchSpanProcessor({ exporter: otlpExporter(options.endpoint) }));
  if (processors.length === 0) return disabledTracing;
  ensureContextManager();
  const provider = new TracerProvider({
    resource: serviceResource(options),
    spanProcessors: processors,
  });
  let closing: Promise<void> | undefined;
  return {
    enabled: true,
    tracer: provider.getTracer(TRACER_NAME, options.version),
    shutdown: () => (closing ??= provider.shutdown()),
  };
}

function otlpExporter(endpoint: string): SpanExporter {
  // The generic endpoint names the collector; the traces signal's path is appended (OTLP exporter spec).
  return new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
}

function serviceResource({ name, version, serviceNameOverride }: TracingOptions) {
  // OTEL_RESOURCE_ATTRIBUTES (deployment.environment.name, k8s.pod.name, …) first, then what the kit knows.
  const fromEnv = detectResources({ detectors: [envDetector] });
  return emptyResource()
    .merge(fromEnv)
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: serviceNameOverride ?? name,
        [ATTR_SERVICE_VERSION]: version,
        [ATTR_SERVICE_INSTANCE_ID]: randomUUID(),
      }),
    );
}

/**
 * The version in the package.json beside the folder of the process's entry file: a service runs as
 * `services/<name>/dist/main.js`, locally and in its image. Undefined when there is none to read.
 */
export function entryPackageVersion(entry = process.argv[1]): string | undefined {
  if (!entry) return undefined;
  try {
    const manifest: unknown = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'));
    const version = (manifest as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
