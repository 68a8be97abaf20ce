import { STATUS_CODES, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Application } from 'express';
import type { Logger } from 'pino';

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  /** Stop accepting connections, let in-flight requests finish, drop idle keep-alive sockets. */
  close(): Promise<void>;
}

export function listen(app: Application, { port, host }: { port: number; host: string }, logger?: Logger) {
  return new Promise<RunningServer>((resolve, reject) => {
    const server = app.listen(port, host, (error) => {
      if (error) {
        reject(error);
        return;
      }
      const address = server.address() as AddressInfo;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      logger?.info({ url }, 'listening');
      resolve({
        server,
        port: address.port,
        url,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeIdleConnections();
            // Give in-flight requests a moment, then cut what is left.
            setTimeout(() => server.closeAllConnections(), 2000).unref();
          }),
      });
    });
    const allowedFor: unknown = app.locals.allowedMethods;
    answerClientErrorsAsJson(server, typeof allowedFor === 'function' ? (allowedFor as AllowedMethods) : undefined);
  });
}

/** The methods a path is served with (methods.ts' allowedMethods over the app's routers; app.ts). */
type AllowedMethods = (path: string) => string[] | undefined;

type ClientErrorAnswer = [status: number, message: string, headers?: Record<string, string>];

/** Node's parser's refusals that have an answer of their own; any other is 400. */
const CLIENT_ERRORS: Record<string, ClientErrorAnswer> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timed out'],
};

const METHOD_TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,32}$/;

/**
 * A method Node's parser does not know (FOO) is answered as express answers one a route does not serve
 * (methods.ts): 405 with Allow for a route's path, 404 for any other, read from the request line.
 */
function unknownMethod(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, allowedFor?: AllowedMethods) {
  const line = err.rawPacket?.toString('latin1').split('\r\n', 1)[0] ?? '';
  const [method = '', target = ''] = line.split(' ');
  const path = target.split('?')[0] ?? '';
  if (!allowedFor || !METHOD_TOKEN.test(method) || !path.startsWith('/')) return undefined;
  const allowed = allowedFor(path);
  if (!allowed) return undefined;
  if (allowed.length === 0) return [404, `Not found: ${method} ${path}`] satisfies ClientErrorAnswer;
  const allow = allowed.join(', ');
  return [
    405,
    `Method not allowed: ${method} ${path} (allowed: ${allow})`,
    { Allow: allow },
  ] satisfies ClientErrorAnswer;
}

/**
 * A request that Node's HTTP parser refuses never reaches express; Node would answer it with an empty 400.
 * It gets the API's JSON `{ message }` instead, then the connection closes. Only when no response is under
 * way on that connection (pipelined requests): one written in between would be read as that response's.
 */
function answerClientErrorsAsJson(server: Server, allowedFor?: AllowedMethods): void {
  const responding = new WeakMap<Duplex, number>();
  server.on('request', (req, res) => {
    const socket = req.socket;
    responding.set(socket, (responding.get(socket) ?? 0) + 1);
    res.once('close', () => responding.set(socket, (responding.get(socket) ?? 1) - 1));
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable || (responding.get(socket) ?? 0) > 0) {
      socket.destroy();
      return;
    }
    const [status, message, headers = {}] =
      (err.code === 'HPE_INVALID_METHOD' ? unknownMethod(err, allowedFor) : undefined) ??
      CLIENT_ERRORS[err.code ?? ''] ??
      ([400, 'Bad request'] satisfies ClientErrorAnswer);
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
      () => socket.destroy(),
    );
  });
}
