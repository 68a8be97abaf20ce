import { Router } from 'express';
import { Counter, Gauge, type Registry } from 'prom-client';
import { TIMED_OUT, within } from '../deadline.js';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../errors.js';

/** A named dependency check: resolves true when the dependency can be used right now. */
export type ReadinessChecks = Record<string, () => Promise<boolean> | boolean>;

const CHECK_TIMEOUT_MS = 1500;

async function settle(check: () => Promise<boolean> | boolean): Promise<boolean> {
  const ready = await within(CHECK_TIMEOUT_MS, Promise.resolve().then(check)).catch(() => false);
  return ready !== TIMED_OUT && ready;
}

/**
 * Readiness as metrics: `service_ready` (1 or 0) and `service_readiness_check` (each check's) as of the last
 * evaluation, and `service_readiness_changes_total`, counted whenever an evaluation differs from the one
 * before: a service that flaps between ready and not is seen even between two scrapes. Evaluated on every
 * /readyz (the orchestrator's probe) and at every scrape.
 */
function readinessMetrics(registry: Registry, evaluate: () => Promise<Record<string, boolean>>) {
  const changes = new Counter({
    name: 'service_readiness_changes_total',
    help: 'Times the readiness of the service changed (ready to not ready or back), as evaluated by /readyz and scrapes',
    registers: [registry],
  });
  const ready = new Gauge({
    name: 'service_ready',
    help: 'Whether the service is ready (1) or not (0), as of its last evaluation',
    registers: [registry],
    async collect() {
      await evaluate();
    },
  });
  const checks = new Gauge({
    name: 'service_readiness_check',
    help: 'Whether each readiness check (label check) passed (1) or failed (0), as of the last evaluation',
    labelNames: ['check'] as const,
    registers: [registry],
  });
  let last: boolean | undefined;
  return (results: Record<string, boolean>) => {
    const now = Object.values(results).every(Boolean);
    if (last !== undefined && last !== now) changes.inc();
    last = now;
    ready.set(Number(now));
    for (const [check, ok] of Object.entries(results)) checks.set({ check }, Number(ok));
  };
}

export function healthRouter(readiness: ReadinessChecks, registry: Registry): Router {
  const router = Router();
  const names = Object.keys(readiness);
  const evaluate = async (): Promise<Record<string, boolean>> => {
    const results = await Promise.all(names.map((name) => settle(readiness[name]!)));
    const byName = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    record(byName);
    return byName;
  };
  const record = readinessMetrics(registry, evaluate);
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await evaluate();
    const checks = Object.fromEntries(names.map((name) => [name, results[name] ? 'ok' : 'failing']));
    const failing = names.filter((name) => !results[name]);
    res.set('Cache-Control', 'no-store');
    if (failing.length === 0) res.json({ status: 'ready', checks });
    else
      res
        .status(503)
        .set('Retry-After', String(DEFAULT_RETRY_AFTER_SECONDS))
        .json({ message: `Not ready: ${failing.join(', ')} unavailable`, checks });
  });
  router.get('/metrics', async (_req, res) => {
    res.set('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  });
  return router;
}
