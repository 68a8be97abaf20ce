import { pino } from 'pino';
import {
  composeMail,
  createMailer,
  DEFAULT_MAIL_FROM,
  escapeHtml,
  html,
  link,
  messageIdFor,
  renderEmailHtml,
  renderEmailText,
  senderAddress,
  trustedHtml,
  type MailMessage,
} from '../../src/index.js';

const practice = { from: DEFAULT_MAIL_FROM, practiceName: 'Holistic Health Portal' };

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  to: 'ada@example.org',
  subject: 'Your session is booked',
  html: html`<p>Hello</p>`,
  text: 'Hello',
  idempotencyKey: 'booking-confirmed:b1',
  ...overrides,
});

describe('the e-mail layout', () => {
  test('when a value is interpolated, then every character that means something in HTML is escaped', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
    const name = '<script>alert(1)</script> "Ada" & O\'Brien';
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(1)&lt;/script&gt; &quot;Ada&quot; &amp; O&#39;Brien">' +
        '&lt;script&gt;alert(1)&lt;/script&gt; &quot;Ada&quot; &amp; O&#39;Brien</p>',
    );
  });

  test('when fragments are nested, then they are inserted once, not escaped twice', () => {
    const items = ['<b>', 'two'].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}</ul>`;
    expect(list.value).toBe('<ul><li>&lt;b&gt;</li><li>two</li></ul>');
    expect(html`${list}${trustedHtml('<hr>')}${undefined}${null}${false}${0}`.value).toBe(`${list.value}<hr>0`);
  });

  test('when a link is made, then its address is escaped and only http(s) and mailto are accepted', () => {
    expect(link('https://portal.example/book?a=1&b="2"', 'Book <now>').value).toContain(
      'href="https://portal.example/book?a=1&amp;b=&quot;2&quot;"',
    );
    expect(link('https://portal.example/', 'Book <now>').value).toContain('>Book &lt;now&gt;</a>');
    expect(() => link('javascript:alert(1)', 'x')).toThrow(/http\(s\) or mailto/);
    expect(() => link('data:text/html,x', 'x')).toThrow(/http\(s\) or mailto/);
  });

  test('when the page is rendered, then the title and the practice name are escaped, and nothing is loaded from elsewhere', () => {
    const page = renderEmailHtml({
      practiceName: 'Dr <Helen> & Co',
      title: 'Hello <you>',
      preheader: 'Tomorrow at "10"',
      body: html`<p>${'<img src=x>'}</p>`,
    });
    expect(page).toContain('<title>Hello &lt;you&gt;</title>');
    expect(page).toContain('Dr &lt;Helen&gt; &amp; Co');
    expect(page).toContain('Tomorrow at &quot;10&quot;');
    expect(page).not.toMatch(/<(img|script|link|iframe)\b|\bsrc="|url\(/i);
    expect(page).toContain("Georgia,'Times New Roman',serif");
    expect(page).not.toContain('Dr <Helen>');
  });

  test('when the text part is rendered, then it ends with the footer naming the practice', () => {
    expect(renderEmailText({ practiceName: 'Holistic Health Portal', text: 'Line one\r\nLine two\n\n' })).toBe(
      'Line one\nLine two\n\n-- \nHolistic Health Portal\nThis message was sent to you by Holistic Health Portal. Please do not reply to it.\n',
    );
  });
});

describe('composing an e-mail', () => {
  test('when it is composed, then it has both parts in the layout, the practice as sender, and a Message-ID from its key', () => {
    const mail = composeMail(practice, message());
    expect(mail.from).toEqual({ name: 'Holistic Health Portal', address: 'no-reply@holistichealth.example' });
    expect(mail.html).toContain('<p>Hello</p>');
    expect(mail.html).toContain('Holistic Health Portal');
    expect(mail.text).toMatch(/^Hello\n\n-- \nHolistic Health Portal\n/);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{40}@holistichealth\.example>$/);
    expect(mail.messageId).toBe(composeMail(practice, message({ subject: 'Again' })).messageId);
    expect(mail.messageId).not.toBe(
      composeMail(practice, message({ idempotencyKey: 'booking-confirmed:b2' })).messageId,
    );
    expect(mail.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });

  test('when a sender is given with or without a display name, then its address is used', () => {
    expect(senderAddress('no-reply@clinic.example')).toBe('no-reply@clinic.example');
    expect(senderAddress('"Clinic, Inc." <hello@clinic.example>')).toBe('hello@clinic.example');
    expect(messageIdFor('k', 'hello@clinic.example')).toMatch(/@clinic\.example>$/);
    expect(() => senderAddress('Clinic')).toThrow(/must be an e-mail address/);
  });

  test('when the message is wrong, then it is refused naming every field, before anything is sent', () => {
    const attempt = () =>
      composeMail(
        practice,
        message({
          to: 'a@example.org, b@example.org',
          subject: 'Hi\r\nBcc: victim@example.org',
          text: ' ',
          idempotencyKey: '',
          html: '<p>raw</p>' as never,
          headers: { 'Message-ID': '<x@y>', 'X-Note': 'a\nb' },
        }),
      );
    expect(attempt).toThrow(
      'cannot send this e-mail: to: must be one e-mail address; subject: must be one non-empty line; ' +
        'idempotencyKey: is required; text: is required (every e-mail has a text part); html: must be built with html`…`; ' +
        'headers.Message-ID: is set by the mailer; headers.X-Note: must be one line',
    );
  });

  test('when there is no SMTP_URL, then the mailer says so once and logs each e-mail without its body or full address', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const mailer = createMailer({ ...practice, smtpUrl: undefined, logger });
    expect(mailer.sending).toBe(false);
    const id = await mailer.send(message());
    await mailer.send(message({ idempotencyKey: 'other' }));
    await mailer.close();
    expect(id).toBe(messageIdFor('booking-confirmed:b1', DEFAULT_MAIL_FROM));
    expect(lines.filter((l) => String(l.msg).startsWith('SMTP_URL is not set'))).toHaveLength(1);
    const logged = lines.filter((l) => l.msg === 'e-mail not sent (no SMTP_URL)');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({ subject: 'Your session is booked', toDomain: 'example.org', messageId: id });
    expect(JSON.stringify(lines)).not.toContain('ada@');
    expect(JSON.stringify(lines)).not.toContain('Hello');
  });

  test('when the SMTP_URL or the sender is not usable, then the mailer is not created', () => {
    const logger = pino({ level: 'silent' });
    expect(() => createMailer({ ...practice, smtpUrl: 'http://mail.example', logger })).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL',
    );
    expect(() => createMailer({ ...practice, from: 'nobody', smtpUrl: undefined, logger })).toThrow(
      /sender must be an e-mail address/,
    );
  });
});
