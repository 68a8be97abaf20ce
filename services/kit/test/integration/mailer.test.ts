// The mailer against a real SMTP server: Mailpit on free loopback ports, each e-mail read back through its API.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { Router } from 'express';
import { pino } from 'pino';
import { createMailer, html, link, messageIdFor, serviceConfig, startService, type Mailer } from '../../src/index.js';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';

const FROM = '"Holistic Health Portal" <no-reply@holistichealth.example>';
const logger = pino({ level: 'silent' });

let mailpit: Mailpit;
let mailer: Mailer;

beforeAll(async () => {
  mailpit = await startMailpit();
  mailer = createMailer({ smtpUrl: mailpit.smtpUrl, from: FROM, practiceName: 'Harmony Clinic', logger });
});
afterAll(async () => {
  await mailer?.close();
  await mailpit?.stop();
});
beforeEach(() => mailpit.client.deleteAll());

// A PDF-like binary with every byte value, and an invitation: both must arrive byte for byte.
const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));
const invitation = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';

describe('the mailer over SMTP', () => {
  test('when an e-mail is sent, then it arrives with both parts, the practice as sender, its headers and its attachments intact', async () => {
    const id = await mailer.send({
      to: 'zoe@example.org',
      subject: 'Your séance with Zoë is booked',
      preheader: 'Tuesday at 10:00',
      html: html`<p>Dear ${'Zoë <3'},</p>
        <p>${link('https://portal.example/book?id=1&x=2', 'Your booking')}</p>`,
      text: 'Dear Zoë <3,\nYour booking: https://portal.example/book?id=1&x=2',
      headers: { 'List-Unsubscribe': '<mailto:unsubscribe@holistichealth.example>' },
      attachments: [
        { filename: 'invite.ics', content: invitation, contentType: 'text/calendar; charset=utf-8; method=REQUEST' },
        { filename: 'receipt.pdf', content: binary, contentType: 'application/pdf' },
      ],
      idempotencyKey: 'booking-confirmed:b-1',
    });
    expect(id).toBe(messageIdFor('booking-confirmed:b-1', FROM));

    const mail = await mailpit.client.waitForMessage({ to: 'zoe@example.org' });
    expect(mail.From).toEqual({ Name: 'Harmony Clinic', Address: 'no-reply@holistichealth.example' });
    expect(mail.Subject).toBe('Your séance with Zoë is booked');
    expect(`<${mail.MessageID}>`).toBe(id);
    expect(mail.HTML).toContain('<p>Dear Zoë &lt;3,</p>');
    // The link as written: nothing rewrote it to pass through a tracker, and no image reports the opening.
    expect(mail.HTML).toContain('href="https://portal.example/book?id=1&amp;x=2"');
    expect(mail.HTML).not.toMatch(/<img\b/i);
    expect(mail.HTML).toContain('This message was sent to you by Harmony Clinic.');
    const text = mail.Text.replace(/\r\n/g, '\n'); // SMTP's line ends
    expect(text).toContain('Dear Zoë <3,\nYour booking: https://portal.example/book?id=1&x=2');
    expect(text).toContain('-- \nHarmony Clinic\n');
    expect(mail.headers['Auto-Submitted']).toEqual(['auto-generated']);
    expect(mail.headers['List-Unsubscribe']).toEqual(['<mailto:unsubscribe@holistichealth.example>']);
    expect(mail.headers['Content-Type']?.[0]).toMatch(/^multipart\/mixed/);

    expect(mail.Attachments.map((a) => [a.FileName, a.ContentType])).toEqual([
      ['invite.ics', 'text/calendar'],
      ['receipt.pdf', 'application/pdf'],
    ]);
    expect((await mail.attachment('invite.ics')).toString('utf8')).toBe(invitation);
    expect((await mail.attachment('receipt.pdf')).equals(binary)).toBe(true);
    expect(await mailpit.client.raw(mail.ID)).toMatch(/method=REQUEST/);
  });

  test('when the same e-mail is sent twice, then both copies carry the same Message-ID, and another e-mail another one', async () => {
    const send = (key: string) =>
      mailer.send({
        to: 'twice@example.org',
        subject: 'Reminder',
        html: html`<p>Soon</p>`,
        text: 'Soon',
        idempotencyKey: key,
      });
    const [first, again, other] = [await send('reminder:b-2'), await send('reminder:b-2'), await send('reminder:b-3')];
    expect(first).toBe(again);
    expect(other).not.toBe(first);
    await mailpit.client.waitForMessage({ to: 'twice@example.org' });
    let ids: string[] = [];
    for (const deadline = Date.now() + 5000; ids.length < 3 && Date.now() < deadline;) {
      ids = (await mailpit.client.messages()).map((m) => `<${m.MessageID}>`);
      if (ids.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ids.sort()).toEqual([first, first, other].sort());
  });

  test('when SMTP_URL carries a login with escaped characters, then the mailer logs in with it and the e-mail goes through', async () => {
    const url = new URL(mailpit.smtpUrl);
    const withLogin = createMailer({
      smtpUrl: `smtp://portal%40clinic:s3cr%2Ft@${url.host}`,
      from: FROM,
      practiceName: 'Harmony Clinic',
      logger,
    });
    try {
      await withLogin.send({
        to: 'login@example.org',
        subject: 'Hi',
        html: html`<p>Hi</p>`,
        text: 'Hi',
        idempotencyKey: 'l',
      });
    } finally {
      await withLogin.close();
    }
    expect((await mailpit.client.waitForMessage({ to: 'login@example.org' })).Subject).toBe('Hi');
  });

  test('when the SMTP server accepts the connection but never answers, then sending fails within its timeout', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const stalled = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: FROM,
      practiceName: 'X',
      logger,
      timeoutMs: 500,
    });
    const started = Date.now();
    try {
      await expect(
        stalled.send({ to: 'late@example.org', subject: 'Hi', html: html`<p>Hi</p>`, text: 'Hi', idempotencyKey: 't' }),
      ).rejects.toThrow(/greeting|timeout/i);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await stalled.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('a service that sends e-mail', () => {
  test('when its setup builds the mailer from its config, then a route sends through it, and shutdown closes it', async () => {
    const config = serviceConfig('kit-mail-test', 0).parse({
      PORT: '0',
      MONGODB_URI: process.env.MONGODB_URI,
      NATS_URL: process.env.NATS_URL,
      MONGODB_DB: `kit-mail-test-${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
      SMTP_URL: mailpit.smtpUrl,
    });
    let closed = false;
    const service = await startService({
      name: 'kit-mail-test',
      config,
      setup: ({ config: own, logger: log }) => {
        const serviceMailer = createMailer({
          smtpUrl: own.SMTP_URL,
          from: own.MAIL_FROM,
          practiceName: 'Holistic Health Portal',
          logger: log,
        });
        const router = Router();
        router.post('/api/hello', async (req, res) => {
          const { to, name } = req.body as { to: string; name: string };
          const id = await serviceMailer.send({
            to,
            subject: 'Welcome',
            html: html`<p>Welcome, ${name}.</p>`,
            text: `Welcome, ${name}.`,
            idempotencyKey: `welcome:${to}`,
          });
          res.json({ id });
        });
        return {
          routers: [router],
          stop: [['mailer', () => serviceMailer.close().then(() => void (closed = true))]],
        };
      },
    });
    try {
      const response = await fetch(`${service.url}/api/hello`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: 'new@example.org', name: '<Ada>' }),
      });
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const mail = await mailpit.client.waitForMessage({ to: 'new@example.org', subject: 'Welcome' });
      expect(`<${mail.MessageID}>`).toBe(id);
      expect(mail.From).toEqual({ Name: 'Holistic Health Portal', Address: 'no-reply@holistichealth.example' });
      expect(mail.HTML).toContain('<p>Welcome, &lt;Ada&gt;.</p>');
    } finally {
      await service.close();
    }
    expect(closed).toBe(true);
  });
});
