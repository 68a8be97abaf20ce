import { Writable } from 'node:stream';
import { pino } from 'pino';
import { WebSocket } from 'ws';
import { requestContext, startService, type RunningService } from '../../src/index.js';
import { testConfig, type Config } from './harness.js';

const config = () => testConfig('kit-ws-test', 'kit-ws');

/**
 * A service whose /ws answers each message with the request context of the socket, then the message;
 * it refuses one origin, and says goodbye on each socket when it shuts down.
 */
const startEcho = (logger = pino({ level: 'silent' })) => {
  const open = new Set<WebSocket>();
  return startService({
    name: 'kit-ws-test',
    config: config(),
    logger,
    setup: () => ({
      routers: [],
      websocket: {
        path: '/ws',
        maxPayloadBytes: 1024,
        accept: (req) => req.headers.origin !== 'https://elsewhere.example',
        beforeDrain: () => {
          for (const socket of open) socket.send(JSON.stringify({ goodbye: true }));
        },
        onConnection: (socket, req) => {
          open.add(socket);
          socket.once('close', () => open.delete(socket));
          const { requestId, clientAddress } = requestContext(req);
          socket.on('message', (data) => socket.send(JSON.stringify({ requestId, clientAddress, echo: String(data) })));
        },
      },
    }),
  });
};

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });
}

const nextMessage = (ws: WebSocket) =>
  new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));

const wsUrl = (service: { url: string }, path = '/ws') => service.url.replace(/^http/, 'ws') + path;

describe('WebSockets on the service', () => {
  let service: RunningService<Config>;
  const warnings: { msg: string }[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(JSON.parse(chunk.toString('utf8')) as { msg: string });
        done();
      },
    });
    service = await startEcho(pino({ level: 'warn' }, stream));
  });
  afterAll(() => service.close());

  test('when a client opens /ws, then its messages reach the handler with the request context', async () => {
    const ws = await open(wsUrl(service), { 'x-request-id': 'ws-req-1', 'x-forwarded-for': '203.0.113.9' });
    ws.send('hello');
    expect(await nextMessage(ws)).toEqual({ requestId: 'ws-req-1', clientAddress: '203.0.113.9', echo: 'hello' });
    ws.close();
  });

  test('when a client sends a message over the limit, then its socket is closed with 1009 and the service goes on', async () => {
    const ws = await open(wsUrl(service));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(2048));
    expect(await closed).toBe(1009);
    // Logged by the kit's own listener: an 'error' nobody listens to would end the process.
    expect(warnings.map(({ msg }) => msg)).toContain('websocket error');
    const again = await open(wsUrl(service));
    again.send('still here');
    expect(await nextMessage(again)).toMatchObject({ echo: 'still here' });
    again.close();
  });

  test('when the route does not accept the upgrade, then the answer is 403, no socket opens, and the service goes on', async () => {
    await expect(open(wsUrl(service), { origin: 'https://elsewhere.example' })).rejects.toThrow('status 403');
    expect(warnings.map(({ msg }) => msg)).toContain('websocket upgrade refused');
    const ws = await open(wsUrl(service), { origin: 'http://localhost:8080' });
    ws.send('welcome');
    expect(await nextMessage(ws)).toMatchObject({ echo: 'welcome' });
    ws.close();
  });

  test('when a client asks to upgrade another path, then the answer is 404 and HTTP still works', async () => {
    await expect(open(wsUrl(service, '/elsewhere'))).rejects.toThrow('status 404');
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  });
});

describe('shutdown with WebSockets open', () => {
  test('when the service stops, then the route says goodbye on each open socket, they are closed with 1001 Going Away, and then the server stops', async () => {
    const service = await startEcho();
    const sockets = await Promise.all([open(wsUrl(service)), open(wsUrl(service))]);
    expect(service.websockets?.size).toBe(2);
    const codes = sockets.map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))));
    const goodbyes = sockets.map((ws) => nextMessage(ws));
    const started = Date.now();
    await service.close();
    expect(await Promise.all(goodbyes)).toEqual([{ goodbye: true }, { goodbye: true }]);
    expect(await Promise.all(codes)).toEqual([1001, 1001]);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(open(wsUrl(service))).rejects.toThrow();
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });
});

describe('upgrades while draining', () => {
  test('when the sockets are being drained, then a new upgrade is refused 503 with Retry-After', async () => {
    const service = await startEcho();
    try {
      await service.websockets!.drain(1000);
      const refused = await new Promise<{ status?: number; retryAfter?: string | string[] }>((resolve, reject) => {
        const ws = new WebSocket(wsUrl(service));
        ws.once('open', () => reject(new Error('opened')));
        ws.once('error', () => undefined);
        ws.once('unexpected-response', (_req, res) =>
          resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] }),
        );
      });
      expect(refused).toEqual({ status: 503, retryAfter: '5' });
    } finally {
      await service.close();
    }
  });
});
