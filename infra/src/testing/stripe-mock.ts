// stripe-mock (github.com/stripe/stripe-mock, built by the bootstrap into .tools/bin) on loopback, for tests
// and the end-to-end stack: Stripe's own mock of its API, which validates every request against Stripe's
// OpenAPI description and answers fixtures (reflecting some of the request's parameters). It keeps no state:
// what a test must remember, the service under test remembers.
//
// In front of it, optionally, a recording proxy: tests see which calls reached "Stripe" (none, when a request
// must be refused before any charge), with which idempotency keys and parameters, and can answer a call the
// way Stripe would in a case stripe-mock has no fixture for (a declined card, a completed Checkout).
import http from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, goEnv, isPortOpen, repoRoot, spawnManaged, waitFor, type ManagedProcess } from '../dev-servers.js';

export function stripeMockPath(): string {
  const file = path.join(repoRoot, '.tools', 'bin', 'stripe-mock');
  if (!existsSync(file)) throw new Error(`stripe-mock is not installed at ${file}: run \`npm run bootstrap\``);
  return file;
}

export interface RecordedCall {
  method: string;
  /** The path without the query, e.g. /v1/payment_intents. */
  path: string;
  /** Form parameters (POST body) or query parameters (GET), as sent. */
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

/** Stripe's answer to a call, instead of stripe-mock's (`respond`) or changed from it (`transform`). */
export interface Intercept {
  method: string;
  path: RegExp;
  /** Answer without asking stripe-mock. */
  respond?: (call: RecordedCall) => { status: number; body: unknown };
  /** Change stripe-mock's JSON answer. */
  transform?: (body: Record<string, unknown>, call: RecordedCall) => Record<string, unknown>;
  /** How many calls it applies to (default: all). */
  times?: number;
}

export interface StripeMock {
  /** Where the service should send its Stripe calls (STRIPE_API_URL): the recording proxy, or stripe-mock. */
  url: string;
  /** stripe-mock itself. */
  directUrl: string;
  /** Every call that passed the proxy, in order (empty without `record`). */
  calls: RecordedCall[];
  /** The recorded calls of one method and path. */
  callsTo(method: string, path: RegExp | string): RecordedCall[];
  intercept(rule: Intercept): void;
  /** Forget the recorded calls and the intercepts. */
  reset(): void;
  stop(): Promise<void>;
}

/** The body of a Stripe API error, as the SDK reads it. */
export function stripeError(status: number, error: Record<string, unknown>): { status: number; body: unknown } {
  return { status, body: { error } };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function startProxy(target: string, mock: Pick<StripeMock, 'calls'>, rules: Intercept[]): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', target);
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const call: RecordedCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        params:
          req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : new URLSearchParams(body.toString()),
        idempotencyKey: header('idempotency-key'),
        stripeVersion: header('stripe-version'),
      };
      mock.calls.push(call);
      const rule = rules.find((r) => r.method === call.method && r.path.test(call.path) && (r.times ?? 1) > 0);
      if (rule && rule.times !== undefined) rule.times -= 1;
      if (rule?.respond) {
        const { status, body: answer } = rule.respond(call);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_proxy' });
        res.end(JSON.stringify(answer));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
      ) as Record<string, string>;
      const upstream = await fetch(url, {
        method: call.method,
        headers,
        ...(body.length > 0 && { body }),
      });
      let text = await upstream.text();
      if (rule?.transform && upstream.ok) {
        text = JSON.stringify(rule.transform(JSON.parse(text) as Record<string, unknown>, call));
      }
      const passed: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) {
          passed[name] = value;
        }
      });
      res.writeHead(upstream.status, passed);
      res.end(text);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: `proxy: ${(error as Error).message}` } }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/**
 * stripe-mock on free loopback ports (its HTTPS listener too, which it always opens); with `record`, the
 * recording proxy in front of it, which `url` names. `stop()` ends both.
 */
export async function startStripeMock({ record = false, logFile }: { record?: boolean; logFile?: string } = {}) {
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const proc: ManagedProcess = spawnManaged(
    'stripe-mock',
    stripeMockPath(),
    ['-http-addr', `127.0.0.1:${httpPort}`, '-https-addr', `127.0.0.1:${httpsPort}`],
    { env: goEnv(), ...(logFile && { logFile }) },
  );
  try {
    await waitFor(`stripe-mock on ${httpPort}`, () => isPortOpen(httpPort), { child: proc, timeoutMs: 20_000 });
  } catch (error) {
    await proc.stop();
    throw error;
  }
  const directUrl = `http://127.0.0.1:${httpPort}`;
  const rules: Intercept[] = [];
  const mock: StripeMock = {
    url: directUrl,
    directUrl,
    calls: [],
    callsTo: (method, pathname) =>
      mock.calls.filter(
        (c) => c.method === method && (typeof pathname === 'string' ? c.path === pathname : pathname.test(c.path)),
      ),
    intercept: (rule) => rules.unshift(rule),
    reset: () => {
      mock.calls.length = 0;
      rules.length = 0;
    },
    stop: async () => {
      if (proxy) {
        const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
        proxy.closeAllConnections(); // the SDK's keep-alive sockets would hold close() open
        await closed;
      }
      await proc.stop();
    },
  };
  const proxy = record ? await startProxy(directUrl, mock, rules) : undefined;
  if (proxy) {
    proxy.unref();
    mock.url = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  }
  return mock;
}
