import { natsConnectOptions } from '../../src/events/connection.js';

describe('natsConnectOptions', () => {
  test('when the URL carries a user, then it is taken out of the server and sent as the user', () => {
    expect(natsConnectOptions('nats://hhp-test:p%40ss@127.0.0.1:4222')).toEqual({
      servers: ['nats://127.0.0.1:4222'],
      user: 'hhp-test',
      pass: 'p@ss',
      inboxPrefix: '_INBOX.hhp-test',
    });
  });

  test('when NATS_USER and NATS_PASSWORD are set, then they win over a user in the URL', () => {
    expect(natsConnectOptions('nats://a:b@n1:4222, nats://n2:4222', { user: 'content', password: 'secret' })).toEqual({
      servers: ['nats://n1:4222', 'nats://n2:4222'],
      user: 'content',
      pass: 'secret',
      inboxPrefix: '_INBOX.content',
    });
  });

  test('when nothing names a user, then the connection is anonymous', () => {
    expect(natsConnectOptions('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
  });

  test('when only a password is set, then it says so instead of connecting anonymously', () => {
    expect(() => natsConnectOptions('nats://127.0.0.1:4222', { password: 'x' })).toThrow(/NATS_USER/);
  });
});
