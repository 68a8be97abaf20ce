// nginx.conf as nginx itself reads it, against the services manifest (proto/src/services.ts): every route of
// every service reaches that service, and an API path no service lists reaches none. (The unit test reads the
// file; this one also catches a location that another one outranks, such as a regular expression.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICES, upstreamVariable } from '@hhp/proto/services';
import { freePort, isPortOpen, nginxPath, waitFor } from '../../src/dev-servers.js';
import { nginxArgs, testNginxConfig, writeNginxConfig } from '../../src/launcher/nginx-config.js';
import { spawnGroup, type GroupProcess } from '../../src/launcher/process-group.js';

/** Paths that a route matches: the route itself (exact or prefix), and for a prefix a longer path under it. */
function samplePaths(route: string): string[] {
  if (route.startsWith('= ')) return [route.slice(2)];
  return [route, `${route}${route.endsWith('/') || route.endsWith('-') ? '' : '/'}routing-probe`];
}

describe('nginx.conf routes the manifest', () => {
  let dir: string;
  let port: number;
  let nginx: GroupProcess | undefined;
  const servers: http.Server[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-nginx-routes-'));
    const frontend = path.join(dir, 'frontend');
    mkdirSync(frontend);
    writeFileSync(path.join(frontend, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(path.join(frontend, '404.html'), '<!doctype html><title>not found</title>');
    // Each service is a server that says who it is and what it was asked.
    const upstreams: Record<string, string> = {};
    for (const { name } of SERVICES) {
      const server = http.createServer((req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ service: name, url: req.url }));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      upstreams[upstreamVariable(name)] = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    }
    port = await freePort();
    const files = writeNginxConfig({
      runDir: path.join(dir, 'run'),
      logDir: path.join(dir, 'logs'),
      variables: {
        LISTEN_ADDR: `127.0.0.1:${port}`,
        FRONTEND_ROOT: frontend,
        MEDIA_ROOT: path.join(dir, 'media'),
        ...upstreams,
      },
    });
    await testNginxConfig(files);
    nginx = spawnGroup('nginx', nginxPath(), nginxArgs(files), { logFile: path.join(dir, 'logs', 'nginx.log') });
    await waitFor('nginx', () => isPortOpen(port), { child: nginx, timeoutMs: 10_000 });
  });

  afterAll(async () => {
    await nginx?.stop(5000);
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(dir, { recursive: true, force: true });
  });

  const routes = SERVICES.flatMap(({ name, routes }) =>
    routes.flatMap((route) => samplePaths(route).map((sample) => [name, sample] as const)),
  );

  test.each(routes)('when %s is asked for %s, then nginx passes the request to it', async (service, sample) => {
    const response = await fetch(`http://127.0.0.1:${port}${sample}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ service, url: sample });
  });

  test('when an API path that no service lists is asked for, then no service sees it', async () => {
    for (const sample of ['/api/routing-probe', '/api/stripe/webhook/routing-probe', '/ws/routing-probe']) {
      const response = await fetch(`http://127.0.0.1:${port}${sample}`);
      expect([sample, response.status]).toEqual([sample, 404]);
      // Every stand-in answers 200 with its name: a 404 without one is nginx's own.
      expect(await response.text()).not.toContain('"service"');
    }
  });
});
