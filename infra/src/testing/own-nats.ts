// A nats-server of one test suite's own, its JetStream store in a scratch folder: for the suites that stop the
// broker under a running service (ai-query's analytics and crisis's NATS outages) or that must be the only ones
// answering on it (payments' booking lookup), which must not touch the nats-server every other suite shares
// (global-setup.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NatsUser } from '../nats-auth.js';
import { startNats, type NatsServer } from '../nats-server.js';

export interface OwnNats extends NatsServer {
  /** Stops the server and removes its folder. */
  remove(): Promise<void>;
}

/** Starts nats-server in a new folder named after `name` under the temporary folder, with `users` when given. */
export async function startOwnNats(name: string, users?: NatsUser[]): Promise<OwnNats> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `hhp-${name}-`));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const server = await startNats({ storeDir: dir, ...(users && { users }) });
    return Object.assign(server, {
      async remove() {
        await server.stop();
        removeDir();
      },
    });
  } catch (err) {
    removeDir();
    throw err;
  }
}
