// Free loopback ports, and waiting for a server to answer on one (dev-servers.ts).
import net from 'node:net';
import type { ManagedProcess } from './processes.js';

/** A port that was free on 127.0.0.1 a moment ago. */
/**
 * Ports this process has handed out. A port is free when chosen but taken only when its server binds it,
 * and the OS may offer the same port again in between: never hand one out twice.
 */
const handedOut = new Set<number>();

/** A free loopback port that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await anyFreePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port that this process has not handed out already');
}

/** Marks a port as taken by this process (one chosen by other means). */
export function reservePort(port: number): void {
  handedOut.add(port);
}

export function isPortHandedOut(port: number): boolean {
  return handedOut.has(port);
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  {
    timeoutMs = 30_000,
    intervalMs = 50,
    child,
  }: { timeoutMs?: number; intervalMs?: number; child?: ManagedProcess } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exited) {
      throw new Error(
        `${what}: the process exited with code ${child.exitCode}${child.logFile ? ` (see ${child.logFile})` : ''}`,
      );
    }
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${what}: not ready after ${timeoutMs} ms`);
}
