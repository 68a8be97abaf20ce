// What the kit's integration suites share: the configuration of a service built on the kit, on the harness's
// FerretDB and nats-server, and a request written byte for byte to a port.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { z } from 'zod';
import { serviceConfig } from '../../src/index.js';

export type Config = z.output<ReturnType<typeof serviceConfig>>;

/**
 * A test service's configuration: `env` read as the service's environment, then port 0, the harness's servers,
 * a database of its own (`<db>-<random>`) and no log.
 */
export const testConfig = (name: string, db: string, env: Record<string, string> = {}): Config => ({
  ...serviceConfig(name, 0).parse(env),
  PORT: 0,
  MONGODB_URI: process.env.MONGODB_URI!,
  NATS_URL: process.env.NATS_URL!,
  MONGODB_DB: `${db}-${randomUUID().slice(0, 8)}`,
  LOG_LEVEL: 'silent',
});

export interface RawResponse {
  status: number;
  /** Each header line as it came, names in lower case. */
  headers: [string, string][];
  body: string;
}

/**
 * One request written byte for byte to 127.0.0.1:`port` (fetch refuses unknown methods, malformed targets and
 * what nginx must refuse), and the answer once the server closes the connection.
 */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: lines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
        body: rest.join('\r\n\r\n'),
      });
    });
  });
}

/** Every value of header `name` in an answer, in order. */
export const headerValues = (res: RawResponse, name: string) =>
  res.headers.filter(([n]) => n === name).map(([, v]) => v);
