// The launcher's part in e-mail: unless SMTP_URL names a server already (production, or a developer's own),
// `npm start` runs Mailpit (built by the bootstrap) on loopback, supervised like the other processes, and every
// service gets SMTP_URL pointing at it. Every e-mail the portal sends lands in Mailpit's web UI, whose address
// the start banner shows; nothing leaves the machine. The e-mails are kept in <dataDir>/mailpit/mailpit.db, so
// they survive a restart of Mailpit or of the portal (Mailpit keeps the newest 500). The web UI and API ask for
// the user `mailpit` and MAILPIT_PASSWORD, SMTP for the user `portal` and MAILPIT_SMTP_PASSWORD (both
// generated into <dataDir>/secrets.env): only the services and the developer read or send the portal's mail.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isPortOpen, waitFor } from '../dev-servers.js';
import {
  MAILPIT_SMTP_USER,
  MAILPIT_UI_USER,
  mailpitArgs,
  mailpitEnv,
  mailpitPath,
  mailpitReady,
  type MailpitLogin,
} from '../testing/mailpit.js';
import { spawnGroup, type GroupProcess } from './process-group.js';
import { StartupError } from './startup-error.js';
import { Supervised, type RestartPolicy } from './supervisor.js';

export interface RunningMailpit {
  /** What the services get as SMTP_URL (with the SMTP login). */
  smtpUrl: string;
  /** The web UI (and API), e.g. http://localhost:8025. */
  webUrl: string;
  /** The web UI's and API's login. */
  login: MailpitLogin;
  process: Supervised;
}

/** Ready once its API answers and its SMTP port accepts connections. */
function mailpitServes(httpPort: number, smtpPort: number) {
  return async (proc: GroupProcess, timeoutMs: number): Promise<void> => {
    await mailpitReady(`http://127.0.0.1:${httpPort}`, proc, timeoutMs);
    await waitFor(`mailpit SMTP on port ${smtpPort}`, () => isPortOpen(smtpPort), { child: proc, timeoutMs });
  };
}

export async function startMailpitGroup(options: {
  smtpPort: number;
  httpPort: number;
  dataDir: string;
  logFile: string;
  /** The web UI's and API's password (user `mailpit`), and SMTP's (user `portal`). */
  passwords: { ui: string; smtp: string };
  output: Pick<Console, 'log' | 'error'>;
  restartPolicy?: Partial<RestartPolicy>;
}): Promise<RunningMailpit> {
  const { smtpPort, httpPort, dataDir, logFile, passwords } = options;
  mkdirSync(dataDir, { recursive: true });
  const args = mailpitArgs({ smtpPort, httpPort, database: path.join(dataDir, 'mailpit.db'), smtpLogin: true });
  const ui = { user: MAILPIT_UI_USER, password: passwords.ui };
  const smtp = { user: MAILPIT_SMTP_USER, password: passwords.smtp };
  const env = mailpitEnv({ ui, smtp });
  const command = mailpitPath();
  const supervised = new Supervised({
    spawn: () => spawnGroup('mailpit', command, args, { logFile, env }),
    ready: mailpitServes(httpPort, smtpPort),
    output: options.output,
    policy: options.restartPolicy ?? {},
  });
  const proc = supervised.current;
  try {
    await mailpitServes(httpPort, smtpPort)(proc, 30_000);
  } catch {
    const exited = proc.exited;
    await supervised.stop(2000);
    throw new StartupError(
      'mailpit',
      logFile,
      exited ? `exited (code ${proc.exitCode}) before it served` : 'did not serve within 30 s',
    );
  }
  return { ...mailpitUrls(smtpPort, httpPort, passwords), process: supervised };
}

/** Where a Mailpit started with these ports and passwords will be, and the login of its web UI. */
export function mailpitUrls(
  smtpPort: number,
  httpPort: number,
  passwords: { ui: string; smtp: string },
): Omit<RunningMailpit, 'process'> {
  return {
    smtpUrl: `smtp://${MAILPIT_SMTP_USER}:${passwords.smtp}@127.0.0.1:${smtpPort}`,
    webUrl: `http://localhost:${httpPort}`,
    login: { user: MAILPIT_UI_USER, password: passwords.ui },
  };
}

/** The banner's line about e-mail; `secretsFile`: where the web UI's password is. */
export function mailBanner(mailWebUrl: string | undefined, env: NodeJS.ProcessEnv, secretsFile?: string): string {
  if (mailWebUrl)
    return `  mail: ${mailWebUrl} (Mailpit: every e-mail the portal sends; user ${MAILPIT_UI_USER}, password MAILPIT_PASSWORD${secretsFile ? ` in ${secretsFile}` : ''})`;
  // The host only: SMTP_URL may carry a password.
  const server = URL.canParse(env.SMTP_URL ?? '') ? new URL(env.SMTP_URL!).host : 'SMTP_URL (not a URL)';
  return `  mail: sent through the SMTP server at ${server} (SMTP_URL)`;
}
