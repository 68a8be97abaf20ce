// What a service built on the kit answers at the edges of HTTP, straight to its port (behind-nginx.test.ts
// has the same through nginx): a path that is not valid percent-encoding, a method a route does not serve,
// a method Node's parser does not know, a request line it refuses, and a 503's Retry-After.
import { Router } from 'express';
import { HttpError, startService, type RunningService } from '../../src/index.js';
import { headerValues, rawRequest, testConfig, type Config, type RawResponse } from './harness.js';

let service: RunningService<Config>;

beforeAll(async () => {
  service = await startService({
    name: 'kit-edges-test',
    config: testConfig('kit-edges-test', 'kit-edges'),
    setup: () => {
      const router = Router();
      router.get('/api/session/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      router.post('/api/session/:id/cancel', (_req, res) => {
        res.json({ cancelled: true });
      });
      router.post('/api/detect-crisis', (_req, res) => {
        res.json({ isCrisis: false });
      });
      router.get('/api/busy', () => {
        throw new HttpError(503, 'Busy right now');
      });
      router.get('/api/busy-for-a-minute', (_req, res) => {
        res.set('Retry-After', '60');
        throw new HttpError(503, 'Busy for a minute');
      });
      return { routers: [router], readiness: { 'the-thing': () => thingReady } };
    },
  });
});

/** A readiness check of the service's own, turned off by the test of /readyz. */
let thingReady = true;

afterAll(() => service?.close());

/** One request written byte for byte (fetch refuses unknown methods and malformed targets); closed after it. */
const raw = (request: string) => rawRequest(service.http.port, request);
/** The value of header `name` (the last, should there be several). */
const headerOf = (res: RawResponse, name: string) => headerValues(res, name).at(-1);

const send = (method: string, target: string) =>
  raw(`${method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);

function jsonOf(res: RawResponse): unknown {
  expect(headerOf(res, 'content-type')).toBe('application/json; charset=utf-8');
  return JSON.parse(res.body);
}

describe('a path that is not valid percent-encoding', () => {
  test.each(['/api/session/%ff%fe', '/api/session/%ED%A0%80', '/api/session/%E0%A4%A', '/api/session/%ff/cancel'])(
    'when a visitor asks for %s, then the answer is 400 naming the path, not a 500',
    async (target) => {
      const res = await send(target.endsWith('cancel') ? 'POST' : 'GET', target);
      expect(res.status).toBe(400);
      expect(jsonOf(res)).toEqual({ message: 'Malformed percent-encoding in the path' });
    },
  );

  test('when the encoding is valid, then the route still gets the decoded value', async () => {
    const res = await fetch(`${service.url}/api/session/caf%C3%A9`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'café' });
  });
});

describe('methods', () => {
  test.each([
    ['GET', '/api/detect-crisis', 'POST'],
    ['PUT', '/api/detect-crisis', 'POST'],
    ['DELETE', '/api/session/abc', 'GET, HEAD'],
    ['PATCH', '/api/session/abc', 'GET, HEAD'],
    ['GET', '/api/session/abc/cancel', 'POST'],
    ['POST', '/healthz', 'GET, HEAD'],
  ])('when %s %s is asked, then the answer is 405 JSON with Allow: %s', async (method, target, allow) => {
    const res = await send(method, target);
    expect(res.status).toBe(405);
    expect(headerOf(res, 'allow')).toBe(allow);
    expect(jsonOf(res)).toEqual({ message: `Method not allowed: ${method} ${target} (allowed: ${allow})` });
  });

  test('when HEAD is asked of a POST route, then the answer is 405 with Allow and no body', async () => {
    const res = await send('HEAD', '/api/detect-crisis');
    expect(res.status).toBe(405);
    expect(headerOf(res, 'allow')).toBe('POST');
    expect(res.body).toBe('');
  });

  test.each([
    ['/api/detect-crisis', 'POST'],
    ['/api/session/abc', 'GET, HEAD'],
    ['/healthz', 'GET, HEAD'],
  ])(
    'when OPTIONS %s is asked, then the answer is 405 JSON with Allow (no CORS, no text/plain list)',
    async (target, allow) => {
      const res = await send('OPTIONS', target);
      expect(res.status).toBe(405);
      expect(headerOf(res, 'allow')).toBe(allow);
      expect(jsonOf(res)).toEqual({ message: `Method not allowed: OPTIONS ${target} (allowed: ${allow})` });
    },
  );

  test.each(['TRACE', 'QUERY', 'PROPFIND', 'PURGE'])(
    'when %s (which no route of the portal serves) is asked of a route, then the answer is 405 JSON with Allow',
    async (method) => {
      const res = await send(method, '/api/detect-crisis');
      expect(res.status).toBe(405);
      expect(headerOf(res, 'allow')).toBe('POST');
      expect(jsonOf(res)).toEqual({ message: `Method not allowed: ${method} /api/detect-crisis (allowed: POST)` });
    },
  );

  test('when a method Node does not know (FOO) is asked of a route, then the answer is 405 JSON with Allow, not an empty 400', async () => {
    const res = await send('FOO', '/api/detect-crisis?x=1');
    expect(res.status).toBe(405);
    expect(headerOf(res, 'allow')).toBe('POST');
    expect(jsonOf(res)).toEqual({ message: 'Method not allowed: FOO /api/detect-crisis (allowed: POST)' });
  });

  test('when a method Node does not know is asked of a path no route has, then the answer is 404 JSON', async () => {
    const res = await send('FOO', '/api/nothing');
    expect(res.status).toBe(404);
    expect(jsonOf(res)).toEqual({ message: 'Not found: FOO /api/nothing' });
  });

  test('when a request line is garbage, then the answer is 400 JSON', async () => {
    const res = await raw('GET /api/detect-crisis HTTP/9\r\n\r\n');
    expect(res.status).toBe(400);
    expect(jsonOf(res)).toEqual({ message: 'Bad request' });
  });

  test('when a method is not allowed on a path no route has, then the answer is still 404', async () => {
    const res = await send('DELETE', '/api/nothing');
    expect(res.status).toBe(404);
    expect(jsonOf(res)).toEqual({ message: 'Not found: DELETE /api/nothing' });
  });
});

describe('503s say when to come back', () => {
  test('when a route answers 503, then the answer carries Retry-After', async () => {
    const res = await fetch(`${service.url}/api/busy`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(await res.json()).toEqual({ message: 'Busy right now' });
  });

  test('when a route sets its own Retry-After, then the kit keeps it', async () => {
    const res = await fetch(`${service.url}/api/busy-for-a-minute`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
  });

  test('when a readiness check fails, then /readyz answers 503 with Retry-After', async () => {
    thingReady = false;
    try {
      const res = await fetch(`${service.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(await res.json()).toMatchObject({ message: 'Not ready: the-thing unavailable' });
    } finally {
      thingReady = true;
    }
  });
});
