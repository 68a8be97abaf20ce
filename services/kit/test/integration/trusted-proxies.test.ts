// Which address a service counts a request as coming from (req.ip: per-address guards, hashed visitor ids).
// The tests reach the service from 127.0.0.1, so 'loopback' makes the test a trusted proxy, and a list
// without it makes the test a visitor who connects to the service port straight.
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { parseConfig, serviceConfig, startService, type RunningService } from '../../src/index.js';

const schema = serviceConfig('kit-proxy-test', 0);
type Service = RunningService<ReturnType<typeof schema.parse>>;

async function startWhoAmI(env: Record<string, string>): Promise<Service> {
  const config = parseConfig(schema, {
    PORT: '0',
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    MONGODB_DB: `kit-proxy-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    ...env,
  });
  return startService({
    name: 'kit-proxy-test',
    config,
    setup: () => {
      const router = Router();
      router.get('/api/whoami', (req, res) => {
        res.json({ ip: req.ip });
      });
      return { routers: [router] };
    },
  });
}

const whoami = async (service: { url: string }, forwardedFor?: string) => {
  const res = await fetch(`${service.url}/api/whoami`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return ((await res.json()) as { ip: string }).ip;
};

describe('trusted proxies', () => {
  describe('with the default (loopback: nginx on the same machine, as `npm start` runs it)', () => {
    let service: Service;
    beforeAll(async () => {
      service = await startWhoAmI({});
    });
    afterAll(() => service.close());

    test('when a request comes through the trusted hop, then req.ip is the client address that the hop added', async () => {
      expect(await whoami(service, '203.0.113.7')).toBe('203.0.113.7');
    });

    test('when the client wrote its own X-Forwarded-For before the hop, then only the hop’s entry is believed', async () => {
      expect(await whoami(service, '198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
    });

    test('when there is no X-Forwarded-For, then req.ip is the socket address', async () => {
      expect(await whoami(service)).toBe('127.0.0.1');
    });
  });

  describe('when the proxies are elsewhere (TRUSTED_PROXIES=192.0.2.10, say nginx in compose)', () => {
    let service: Service;
    beforeAll(async () => {
      service = await startWhoAmI({ TRUSTED_PROXIES: '192.0.2.10' });
    });
    afterAll(() => service.close());

    test('when a visitor sends X-Forwarded-For straight to the service port, then req.ip is its socket address', async () => {
      expect(await whoami(service, '203.0.113.7')).toBe('127.0.0.1');
      expect(await whoami(service, '198.51.100.1, 203.0.113.7')).toBe('127.0.0.1');
    });
  });

  describe('when a load balancer’s range is trusted too (TRUSTED_PROXIES=loopback,203.0.113.0/24)', () => {
    let service: Service;
    beforeAll(async () => {
      service = await startWhoAmI({ TRUSTED_PROXIES: 'loopback, 203.0.113.0/24' });
    });
    afterAll(() => service.close());

    test('when a request passed the balancer and then the local hop, then req.ip is the visitor before the balancer', async () => {
      expect(await whoami(service, '198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
    });

    test('when a visitor claims more addresses before that, then the walk stops at the first untrusted one', async () => {
      expect(await whoami(service, '10.1.1.1, 198.51.100.1, 203.0.113.7')).toBe('198.51.100.1');
    });
  });
});
