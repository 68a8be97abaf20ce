// Where a Docker engine is reachable, the integration suites run against the production images
// (MongoDB 7, NATS with JetStream) through testcontainers instead of the local FerretDB and nats-server.
// Asked only when Docker is configured (DOCKER_HOST or the default socket), so machines without an
// engine pay nothing.
import { existsSync } from 'node:fs';
import { natsAuthConfig, type NatsUser } from '../nats-auth.js';

export interface Containers {
  mongodbUri: string;
  natsUrl: string;
  stop(): Promise<void>;
}

export function dockerConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.TESTCONTAINERS === 'off') return false;
  return Boolean(env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

/**
 * Starts MongoDB 7 and NATS with JetStream (with `users` only: nats-auth.ts), or resolves undefined when the
 * engine does not answer.
 */
export async function startContainers(users: NatsUser[]): Promise<Containers | undefined> {
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  try {
    await Promise.race([
      getContainerRuntimeClient(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer from Docker')), 5000)),
    ]);
  } catch {
    return undefined;
  }
  const [mongo, nats] = await Promise.all([
    new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start(),
    new GenericContainer('nats:2')
      .withCopyContentToContainer([{ content: natsAuthConfig(users), target: '/etc/nats/auth.conf' }])
      .withCommand(['-c', '/etc/nats/auth.conf', '-js'])
      .withExposedPorts(4222)
      .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
      .start(),
  ]);
  return {
    mongodbUri: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`,
    natsUrl: `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`,
    stop: async () => {
      await Promise.all([mongo.stop(), nats.stop()]);
    },
  };
}
