import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  });
}
