// The repository's nginx.conf in front of a service built on the kit, as `npm start` runs it: what the
// browser sees at the edge. The kit service stands in for crisis and ai-query; every other upstream is a
// closed port (a service that is down), and the SPA is a two-file build in a temporary folder.
import { Router } from 'express';
import { freePort } from '@hhp/infra/dev-servers';
import { startNginxInFront, type NginxInFront } from '../../../../infra/src/testing/nginx.js';
import { startService, type RunningService } from '../../src/index.js';
import { headerValues, rawRequest, testConfig, type Config, type RawResponse } from './harness.js';

let nginx: NginxInFront;
let port: number;
let base: string;
let service: RunningService<Config>;
const seen: (string | undefined)[] = [];
/** The trace context headers each detect-crisis request reached the service with. */
const traceHeaders: { traceparent?: string; tracestate?: string }[] = [];

beforeAll(async () => {
  service = await startService({
    name: 'kit-nginx-test',
    config: testConfig('kit-nginx-test', 'kit-nginx'),
    setup: () => {
      const router = Router();
      router.post('/api/detect-crisis', (req, res) => {
        seen.push(req.headers['x-request-id'] as string | undefined);
        traceHeaders.push({
          traceparent: req.headers.traceparent as string | undefined,
          tracestate: req.headers.tracestate as string | undefined,
        });
        res.json({ isCrisis: false });
      });
      // Stands in for booking's session routes: a path parameter that must be decoded.
      router.get('/api/session/:id', (req, res) => {
        res.json({ id: req.params.id });
      });
      // The answer stream's location adds its own header directive (proxy_pass_header): what is hidden must
      // stay hidden there too.
      router.post('/api/query-ai/stream', (_req, res) => {
        res.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' });
        res.end('event: done\ndata: {}\n\n');
      });
      return { routers: [router] };
    },
  });
  const closed = `127.0.0.1:${await freePort()}`;
  const kit = `127.0.0.1:${service.http.port}`;
  nginx = await startNginxInFront(
    'kit-nginx',
    (defaults) => ({
      ...Object.fromEntries(
        Object.entries(defaults).map(([name, value]) => [name, name.endsWith('_UPSTREAM') ? closed : value]),
      ),
      CRISIS_UPSTREAM: kit,
      AI_QUERY_UPSTREAM: kit,
      BOOKING_UPSTREAM: kit,
    }),
    { www: { 'index.html': '<!doctype html><title>home</title>', 'spa.html': '<!doctype html><title>spa</title>' } },
  );
  ({ port, url: base } = nginx);
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await service?.close();
});

const ask = (init: RequestInit = {}) =>
  fetch(`${base}/api/detect-crisis`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: '{"query":"hello"}',
  });

/** One request written byte for byte (fetch refuses to send what nginx must refuse); nginx closes after it. */
const raw = (request: string) => rawRequest(port, request);

const get = (target: string, extra = '') =>
  raw(`GET ${target} HTTP/1.1\r\nHost: x\r\n${extra}Connection: close\r\n\r\n`);
const LONG = 'a'.repeat(20_000);

describe('security headers', () => {
  const ONCE = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-request-id'];

  test.each([
    [
      'an API response',
      () =>
        raw(
          `POST /api/detect-crisis HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    [
      'the answer stream',
      () =>
        raw(
          `POST /api/query-ai/stream HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        ),
    ],
    ['the SPA', () => get('/')],
    ['an SPA route', () => get('/symptoms')],
    ['an API 404 from nginx', () => get('/api/nothing')],
    ['an API 502 from nginx', () => get('/api/videos')],
  ])('when nginx answers %s, then each security header comes once, with the edge policy', async (_name, send) => {
    const res = await send();
    expect(res.status).toBeGreaterThanOrEqual(200);
    const counts = Object.fromEntries(ONCE.map((name) => [name, headerValues(res, name).length]));
    expect(counts).toEqual(Object.fromEntries(ONCE.map((name) => [name, 1])));
    expect(headerValues(res, 'referrer-policy')).toEqual(['strict-origin-when-cross-origin']);
    expect(headerValues(res, 'x-content-type-options')).toEqual(['nosniff']);
    expect(headerValues(res, 'content-security-policy')[0]).toContain('https://js.stripe.com');
  });
});

describe('request ids', () => {
  test('when a visitor sends a safe request id, then the service and the response carry it', async () => {
    const res = await ask({ headers: { 'x-request-id': 'visitor-id_1.2' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('visitor-id_1.2');
    expect(seen.at(-1)).toBe('visitor-id_1.2');
  });

  test.each([
    ['markup', '<script>alert(1)</script>'],
    ['a log line', 'abc\tlevel=error msg=forged'],
    ['a colon', 'abc:def'],
    ['65 characters', 'a'.repeat(65)],
  ])('when a visitor sends a request id with %s, then nginx replaces it with its own', async (_name, id) => {
    const res = await ask({ headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    const echoed = res.headers.get('x-request-id');
    expect(echoed).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.at(-1)).toBe(echoed);
  });

  test('when a visitor sends no request id, then nginx generates one and the service logs that one', async () => {
    const res = await ask();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(seen.at(-1)).toBe(res.headers.get('x-request-id'));
  });

  test('when a visitor sends a trace context, then nginx drops it: the service starts the trace', async () => {
    const res = await ask({
      headers: {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
        tracestate: 'vendor=chosen',
      },
    });
    expect(res.status).toBe(200);
    expect(traceHeaders.at(-1)).toEqual({ traceparent: undefined, tracestate: undefined });
  });
});

describe("nginx's own errors", () => {
  const json = (res: RawResponse) => {
    expect(headerValues(res, 'content-type')).toEqual(['application/json; charset=utf-8']);
    return JSON.parse(res.body) as unknown;
  };
  const html = (res: RawResponse) => {
    expect(headerValues(res, 'content-type')).toEqual(['text/html; charset=utf-8']);
    return res.body;
  };

  test.each([
    ['a URI too long', () => get(`/api/${LONG}`), 414, 'Request URI too long'],
    ['headers too large', () => get('/api/quota', `X-Big: ${LONG}\r\n`), 400, 'Request headers too large'],
    ['two Host headers', () => get('/api/quota', 'Host: y\r\n'), 400, 'Bad request'],
    ['an absolute URI and two Host headers', () => get('http://x/api/quota', 'Host: y\r\n'), 400, 'Bad request'],
    [
      'a body over the limit',
      () =>
        raw(
          `POST /api/detect-crisis HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n`,
        ),
      413,
      'Request body too large',
    ],
    [
      'a service that is down',
      () => get('/api/videos'),
      502,
      'The service is not reachable right now; please try again shortly',
    ],
  ])('when an API request has %s, then the answer is JSON with the status', async (_name, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(json(res)).toEqual({ message });
  });

  test.each([
    ['a URI too long', () => get(`/${LONG}`), 414],
    ['headers too large', () => get('/', `X-Big: ${LONG}\r\n`), 400],
    [
      'a body over the limit',
      () => raw(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n`),
      413,
    ],
    [
      'a POST to a page',
      () => raw(`POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`),
      405,
    ],
  ])('when a page request has %s, then the answer is still HTML', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(html(res)).toContain(`<title>${status} `);
  });

  test.each(['gzip', 'deflate', 'br'])(
    'when a %s body is corrupt, then the service behind nginx answers 400 naming the encoding',
    async (encoding) => {
      const res = await fetch(`${base}/api/detect-crisis`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x12, 0x34]),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: `Request body is not valid ${encoding} data (Content-Encoding: ${encoding})`,
      });
    },
  );

  test('when a visitor asks for an error page itself, then it is not found', async () => {
    const res = await get('/.errors/502');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('not reachable');
  });
});

describe('protocol edges', () => {
  const json = (res: RawResponse) => {
    expect(headerValues(res, 'content-type')).toEqual(['application/json; charset=utf-8']);
    return JSON.parse(res.body) as unknown;
  };
  const send = (method: string, target: string) =>
    raw(`${method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);

  test.each(['/api/session/%ff%fe', '/api/session/%ED%A0%80'])(
    'when a path is not valid percent-encoding (%s), then the service behind nginx answers 400 JSON, not a 500',
    async (target) => {
      const res = await get(target);
      expect(res.status).toBe(400);
      expect(json(res)).toEqual({ message: 'Malformed percent-encoding in the path' });
    },
  );

  test.each([
    ['TRACE', '/api/detect-crisis', 'POST'],
    ['CONNECT', '/api/detect-crisis', 'POST'],
    ['FOO', '/api/detect-crisis', 'POST'],
    ['PROPFIND', '/api/detect-crisis', 'POST'],
    ['PURGE', '/api/quota', 'GET, HEAD'],
    ['TRACE', '/api/session/abc', 'GET, HEAD'],
    ['FOO', '/api/session/abc?x=1', 'GET, HEAD'],
  ])(
    "when nginx refuses %s itself on %s, then the answer is 405 JSON with the route's Allow: %s",
    async (method, target, allow) => {
      const res = await send(method, target);
      expect(res.status).toBe(405);
      expect(headerValues(res, 'allow')).toEqual([allow]);
      expect(json(res)).toEqual({ message: 'Method not allowed' });
    },
  );

  test('when an API route is asked with QUERY, then the service answers 405 JSON with Allow, once', async () => {
    const res = await send('QUERY', '/api/detect-crisis');
    expect(res.status).toBe(405);
    expect(headerValues(res, 'allow')).toEqual(['POST']);
    expect(json(res)).toEqual({ message: 'Method not allowed: QUERY /api/detect-crisis (allowed: POST)' });
  });

  test('when a page is asked with TRACE, then the answer is still HTML, with Allow', async () => {
    const res = await send('TRACE', '/');
    expect(res.status).toBe(405);
    expect(headerValues(res, 'allow')).toEqual(['GET, HEAD']);
    expect(headerValues(res, 'content-type')).toEqual(['text/html; charset=utf-8']);
  });

  test.each([
    ['OPTIONS', 'POST'],
    ['GET', 'POST'],
    ['DELETE', 'POST'],
  ])(
    'when %s is asked of a POST route, then the service answers 405 JSON with Allow: %s, once',
    async (method, allow) => {
      const res = await send(method, '/api/detect-crisis');
      expect(res.status).toBe(405);
      expect(headerValues(res, 'allow')).toEqual([allow]);
      expect(json(res)).toEqual({
        message: `Method not allowed: ${method} /api/detect-crisis (allowed: ${allow})`,
      });
    },
  );

  test('when a page is asked with POST, then the 405 names what it allows', async () => {
    const res = await send('POST', '/index.html');
    expect(res.status).toBe(405);
    expect(headerValues(res, 'allow')).toEqual(['GET, HEAD']);
  });

  test.each(['/api/session', '/api/payments', '/api'])(
    "when %s is asked without its slash, then the answer is the API's JSON 404, not a redirect",
    async (target) => {
      const res = await get(target);
      expect(res.status).toBe(404);
      expect(headerValues(res, 'location')).toEqual([]);
      expect(json(res)).toEqual({ message: 'Not found' });
    },
  );
});
