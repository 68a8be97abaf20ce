import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Subjects } from '@hhp/proto';
import { SERVICE_NAMES } from '@hhp/proto/services';
import { repoRoot } from '../../src/dev-servers.js';
import { composeAuthConfig, natsAuthConfig, passwordVariable, servicePermissions } from '../../src/nats-auth.js';

describe('NATS users', () => {
  test("when docker-compose's auth file is read, then it is what nats-auth.ts generates (node infra/dist/write-nats-auth.js)", () => {
    expect(readFileSync(path.join(repoRoot, 'infra', 'nats', 'auth.conf'), 'utf8')).toBe(composeAuthConfig());
  });

  test('when the compose file names a password, then it is a variable of the environment, never a value', () => {
    const file = composeAuthConfig();
    expect([...file.matchAll(/password: (.*)/g)].map((m) => m[1])).toEqual(
      SERVICE_NAMES.map((user) => `$${passwordVariable(user)}`),
    );
  });

  test('when subscription.v1.changed is published, then only payments may', () => {
    const permissions = servicePermissions();
    const allowed = Object.entries(permissions)
      .filter(([, p]) => p.publish.some((s) => s === Subjects.subscriptionChanged || s === 'subscription.v1.>'))
      .map(([user]) => user);
    expect(allowed).toEqual(['payments']);
  });

  test('when no user may subscribe to everything or publish to every subject, then no wildcard is wider than a prefix', () => {
    for (const p of Object.values(servicePermissions())) {
      expect([...p.publish, ...p.subscribe].filter((s) => s === '>' || s.startsWith('*'))).toEqual([]);
    }
  });

  test('when a value holds quotes, then the configuration escapes it', () => {
    expect(natsAuthConfig([{ user: 'x', password: 'a"b' }])).toContain('password: "a\\"b"');
  });
});
