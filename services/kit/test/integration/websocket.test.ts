import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { z } from 'zod';
import { requestContext, serviceConfig, startService, type RunningService } from '../../src/index.js';

type Config = z.output<ReturnType<typeof serviceConfig>>;

const config = (): Config => ({
  ...serviceConfig('kit-ws-test', 0).parse({}),
  PORT: 0,
  MONGODB_URI: process.env.MONGODB_URI!,
  NATS_URL: process.env.NATS_URL!,
  MONGODB_DB: `kit-ws-${randomUUID().slice(0, 8)}`,
  LOG_LEVEL: 'silent',
});

/** A service whose /ws answers each message with the request context of the socket, then the message. */
const startEcho = () =>
  startService({
    name: 'kit-ws-test',
    config: config(),
    setup: () => ({
      routers: [],
      websocket: {
        path: '/ws',
        onConnection: (socket, req) => {
          const { requestId, clientAddress } = requestContext(req);
          socket.on('message', (data) => socket.send(JSON.stringify({ requestId, clientAddress, echo: String(data) })));
        },
      },
    }),
  });

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
  beforeAll(async () => {
    service = await startEcho();
  });
  afterAll(() => service.close());

  test('when a client opens /ws, then its messages reach the handler with the request context', async () => {
    const ws = await open(wsUrl(service), { 'x-request-id': 'ws-req-1', 'x-forwarded-for': '203.0.113.9' });
    ws.send('hello');
    expect(await nextMessage(ws)).toEqual({ requestId: 'ws-req-1', clientAddress: '203.0.113.9', echo: 'hello' });
    ws.close();
  });

  test('when a client asks to upgrade another path, then the answer is 404 and HTTP still works', async () => {
    await expect(open(wsUrl(service, '/elsewhere'))).rejects.toThrow('status 404');
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
  });
});

describe('shutdown with WebSockets open', () => {
  test('when the service stops, then open sockets are closed with 1001 Going Away, and then the server stops', async () => {
    const service = await startEcho();
    const sockets = await Promise.all([open(wsUrl(service)), open(wsUrl(service))]);
    expect(service.websockets?.size).toBe(2);
    const codes = sockets.map((ws) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code))));
    const started = Date.now();
    await service.close();
    expect(await Promise.all(codes)).toEqual([1001, 1001]);
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(open(wsUrl(service))).rejects.toThrow();
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
  });
});
