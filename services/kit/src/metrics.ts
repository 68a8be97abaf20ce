import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
}

/** A registry per app (not prom-client's global one), so several apps can live in one test process. */
export function createMetrics(service: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const httpDuration = metricsOn(registry).histogram(
    'http_request_duration_seconds',
    'Duration of HTTP requests in seconds',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    ['method', 'route', 'status_code'],
  );
  return { registry, httpDuration };
}

/**
 * A service's own metrics, one line each: prom-client's counters, histograms and gauges registered on the
 * service's registry only, by name (`<service>_<what>_<unit>`), help and label names.
 */
export function metricsOn(registry: Registry) {
  return {
    counter: <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name, help, labelNames, registers: [registry] }),
    histogram: <L extends string = never>(
      name: string,
      help: string,
      buckets: number[],
      labelNames: readonly L[] = [],
    ) => new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] }),
    /** `read`: the gauge's value, asked at each scrape. */
    gauge: (name: string, help: string, read?: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        ...(read && {
          collect(this: Gauge) {
            this.set(read());
          },
        }),
      }),
  };
}
