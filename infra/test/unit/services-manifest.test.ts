import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  SERVICES,
  databaseName,
  servicePort,
  upstreamName,
  upstreamVariable,
  type ServiceEntry,
} from '@hhp/proto/services';
import { repoRoot } from '../../src/dev-servers.js';
import { NATS_SERVICE_USERS, servicePermissions } from '../../src/nats-auth.js';
import { NGINX_TEMPLATE_VARIABLES, nginxTemplatePath } from '../../src/launcher/nginx-config.js';
import { nginxRoutingDrift, readNginxRouting } from '../../src/launcher/nginx-routes.js';
import { UPSTREAM_VARIABLE } from '../../src/launcher/services.js';
import { replicasOf } from '../../src/launcher/stack.js';

const nginxConf = readFileSync(nginxTemplatePath, 'utf8');

describe('the services manifest', () => {
  test('when services are listed, then names, ports and routes are each used once', () => {
    const names = SERVICES.map((s) => s.name);
    const ports = SERVICES.map((s) => s.port);
    const routes = SERVICES.flatMap((s) => [...s.routes]);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(ports).size).toBe(ports.length);
    expect(new Set(routes).size).toBe(routes.length);
    // Names become folders, MongoDB and NATS users, nginx upstreams and environment variables.
    for (const name of names) expect(name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    for (const route of routes) expect(route).toMatch(/^(= )?\/\S*$/);
  });

  test('when a service folder exists, then it is in the manifest, and every entry is a workspace and a project', () => {
    const workspaces = (
      JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces;
    // kit, crisis-rules, embeddings and crisis-model are libraries the services import, not processes.
    const libraries = ['services/kit', 'services/crisis-rules', 'services/embeddings', 'services/crisis-model'];
    const processes = workspaces
      .filter((w) => w.startsWith('services/') && !libraries.includes(w))
      .map((w) => w.slice('services/'.length));
    expect(processes.sort()).toEqual(SERVICES.map((s) => s.name).sort());
    const { references } = JSON.parse(readFileSync(path.join(repoRoot, 'tsconfig.json'), 'utf8')) as {
      references: { path: string }[];
    };
    for (const { name } of SERVICES) expect(references.map((r) => r.path)).toContain(`services/${name}`);
  });

  test('when proto/openapi.json documents an operation, then one service of the manifest is routed its path', () => {
    const { paths } = JSON.parse(readFileSync(path.join(repoRoot, 'proto', 'openapi.json'), 'utf8')) as {
      paths: Record<string, unknown>;
    };
    const matches = (route: string, apiPath: string) =>
      route.startsWith('= ') ? route.slice(2) === apiPath : apiPath.startsWith(route);
    for (const apiPath of Object.keys(paths)) {
      // nginx picks the longest prefix; an exact location wins outright.
      const owners = SERVICES.filter((s) => s.routes.some((route) => matches(route, apiPath))).map((s) => s.name);
      expect([apiPath, owners.length]).toEqual([apiPath, 1]);
    }
  });

  test('when the derived names are asked for, then they follow the service name', () => {
    expect(upstreamName('ai-query')).toBe('ai_query');
    expect(upstreamVariable('ai-query')).toBe('AI_QUERY_UPSTREAM');
    expect(databaseName('content')).toBe('hhp-content');
    expect(servicePort('crisis')).toBe(4002);
  });

  test('when the launcher renders nginx.conf, then it fills one placeholder per service', () => {
    expect(NGINX_TEMPLATE_VARIABLES).toEqual([
      'LISTEN_ADDR',
      'FRONTEND_ROOT',
      'MEDIA_ROOT',
      ...SERVICES.map((s) => upstreamVariable(s.name)),
    ]);
    expect(Object.values(UPSTREAM_VARIABLE)).toEqual(SERVICES.map((s) => upstreamVariable(s.name)));
  });

  test('when replicas are asked for, then only a service the manifest lets scale runs more than one', () => {
    expect(SERVICES.filter((s: ServiceEntry) => s.replicasVariable).map((s) => s.name)).toEqual(['ai-query']);
    expect(replicasOf('ai-query', { AI_QUERY_REPLICAS: '3' })).toBe(3);
    expect(replicasOf('ai-query', {})).toBe(1);
    expect(replicasOf('crisis', { AI_QUERY_REPLICAS: '3', CRISIS_REPLICAS: '3' })).toBe(1);
    expect(() => replicasOf('ai-query', { AI_QUERY_REPLICAS: '0' })).toThrow(/AI_QUERY_REPLICAS must be/);
  });

  test('when NATS users are made, then there is one per service of the manifest, each with permissions', () => {
    expect([...NATS_SERVICE_USERS]).toEqual(SERVICES.map((s) => s.name));
    expect(Object.keys(servicePermissions()).sort()).toEqual(SERVICES.map((s) => s.name).sort());
  });
});

describe('nginx.conf against the manifest', () => {
  test('when nginx.conf is read, then it routes exactly the manifest', () => {
    expect(nginxRoutingDrift(nginxConf, SERVICES)).toEqual([]);
  });

  test('when nginx.conf is read, then every route of every service is a location proxying to its upstream', () => {
    const { proxied } = readNginxRouting(nginxConf);
    expect(proxied.get('/api/query-ai/stream')).toBe('ai_query');
    expect(proxied.get('= /api/stripe/webhook')).toBe('payments');
    expect(proxied.get('= /ws')).toBe('voice');
    expect(proxied.size).toBe(SERVICES.flatMap((s) => s.routes).length);
  });

  test('when a route goes to the wrong upstream, then the check names it', () => {
    const drifted = nginxConf.replace(/(location \/api\/quota \{\s*proxy_pass http:\/\/)ai_query;/, '$1content;');
    expect(drifted).not.toBe(nginxConf);
    expect(nginxRoutingDrift(drifted, SERVICES)).toEqual([
      'location /api/quota goes to content, the manifest says ai_query',
    ]);
  });

  test('when nginx.conf proxies a path the manifest does not list, then the check names it', () => {
    const drifted = nginxConf.replace(
      'location /api/ {',
      'location /api/extra {\n        proxy_pass http://crisis;\n    }\n    location /api/ {',
    );
    expect(nginxRoutingDrift(drifted, SERVICES)).toEqual([
      'location /api/extra goes to crisis but is no route of the manifest',
    ]);
  });

  test('when the manifest has a service or route nginx.conf lacks, then the check names both', () => {
    const more: ServiceEntry[] = [
      ...SERVICES.map((s) => (s.name === 'content' ? { ...s, routes: [...s.routes, '/api/playlists'] } : s)),
      { name: 'reminders', port: 4007, routes: ['/api/reminders'], keepalive: 16 },
    ];
    expect(nginxRoutingDrift(nginxConf, more)).toEqual([
      'no upstream reminders for reminders',
      'location /api/playlists (a route of content) is not proxied',
      'location /api/reminders (a route of reminders) is not proxied',
    ]);
  });

  test('when an upstream keeps another number of connections or names another placeholder, then the check names it', () => {
    const drifted = nginxConf
      .replace(/(upstream crisis \{\s*server \$\{CRISIS_UPSTREAM\};\s*keepalive )16;/, '$18;')
      .replace('server ${VOICE_UPSTREAM};', 'server ${VOICE_HOST};');
    expect(nginxRoutingDrift(drifted, SERVICES)).toEqual([
      'upstream crisis keeps 8 idle connections, the manifest says 16',
      'upstream voice should have the one server ${VOICE_UPSTREAM}, not ${VOICE_HOST}',
    ]);
  });
});
