// WebSockets on the service's own HTTP server (voice's /ws): the kit answers the upgrade for one path and
// hands each socket to the service with the same request context an HTTP route gets. Shutdown drains them:
// new upgrades are refused with 503, every open socket is closed with 1001 Going Away (the browser knows to
// reconnect, to another replica), and those that do not finish the closing handshake in time are cut; only
// then does the HTTP server stop.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Logger } from 'pino';
import { clientAddressOf, setRequestContext, type RequestContext } from './request-context.js';
import { ACCEPTABLE_REQUEST_ID, REQUEST_ID_HEADER } from './request-id.js';
import { DEFAULT_RETRY_AFTER_SECONDS } from '../errors.js';
import { randomUUID } from 'node:crypto';

export type { WebSocket } from 'ws';

export interface WebSocketRoute {
  /** The path that upgrades (`/ws`); an upgrade anywhere else is answered 404. */
  path: string;
  /** Called for each socket once it is open; `context` is also `requestContext(req)`. */
  onConnection(socket: WebSocket, req: IncomingMessage, context: RequestContext): void;
  /** The largest message accepted, in bytes (default 64 KiB); a larger one closes the socket with 1009. */
  maxPayloadBytes?: number;
  /**
   * Decides before the handshake whether the upgrade is accepted (voice checks the Origin): false answers
   * 403 and no socket is opened. The request context is already set (`requestContext(req)`).
   */
  accept?(req: IncomingMessage): boolean;
  /** Runs on shutdown before the open sockets are closed with 1001, so the service can say goodbye on them. */
  beforeDrain?(): Promise<void> | void;
}

export interface WebSockets {
  /** Sockets open right now. */
  readonly size: number;
  /** Refuse new upgrades, close the open sockets with 1001, wait for them (at most `timeoutMs`). */
  drain(timeoutMs?: number): Promise<void>;
}

export const GOING_AWAY = 1001;

function refuse(socket: Duplex, status: number, reason: string, headers = ''): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function attachWebSockets(
  server: Server,
  route: WebSocketRoute,
  { logger, trust }: { logger: Logger; trust: (address: string, hop: number) => boolean },
): WebSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: route.maxPayloadBytes ?? 64 * 1024 });
  let draining = false;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== route.path) return refuse(socket, 404, 'Not Found');
    // Like every 503 of the kit, it says when to come back (another replica may take the call at once).
    if (draining) return refuse(socket, 503, 'Service Unavailable', `Retry-After: ${DEFAULT_RETRY_AFTER_SECONDS}\r\n`);
    const incoming = req.headers[REQUEST_ID_HEADER];
    const requestId = typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const context: RequestContext = {
      requestId,
      logger: logger.child({ requestId }),
      clientAddress: clientAddressOf(req, trust),
    };
    setRequestContext(req, context);
    if (route.accept && !route.accept(req)) {
      context.logger.warn({ path, origin: req.headers.origin }, 'websocket upgrade refused');
      return refuse(socket, 403, 'Forbidden');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      context.logger.info({ path }, 'websocket open');
      ws.once('close', (code) => context.logger.info({ code }, 'websocket closed'));
      // A client's bad frame or a message over maxPayload is an 'error' on the socket (ws then closes it with
      // 1002 or 1009); an 'error' without a listener would end the process.
      ws.on('error', (err) => context.logger.warn({ err }, 'websocket error'));
      try {
        route.onConnection(ws, req, context);
      } catch (err) {
        context.logger.error({ err }, 'websocket handler failed');
        ws.close(1011, 'Internal error');
      }
    });
  });
  return {
    get size() {
      return wss.clients.size;
    },
    async drain(timeoutMs = 2000) {
      draining = true;
      try {
        await route.beforeDrain?.();
      } catch (err) {
        logger.error({ err }, 'websocket beforeDrain failed');
      }
      const open = [...wss.clients];
      const closed = open.map((ws) => new Promise<void>((resolve) => ws.once('close', () => resolve())));
      for (const ws of open) ws.close(GOING_AWAY, 'Server shutting down');
      const timer = setTimeout(() => {
        for (const ws of open) ws.terminate();
      }, timeoutMs);
      await Promise.all(closed);
      clearTimeout(timer);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
