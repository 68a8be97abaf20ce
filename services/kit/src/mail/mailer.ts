// The services' one way to send e-mail: SMTP through a small connection pool (nodemailer), each e-mail an
// HTML and a text part in the portal's layout (layout.ts), from the practice's name, with no tracking of any
// kind. The Message-ID is derived from the caller's idempotency key, so a mail sent twice (a retried event)
// carries the same id both times and a reader or a test can recognise the repeat.
// Without an SMTP server (no SMTP_URL) it logs what it would have sent, without the body or the full address.
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { renderEmailHtml, renderEmailText, SafeHtml } from './layout.js';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  /** e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType?: string;
}

export interface MailMessage {
  /** One address. */
  to: string;
  subject: string;
  /** The body of the HTML part (built with `html`), placed inside the layout with the subject as heading. */
  html: SafeHtml;
  /** The body of the text part; the footer is added. */
  text: string;
  /** The line some clients show after the subject in the inbox list. */
  preheader?: string;
  attachments?: MailAttachment[];
  /** Extra headers (e.g. List-Unsubscribe); the layout's own (From, Message-ID, …) cannot be replaced. */
  headers?: Record<string, string>;
  /** What makes this e-mail this e-mail (e.g. `booking-confirmed:<bookingId>`): the Message-ID is made from it. */
  idempotencyKey: string;
}

export interface MailerOptions {
  /** smtp://[user:pass@]host:port or smtps://…; undefined: log instead of sending. */
  smtpUrl: string | undefined;
  /** The sender, `"Name" <address>` or `address`; the display name is replaced by `practiceName`. */
  from: string;
  practiceName: string;
  logger: Logger;
  /** Connecting, the server's greeting, and silence on an open connection (default 10 s each). */
  timeoutMs?: number;
  /** Parallel SMTP connections (default 2). */
  maxConnections?: number;
}

export interface Mailer {
  /** Sends (or, without SMTP, logs) the e-mail; resolves to its Message-ID once the server accepted it. */
  send(message: MailMessage): Promise<string>;
  /** True when e-mails really leave (an SMTP server is configured). */
  readonly sending: boolean;
  /** Closes the pool's connections (a shutdown step). */
  close(): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Headers the mailer sets itself: a caller's value would contradict them. */
const OWN_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'message-id',
  'date',
  'sender',
  'reply-to',
  'content-type',
  'mime-version',
  'content-transfer-encoding',
]);

/** The address of a `"Name" <address>` or bare `address` sender. */
export function senderAddress(from: string): string {
  const address = (/<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from).trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(address)) {
    throw new Error(`the sender must be an e-mail address, as "Name" <no-reply@example.com>, not ${from}`);
  }
  return address;
}

/** `<hex@sender's domain>`: the same key gives the same Message-ID, and nothing of the key can be read back. */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = senderAddress(from).split('@')[1]!;
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40);
  return `<${digest}@${domain}>`;
}

const hasLineBreak = (value: string) => /[\r\n]/.test(value);

function check(message: MailMessage): void {
  const problems: string[] = [];
  if (!/^[^\s@<>",;]+@[^\s@<>",;]+$/.test(message.to)) problems.push('to: must be one e-mail address');
  if (!message.subject.trim() || hasLineBreak(message.subject)) problems.push('subject: must be one non-empty line');
  if (!message.idempotencyKey.trim()) problems.push('idempotencyKey: is required');
  if (!message.text.trim()) problems.push('text: is required (every e-mail has a text part)');
  if (!(message.html instanceof SafeHtml)) problems.push('html: must be built with html`…`');
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (OWN_HEADERS.has(name.toLowerCase())) problems.push(`headers.${name}: is set by the mailer`);
    else if (!/^[A-Za-z0-9-]+$/.test(name) || hasLineBreak(value)) problems.push(`headers.${name}: must be one line`);
  }
  if (problems.length > 0) throw new Error(`cannot send this e-mail: ${problems.join('; ')}`);
}

/** nodemailer's message: both parts in the layout, the From name, the derived Message-ID. */
export function composeMail(options: Pick<MailerOptions, 'from' | 'practiceName'>, message: MailMessage) {
  check(message);
  const { practiceName } = options;
  return {
    from: { name: practiceName, address: senderAddress(options.from) },
    to: message.to,
    subject: message.subject,
    messageId: messageIdFor(message.idempotencyKey, options.from),
    html: renderEmailHtml({
      practiceName,
      title: message.subject,
      body: message.html,
      ...(message.preheader !== undefined && { preheader: message.preheader }),
    }),
    text: renderEmailText({ practiceName, text: message.text }),
    // An automatic message: out-of-office replies and the like are not sent back to it (RFC 3834).
    headers: { 'Auto-Submitted': 'auto-generated', ...message.headers },
    attachments: (message.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: a.content,
      ...(a.contentType !== undefined && { contentType: a.contentType }),
    })),
    // Plain 8bit/quoted-printable parts; nodemailer adds no tracking, and nothing here rewrites links.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, logger } = options;
  senderAddress(options.from); // a wrong sender fails at start, not at the first e-mail
  if (!smtpUrl) {
    logger.warn('SMTP_URL is not set: e-mails are logged (subject and recipient domain), not sent');
    return {
      sending: false,
      send: async (message) => {
        const mail = composeMail(options, message);
        logger.info(
          { subject: mail.subject, toDomain: message.to.split('@')[1], messageId: mail.messageId },
          'e-mail not sent (no SMTP_URL)',
        );
        return mail.messageId;
      },
      close: async () => {},
    };
  }
  if (!/^smtps?:\/\/[^\s/]+/.test(smtpUrl)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    pool: true,
    url: smtpUrl,
    maxConnections: options.maxConnections ?? 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const server = new URL(smtpUrl);
  logger.info({ smtpHost: server.hostname, smtpPort: server.port }, 'e-mails are sent through SMTP');
  return {
    sending: true,
    send: async (message) => {
      const mail = composeMail(options, message);
      await transport.sendMail(mail);
      logger.info(
        { subject: mail.subject, toDomain: message.to.split('@')[1], messageId: mail.messageId },
        'e-mail sent',
      );
      return mail.messageId;
    },
    close: async () => {
      transport.close();
    },
  };
}
