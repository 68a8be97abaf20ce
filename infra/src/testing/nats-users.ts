// The integration harness's NATS users (global-setup.ts starts nats-server with them). NATS_URL carries the
// test superuser, `hhp-test`, allowed everything: for suites that play several roles (publish what one
// service emits and read what another consumes) and for the suites that only pass NATS_URL on. A suite that
// runs a service as production does connects it as that service's own user with `natsEnvFor`.
import { randomBytes } from 'node:crypto';
import { NATS_SERVICE_USERS, serviceUsers, type NatsServiceUser, type NatsUser } from '../nats-auth.js';

export const TEST_SUPERUSER = 'hhp-test';

/** Where global-setup leaves every user's password for the suites (jest hands its environment on). */
const PASSWORDS_VARIABLE = 'NATS_TEST_PASSWORDS';
/** The harness's server without a user in the URL. */
const SERVER_VARIABLE = 'NATS_TEST_SERVER';

/** Fresh passwords for the services' users and the superuser. */
export function testNatsUsers(): { users: NatsUser[]; passwords: Record<string, string> } {
  const passwords = Object.fromEntries(
    [...NATS_SERVICE_USERS, TEST_SUPERUSER].map((user) => [user, randomBytes(18).toString('base64url')]),
  );
  const users = [
    ...serviceUsers((user) => passwords[user]!),
    { user: TEST_SUPERUSER, password: passwords[TEST_SUPERUSER]! },
  ];
  return { users, passwords };
}

/** Sets NATS_URL (as the superuser) and what natsEnvFor reads. */
export function exportTestNatsUsers(serverUrl: string, passwords: Record<string, string>): void {
  const url = new URL(serverUrl);
  url.username = TEST_SUPERUSER;
  url.password = passwords[TEST_SUPERUSER]!;
  process.env.NATS_URL = url.toString().replace(/\/$/, '');
  process.env[SERVER_VARIABLE] = serverUrl;
  process.env[PASSWORDS_VARIABLE] = JSON.stringify(passwords);
}

/**
 * The environment that connects a service as its own user: NATS_URL without a user, NATS_USER and
 * NATS_PASSWORD. Empty when the harness runs against servers named from outside (no users known).
 */
export function natsEnvFor(user: NatsServiceUser | typeof TEST_SUPERUSER): Record<string, string> {
  const server = process.env[SERVER_VARIABLE];
  const passwords = JSON.parse(process.env[PASSWORDS_VARIABLE] ?? '{}') as Record<string, string>;
  const password = passwords[user];
  if (!server || !password) return {};
  return { NATS_URL: server, NATS_USER: user, NATS_PASSWORD: password };
}
