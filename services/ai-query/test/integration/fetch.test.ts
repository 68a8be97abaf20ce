import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../../../../infra/src/dev-servers.js';
import { undiciFetch } from '../../src/model/fetch.js';

/** What the test server saw of one request, and whether the client hung up before the answer ended. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  closedEarly: Promise<boolean>;
}

describe('undiciFetch (the openai SDK’s fetch) against a local HTTP server', () => {
  let server: http.Server;
  let base: string;
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  const seen: Seen[] = [];
  const fetch = undiciFetch();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const closedEarly = new Promise<boolean>((resolve) => res.on('close', () => resolve(!res.writableFinished)));
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, closedEarly });
        handle(req, res);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  test('when a JSON call is made, then method, path, query, headers and body arrive and the answer reads as JSON', async () => {
    handle = (_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
      res.end(JSON.stringify({ ok: true }));
    };
    const res = await fetch(`${base}/v1/chat/completions?api-version=1`, {
      method: 'POST',
      headers: new Headers({ 'content-type': 'application/json', authorization: 'Bearer sk-test' }),
      body: '{"model":"m"}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(await res.json()).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/v1/chat/completions?api-version=1',
      body: '{"model":"m"}',
      headers: expect.objectContaining({ authorization: 'Bearer sk-test', 'content-type': 'application/json' }),
    });
  });

  test('when headers come as a record, then they are sent too', async () => {
    handle = (_req, res) => res.writeHead(204).end();
    const res = await fetch(`${base}/x`, { headers: { 'x-one': '1' } });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(seen[0]!.headers['x-one']).toBe('1');
  });

  test('when the answer is streamed, then its first part can be read before the server has finished', async () => {
    let finish!: () => void;
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
      finish = () => res.end('data: last\n\n');
    };
    const res = await fetch(`${base}/stream`, { method: 'POST', body: '{}' });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('data: first\n\n');
    finish();
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += decoder.decode(next.value);
    expect(rest).toBe('data: last\n\n');
  });

  test('when the signal aborts before the answer, then the call rejects with its reason and the connection closes', async () => {
    handle = () => {}; // never answers
    const controller = new AbortController();
    const call = fetch(`${base}/slow`, { method: 'POST', body: '{}', signal: controller.signal });
    await waitFor(() => seen.length === 1);
    controller.abort(new Error('visitor left'));
    await expect(call).rejects.toThrow('visitor left');
    expect(await seen[0]!.closedEarly).toBe(true);
  });

  test('when the signal aborts while the body streams, then reading fails and the connection closes', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
    };
    const controller = new AbortController();
    const res = await fetch(`${base}/stream`, { method: 'POST', body: '{}', signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort(new Error('visitor left'));
    await expect(reader.read()).rejects.toThrow('visitor left');
    expect(await seen[0]!.closedEarly).toBe(true);
  });

  test('when the reader cancels the body, then the connection closes', async () => {
    handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: first\n\n');
    };
    const res = await fetch(`${base}/stream`, { method: 'POST', body: '{}' });
    await res.body!.cancel();
    expect(await seen[0]!.closedEarly).toBe(true);
  });

  test('when the signal is already aborted, then nothing is sent', async () => {
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    await expect(fetch(`${base}/x`, { signal: controller.signal })).rejects.toThrow('too late');
    expect(seen).toHaveLength(0);
  });

  test('when nothing listens, then the call rejects', async () => {
    await expect(fetch(`http://127.0.0.1:${await freePort()}/x`)).rejects.toThrow();
  });

  test('when the body is not a string, then the call is refused', async () => {
    await expect(fetch(`${base}/x`, { method: 'POST', body: new Uint8Array([1]) })).rejects.toThrow(TypeError);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
