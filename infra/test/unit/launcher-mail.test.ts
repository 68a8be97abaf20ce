import { mailBanner } from '../../src/launcher/mail.js';
import { mailpitArgs } from '../../src/testing/mailpit.js';

describe("the launcher's part in e-mail", () => {
  test('when the launcher runs Mailpit, then the banner gives its web UI', () => {
    expect(mailBanner('http://localhost:8025', {})).toBe(
      '  mail: http://localhost:8025 (Mailpit: every e-mail the portal sends)',
    );
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
});
