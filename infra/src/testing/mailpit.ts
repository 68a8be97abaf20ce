// Mailpit (github.com/axllent/mailpit, built with its web UI by the bootstrap into .tools/bin): an SMTP server
// that keeps every e-mail it is sent and shows them in a web UI and a JSON API. Tests start one on free
// loopback ports (`startMailpit`), give the service SMTP_URL, and read what arrived back through the API
// (`MailpitClient`); `npm start` (launcher/mail.ts) and the end-to-end stack run it the same way.
// Its web UI and API always ask for a password (HTTP basic authentication), so that another local process,
// or a web page that rebinds a name of its own to 127.0.0.1, cannot read the portal's e-mail.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, goEnv, isPortOpen, repoRoot, spawnManaged, waitFor, type ManagedProcess } from '../dev-servers.js';

/** A login of Mailpit's: the web UI and API's (HTTP basic authentication) or SMTP's (AUTH PLAIN or LOGIN). */
export interface MailpitLogin {
  user: string;
  password: string;
}

/** The user of Mailpit's web UI and API. */
export const MAILPIT_UI_USER = 'mailpit';

/** The user the portal's services send e-mail as, when Mailpit asks for an SMTP login. */
export const MAILPIT_SMTP_USER = 'portal';

/** A fresh password: 32 hex digits. */
export const newPassword = (): string => randomBytes(16).toString('hex');

export function mailpitPath(): string {
  const file = path.join(repoRoot, '.tools', 'bin', 'mailpit');
  if (!existsSync(file)) throw new Error(`Mailpit is not installed at ${file}: run \`npm run bootstrap\``);
  return file;
}

/**
 * Mailpit's arguments: SMTP and the web UI/API on loopback; no update check (no network), no reverse DNS of
 * senders. SMTP takes any login (a production SMTP_URL may carry one) unless `smtpLogin`: then only the one
 * mailpitEnv gives it. `database`: a file that keeps the e-mails across restarts; without it they live in a
 * temporary file Mailpit deletes when it stops. The logins themselves go in the environment (mailpitEnv),
 * never here: every local user can read a process's arguments.
 */
export function mailpitArgs({
  smtpPort,
  httpPort,
  database,
  smtpLogin = false,
}: {
  smtpPort: number;
  httpPort: number;
  database?: string;
  smtpLogin?: boolean;
}): string[] {
  return [
    '--smtp',
    `127.0.0.1:${smtpPort}`,
    '--listen',
    `127.0.0.1:${httpPort}`,
    ...(smtpLogin ? [] : ['--smtp-auth-accept-any']),
    '--smtp-auth-allow-insecure',
    '--smtp-disable-rdns',
    '--disable-version-check',
    ...(database ? ['--database', database] : []),
  ];
}

/** Mailpit's environment: the web UI and API's login, and SMTP's when it asks for one (mailpitArgs' smtpLogin). */
export function mailpitEnv(
  { ui, smtp }: { ui: MailpitLogin; smtp?: MailpitLogin | undefined },
  env: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return goEnv({
    ...env,
    MP_UI_AUTH: `${ui.user}:${ui.password}`,
    ...(smtp ? { MP_SMTP_AUTH: `${smtp.user}:${smtp.password}` } : {}),
  });
}

/** `url` with `login` in it (percent-encoded), for a variable that MailpitClient reads back. */
export function urlWithLogin(url: string, login: MailpitLogin): string {
  const withLogin = new URL(url);
  withLogin.username = encodeURIComponent(login.user);
  withLogin.password = encodeURIComponent(login.password);
  return withLogin.href;
}

export interface MailAddress {
  Name: string;
  Address: string;
}

/** One e-mail in Mailpit's list (GET /api/v1/messages). */
export interface MailSummary {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Attachments: number;
  Created: string;
}

export interface MailAttachmentInfo {
  PartID: string;
  FileName: string;
  ContentType: string;
  Size: number;
}

/** One e-mail read in full (GET /api/v1/message/{id}), with its headers and attachments' bytes. */
export interface MailDetail {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  HTML: string;
  Text: string;
  Attachments: MailAttachmentInfo[];
  /** Header name → its values, as Mailpit reports them (names in canonical case, e.g. `Message-Id`). */
  headers: Record<string, string[]>;
  /** Each attachment's bytes, by its file name. */
  attachment(fileName: string): Promise<Buffer>;
}

/**
 * Mailpit's JSON API at `apiUrl` (its web UI's address), logging in as `login`, or as the user and password
 * in `apiUrl` (fetch takes no login in a URL: it becomes the Authorization header).
 */
export class MailpitClient {
  readonly apiUrl: string;
  private readonly authorization: string | undefined;

  constructor(apiUrl: string, login?: MailpitLogin) {
    const url = new URL(apiUrl);
    const given =
      login ??
      (url.username
        ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) }
        : undefined);
    url.username = '';
    url.password = '';
    this.apiUrl = url.href;
    this.authorization = given && basicAuthorization(given);
  }

  private async call(method: string, pathname: string): Promise<Response> {
    const response = await fetch(new URL(pathname, this.apiUrl), {
      method,
      headers: this.authorization ? { authorization: this.authorization } : {},
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`Mailpit ${method} ${pathname} answered ${response.status}`);
    return response;
  }

  /** Every e-mail it holds, newest first. */
  async messages(): Promise<MailSummary[]> {
    const body = (await (await this.call('GET', '/api/v1/messages?limit=500')).json()) as { messages: MailSummary[] };
    return body.messages;
  }

  async message(id: string): Promise<MailDetail> {
    const [detail, headers] = await Promise.all([
      this.call('GET', `/api/v1/message/${encodeURIComponent(id)}`).then((r) => r.json()),
      this.call('GET', `/api/v1/message/${encodeURIComponent(id)}/headers`).then((r) => r.json()),
    ]);
    const read = detail as Omit<MailDetail, 'headers' | 'attachment'>;
    return {
      ...read,
      headers: headers as Record<string, string[]>,
      attachment: async (fileName) => {
        const part = read.Attachments.find((a) => a.FileName === fileName);
        if (!part) throw new Error(`no attachment ${fileName} in ${read.Subject}`);
        const response = await this.call('GET', `/api/v1/message/${encodeURIComponent(id)}/part/${part.PartID}`);
        return Buffer.from(await response.arrayBuffer());
      },
    };
  }

  /** The e-mail's raw source (RFC 5322), as it arrived. */
  async raw(id: string): Promise<string> {
    return (await this.call('GET', `/api/v1/message/${encodeURIComponent(id)}/raw`)).text();
  }

  async deleteAll(): Promise<void> {
    await this.call('DELETE', '/api/v1/messages');
  }

  /** Waits (at most `timeoutMs`) until an e-mail to `to` (and with `subject`, if given) has arrived; reads it. */
  async waitForMessage(
    { to, subject }: { to: string; subject?: string | RegExp },
    timeoutMs = 10_000,
  ): Promise<MailDetail> {
    let found: MailSummary | undefined;
    await waitFor(
      `an e-mail to ${to}`,
      async () => {
        found = (await this.messages()).find(
          (m) =>
            m.To.some((a) => a.Address.toLowerCase() === to.toLowerCase()) &&
            (subject === undefined || (typeof subject === 'string' ? m.Subject === subject : subject.test(m.Subject))),
        );
        return found !== undefined;
      },
      { timeoutMs, intervalMs: 100 },
    );
    return this.message(found!.ID);
  }
}

/** The Authorization header of an HTTP basic login. */
export function basicAuthorization({ user, password }: MailpitLogin): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export interface Mailpit {
  /** What a service's SMTP_URL should be. */
  smtpUrl: string;
  /** The web UI and the API (they ask for `login`). */
  apiUrl: string;
  login: MailpitLogin;
  /** The API, logged in. */
  client: MailpitClient;
  stop(): Promise<void>;
}

/**
 * Resolves once Mailpit answers /readyz at `apiUrl` (which needs no login); rejects when `proc` exits first
 * or it times out.
 */
export function mailpitReady(apiUrl: string, proc: ManagedProcess, timeoutMs = 20_000): Promise<void> {
  return waitFor(
    `Mailpit at ${apiUrl}`,
    async () => {
      const response = await fetch(new URL('/readyz', apiUrl), { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return response.ok;
    },
    { child: proc, timeoutMs, intervalMs: 100 },
  );
}

/**
 * Mailpit on free loopback ports, its e-mails in a temporary file (gone when it stops); its web UI and API
 * ask for a fresh password (`login`, which `client` uses). Its SMTP takes any login, as a provider's would
 * take the one SMTP_URL carries (the kit's mailer test logs in with a login of its own).
 */
export async function startMailpit({ logFile }: { logFile?: string } = {}): Promise<Mailpit> {
  const [smtpPort, httpPort] = [await freePort(), await freePort()];
  const login = { user: MAILPIT_UI_USER, password: newPassword() };
  const proc = spawnManaged('mailpit', mailpitPath(), mailpitArgs({ smtpPort, httpPort }), {
    env: mailpitEnv({ ui: login }),
    ...(logFile && { logFile }),
  });
  const apiUrl = `http://127.0.0.1:${httpPort}`;
  try {
    await mailpitReady(apiUrl, proc);
    await waitFor(`Mailpit SMTP on ${smtpPort}`, () => isPortOpen(smtpPort), { child: proc, timeoutMs: 10_000 });
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    apiUrl,
    login,
    client: new MailpitClient(apiUrl, login),
    stop: () => proc.stop(),
  };
}
