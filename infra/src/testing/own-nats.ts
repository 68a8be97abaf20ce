// A nats-server of one test suite's own, its JetStream store in a scratch folder: for the suites that stop the
// broker under a running service (ai-query's analytics and crisis's NATS outages) or that must be the only ones
// consuming and answering on it (payments' booking lookup, content's list mail and practice list), which must
// not touch the nats-server every other suite shares (global-setup.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NatsServiceUser } from '../nats-auth.js';
import { startNats, type NatsServer } from '../nats-server.js';
import { TEST_SUPERUSER, testNatsUsers } from './nats-users.js';

export interface OwnNats extends NatsServer {
  /** The test superuser's URL (`nats://hhp-test:…@…`), allowed everything; with no users, the server's URL. */
  superuserUrl: string;
  /** NATS_URL, NATS_USER and NATS_PASSWORD that connect a service as its own user (with no users, NATS_URL). */
  envFor(user: NatsServiceUser): Record<string, string>;
  /** Stops the server and removes its folder. */
  remove(): Promise<void>;
}

/**
 * Starts nats-server in a new folder named after `name` under the temporary folder; with `users`, with every
 * service's user and the test superuser (fresh passwords), as the shared server has them.
 */
export async function startOwnNats(name: string, { users = false }: { users?: boolean } = {}): Promise<OwnNats> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `hhp-${name}-`));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const accounts = users ? testNatsUsers() : undefined;
  try {
    const server = await startNats({ storeDir: dir, ...(accounts && { users: accounts.users }) });
    const superuser = new URL(server.url);
    if (accounts) {
      superuser.username = TEST_SUPERUSER;
      superuser.password = accounts.passwords[TEST_SUPERUSER]!;
    }
    return Object.assign(server, {
      superuserUrl: accounts ? superuser.toString().replace(/\/$/, '') : server.url,
      envFor: (user: NatsServiceUser): Record<string, string> => ({
        NATS_URL: server.url,
        ...(accounts && { NATS_USER: user, NATS_PASSWORD: accounts.passwords[user]! }),
      }),
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
