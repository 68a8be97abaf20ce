// What the kit's integration suites share: the configuration of a service built on the kit, on the harness's
// FerretDB and nats-server.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { serviceConfig } from '../../src/index.js';

export type Config = z.output<ReturnType<typeof serviceConfig>>;

/**
 * A test service's configuration: `env` read as the service's environment, then port 0, the harness's servers,
 * a database of its own (`<db>-<random>`) and no log.
 */
export const testConfig = (name: string, db: string, env: Record<string, string> = {}): Config => ({
  ...serviceConfig(name, 0).parse(env),
  PORT: 0,
  MONGODB_URI: process.env.MONGODB_URI!,
  NATS_URL: process.env.NATS_URL!,
  MONGODB_DB: `${db}-${randomUUID().slice(0, 8)}`,
  LOG_LEVEL: 'silent',
});
