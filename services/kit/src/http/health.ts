import { Router } from 'express';
import type { Registry } from 'prom-client';
import { TIMED_OUT, within } from '../deadline.js';

/** A named dependency check: resolves true when the dependency can be used right now. */
export type ReadinessChecks = Record<string, () => Promise<boolean> | boolean>;

const CHECK_TIMEOUT_MS = 1500;

async function settle(check: () => Promise<boolean> | boolean): Promise<boolean> {
  const ready = await within(CHECK_TIMEOUT_MS, Promise.resolve().then(check)).catch(() => false);
  return ready !== TIMED_OUT && ready;
}

export function healthRouter(readiness: ReadinessChecks, registry: Registry): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const names = Object.keys(readiness);
    const results = await Promise.all(names.map((name) => settle(readiness[name]!)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'failing']));
    const failing = names.filter((_, i) => !results[i]);
    res.set('Cache-Control', 'no-store');
    if (failing.length === 0) res.json({ status: 'ready', checks });
    else res.status(503).json({ message: `Not ready: ${failing.join(', ')} unavailable`, checks });
  });
  router.get('/metrics', async (_req, res) => {
    res.set('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  });
  return router;
}
