// The console's API is closed by default: every route the service's router really has (walked from express's
// own stack, not listed here) answers 401 without a session, and 403 to a practitioner unless it is one of
// STAFF_ROUTES; only PUBLIC_ROUTES (signing in, registering with an invite) answer without one. A route added
// without its guard fails here. The routes are also held to proto/openapi.json, both ways.
import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { PUBLIC_ROUTES, STAFF_ROUTES } from '../../src/practice.router.js';
import {
  address,
  ConsoleClient,
  firstAdmin,
  invitedStaff,
  startPractice,
  uniqueDb,
  type PracticeService,
} from './harness.js';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every `METHOD path` the routers serve. */
function routesOf(routers: Router[]): string[] {
  return routers.flatMap((router) =>
    (router.stack as RouteLayer[]).flatMap(({ route }) =>
      route
        ? Object.keys(route.methods)
            .filter((method) => method !== '_all')
            .map((method) => `${method.toUpperCase()} ${route.path}`)
        : [],
    ),
  );
}

/** A path parameter filled with a well-formed id no staff member has. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

let mailpit: Mailpit;
let service: PracticeService;
let practitioner: ConsoleClient;
let admin: ConsoleClient;
let routes: string[];

beforeAll(async () => {
  mailpit = await startMailpit();
  const email = address('guard-admin');
  service = await startPractice(uniqueDb('guard'), { SMTP_URL: mailpit.smtpUrl, PRACTICE_FIRST_ADMIN_EMAIL: email });
  admin = (await firstAdmin(service, mailpit, email)).client;
  practitioner = (await invitedStaff(admin, mailpit, address('guard-practitioner'), 'practitioner')).client;
  routes = routesOf(service.routers);
});

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await service.close();
  await mailpit.stop();
});

test('the walk finds the routes (a broken walk would pass everything)', () => {
  expect(routes.length).toBeGreaterThanOrEqual(10);
  for (const route of [...PUBLIC_ROUTES, ...STAFF_ROUTES]) expect(routes).toContain(route);
});

test('when a route is not one of signing in, then without a session it answers 401', async () => {
  const guarded = routes.filter((route) => !(PUBLIC_ROUTES as readonly string[]).includes(route));
  const answers = await Promise.all(
    guarded.map(async (route) => {
      const [method, path] = route.split(' ') as [string, string];
      const res = await new ConsoleClient(service.url).call(method, concrete(path), method === 'GET' ? undefined : {});
      return [route, res.status, (await res.json()).message] as const;
    }),
  );
  expect(answers).toEqual(guarded.map((route) => [route, 401, 'Please sign in to the practice console.']));
});

test('when a route is not open to every staff member, then a practitioner is answered 403', async () => {
  const adminOnly = routes.filter(
    (route) => ![...PUBLIC_ROUTES, ...STAFF_ROUTES].includes(route as (typeof STAFF_ROUTES)[number]),
  );
  expect(adminOnly.length).toBeGreaterThanOrEqual(4);
  const answers = await Promise.all(
    adminOnly.map(async (route) => {
      const [method, path] = route.split(' ') as [string, string];
      const res = await practitioner.call(method, concrete(path), method === 'GET' ? undefined : {});
      return [route, res.status] as const;
    }),
  );
  expect(answers).toEqual(adminOnly.map((route) => [route, 403]));
  // She is still signed in: the 403s were about her role.
  expect((await practitioner.get('/api/practice/me')).status).toBe(200);
});

test("when a route changes state, then another origin is answered 403 before anything else, even with the admin's session", async () => {
  const changing = routes.filter((route) => !route.startsWith('GET '));
  expect(changing.length).toBeGreaterThanOrEqual(7);
  const answers = await Promise.all(
    changing.map(async (route) => {
      const [method, path] = route.split(' ') as [string, string];
      const res = await admin.call(method, concrete(path), {}, { origin: 'https://evil.example' });
      return [route, res.status, (await res.json()).message] as const;
    }),
  );
  expect(answers).toEqual(
    changing.map((route) => [route, 403, 'This request must come from the practice console itself.']),
  );
  expect((await admin.get('/api/practice/me')).status).toBe(200);
});

test('when a method the route does not serve is sent, then 405 with Allow, whatever the Origin', async () => {
  const res = await new ConsoleClient(service.url, '').call('PUT', '/api/practice/me', {});
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toMatch(/GET/);
  expect((await res.json()).message).toEqual(expect.any(String));
});

test('when the router has a route, then proto/openapi.json documents it with its 401, and the other way round', () => {
  const document = JSON.parse(readFileSync(new URL('../../../../proto/openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const documented = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/practice/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        statuses: Object.keys(operation.responses),
      })),
    );
  expect(documented.map(({ route }) => route).sort()).toEqual([...routes].sort());
  for (const { route, statuses } of documented) {
    if ((PUBLIC_ROUTES as readonly string[]).includes(route)) continue;
    expect([route, statuses]).toEqual([route, expect.arrayContaining(['401', '403'])]);
  }
});
