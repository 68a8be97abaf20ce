import { databaseBanner } from '../../src/launcher/dependencies.js';
import { mailBanner } from '../../src/launcher/mail.js';
import { MailpitClient, mailpitArgs, mailpitEnv, urlWithLogin } from '../../src/testing/mailpit.js';

describe("the launcher's part in e-mail", () => {
  test('when the launcher runs Mailpit, then the banner gives its web UI, its user and where its password is', () => {
    expect(mailBanner('http://localhost:8025', {}, '.data/secrets.env (mode 600)')).toBe(
      '  mail: http://localhost:8025 (Mailpit: every e-mail the portal sends; user mailpit, password MAILPIT_PASSWORD in .data/secrets.env (mode 600))',
    );
  });

  test('when the launcher runs FerretDB, then the banner gives its address, its user and where its password is, never the password', () => {
    const line = databaseBanner(
      'mongodb://ferretdb:s3cret@127.0.0.1:27017/?authMechanism=PLAIN',
      {},
      '.data/secrets.env',
    );
    expect(line).toBe(
      '  database: mongodb://127.0.0.1:27017 (FerretDB; user ferretdb, password FERRETDB_PASSWORD in .data/secrets.env, authMechanism=PLAIN)',
    );
    expect(databaseBanner('mongodb://x:y@db:27017', { MONGODB_URI: 'mongodb://x:y@db:27017' }, 'f')).toBeUndefined();
  });

  test('when SMTP_URL names a server, then the banner names its host and never its login', () => {
    const line = mailBanner(undefined, { SMTP_URL: 'smtps://user:s3cret@smtp.example.com:465' });
    expect(line).toBe('  mail: sent through the SMTP server at smtp.example.com:465 (SMTP_URL)');
    expect(mailBanner(undefined, { SMTP_URL: 'not a url' })).not.toContain('not a url');
  });

  test('when Mailpit is started, then it listens on loopback only, keeps its e-mail where asked, and calls nobody', () => {
    const args = mailpitArgs({ smtpPort: 1025, httpPort: 8025, database: '/data/mailpit/mailpit.db' });
    expect(args.join(' ')).toBe(
      '--smtp 127.0.0.1:1025 --listen 127.0.0.1:8025 --smtp-auth-accept-any --smtp-auth-allow-insecure ' +
        '--smtp-disable-rdns --disable-version-check --database /data/mailpit/mailpit.db',
    );
    expect(mailpitArgs({ smtpPort: 1, httpPort: 2 })).not.toContain('--database');
  });

  test('when Mailpit asks for logins, then SMTP takes only its own, and both passwords are in its environment, not its arguments', () => {
    const args = mailpitArgs({ smtpPort: 1025, httpPort: 8025, smtpLogin: true });
    expect(args).not.toContain('--smtp-auth-accept-any');
    const env = mailpitEnv(
      { ui: { user: 'mailpit', password: 'ui-pw' }, smtp: { user: 'portal', password: 'smtp-pw' } },
      { PATH: '/bin' },
    );
    expect(env).toMatchObject({ PATH: '/bin', MP_UI_AUTH: 'mailpit:ui-pw', MP_SMTP_AUTH: 'portal:smtp-pw' });
    expect(mailpitEnv({ ui: { user: 'mailpit', password: 'ui-pw' } }, {}).MP_SMTP_AUTH).toBeUndefined();
  });

  test('when the client is given a URL with a login, then it keeps the address without it (fetch refuses one)', () => {
    const url = urlWithLogin('http://127.0.0.1:8025', { user: 'mailpit', password: 'p@ss/word' });
    expect(url).toBe('http://mailpit:p%40ss%2Fword@127.0.0.1:8025/');
    expect(new MailpitClient(url).apiUrl).toBe('http://127.0.0.1:8025/');
  });
});
