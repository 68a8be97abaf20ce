// The double opt-in against real Mailpit, FerretDB and NATS: a sign-up's confirmation e-mail (once), its
// links, the one-click unsubscribe, and who may be sent list mail.
import { createHmac } from 'node:crypto';
import net from 'node:net';
import type { Mailpit, MailDetail } from '../../../../infra/src/testing/mailpit.js';
import { canMail, mailableSubscribers } from '../../src/subscribers/opt-in.js';
import { subscriberModel } from '../../src/subscribers/subscriber.model.js';
import { listToken } from '../../src/subscribers/list-tokens.js';
import {
  LIST_SECRET,
  address,
  confirmTokenIn,
  listRoutes,
  postJson,
  sleep,
  startListSuite,
  unsubscribeTokenIn,
  type ContentService,
  type ListSuite,
} from './harness.js';

let suite: ListSuite;
let mailpit: Mailpit;
let service: ContentService;

const subscribers = () => subscriberModel(service.mongo.connection);
const { signUp, confirm, unsubscribeOneClick } = listRoutes(() => service, 'footer');

async function signedUpAndMailed(email: string): Promise<MailDetail> {
  expect((await signUp(email)).status).toBe(200);
  return mailpit.client.waitForMessage({ to: email, subject: 'Please confirm your subscription' });
}

beforeAll(async () => {
  suite = await startListSuite('optin');
  ({ mailpit, service } = suite);
});

afterAll(() => suite?.stop());

describe('the double opt-in', () => {
  test('when a new address signs up, then it gets one confirmation e-mail with one-click unsubscribe headers, and its link confirms it', async () => {
    const email = address('optin');
    const mail = await signedUpAndMailed(email);

    expect(mail.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);
    const [header] = mail.headers['List-Unsubscribe']!;
    expect(header).toMatch(/^<https:\/\/portal\.example\/api\/subscribe-email\/unsubscribe\?token=[^>]+>$/);
    expect(mail.Text).toMatch(/Unsubscribe: https:\/\/portal\.example\/email-unsubscribed\?token=/);
    // Not "Thank you for joining": nothing is joined before the link is confirmed (issue 27, point 4c).
    expect(mail.Text).toMatch(/^Thank you for signing up for our holistic health e-mails\.\r?\n/);
    expect(await canMail(subscribers(), email)).toBe(false);

    const res = await confirm(confirmTokenIn(mail));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: `${email[0]}***@example.com` });
    expect(await canMail(subscribers(), email)).toBe(true);
    const first = (await subscribers().findOne({ email }).lean())!.confirmedAt;

    // A second click keeps the first confirmation.
    expect((await confirm(confirmTokenIn(mail))).status).toBe(200);
    expect((await subscribers().findOne({ email }).lean())!.confirmedAt).toEqual(first);
  });

  test('when the same address signs up again, then no second e-mail is sent', async () => {
    const email = address('again');
    await signedUpAndMailed(email);
    expect((await signUp(email)).status).toBe(200);
    expect((await signUp(email.toUpperCase())).status).toBe(200);
    await sleep(1500);
    const toIt = (await mailpit.client.messages()).filter((m) => m.To.some((a) => a.Address === email));
    expect(toIt).toHaveLength(1);
  });

  test('when the confirm token is forged, of the other purpose, or malformed, then 400 names the token and nothing is confirmed', async () => {
    const email = address('forged');
    await signedUpAndMailed(email);
    const id = String((await subscribers().findOne({ email }).lean())!._id);
    for (const token of [
      listToken('another-secret-of-at-least-32-characters-000', 'confirm', id),
      listToken(LIST_SECRET, 'unsubscribe', id),
      'not-a-token',
      42,
    ]) {
      const res = await confirm(token);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toMatch(/token/);
    }
    expect(await canMail(subscribers(), email)).toBe(false);
  });

  test('when the one-click unsubscribe is POSTed as a form (twice), then the address gets no more list mail', async () => {
    const email = address('leaving');
    const mail = await signedUpAndMailed(email);
    expect((await confirm(confirmTokenIn(mail))).status).toBe(200);
    const token = unsubscribeTokenIn(mail);

    const res = await unsubscribeOneClick(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Unsubscribed' });
    const first = (await subscribers().findOne({ email }).lean())!.unsubscribedAt;
    expect(first).toBeInstanceOf(Date);
    expect(await canMail(subscribers(), email)).toBe(false);

    expect((await unsubscribeOneClick(token)).status).toBe(200);
    expect((await subscribers().findOne({ email }).lean())!.unsubscribedAt).toEqual(first);
    // The page's JSON POST is accepted the same way.
    const json = await postJson(`${service.url}/api/subscribe-email/unsubscribe?token=${token}`, {});
    expect(json.status).toBe(200);
  });

  test('when an unsubscribe link e-mailed before the change (its earlier form) is used, then the address leaves the list', async () => {
    const email = address('earlier');
    const mail = await signedUpAndMailed(email);
    expect((await confirm(confirmTokenIn(mail))).status).toBe(200);
    const id = String((await subscribers().findOne({ email }).lean())!._id);
    // Until the kit's EARLIER_FORMS_UNTIL: `<id>.<HMAC-SHA256 of "list-unsubscribe:<id>">`.
    const earlier = `${id}.${createHmac('sha256', LIST_SECRET).update(`list-unsubscribe:${id}`).digest('base64url')}`;
    expect((await unsubscribeOneClick(earlier.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).status).toBe(400);
    expect(await canMail(subscribers(), email)).toBe(true);

    expect((await unsubscribeOneClick(earlier)).status).toBe(200);
    expect(await canMail(subscribers(), email)).toBe(false);
  });

  test('when the unsubscribe token is a confirm token or missing, then 400 and the address stays', async () => {
    const email = address('staying');
    const mail = await signedUpAndMailed(email);
    const confirmToken = confirmTokenIn(mail);
    expect((await confirm(confirmToken)).status).toBe(200);
    expect((await unsubscribeOneClick(confirmToken)).status).toBe(400);
    const missing = await fetch(`${service.url}/api/subscribe-email/unsubscribe`, { method: 'POST' });
    expect(missing.status).toBe(400);
    expect(await canMail(subscribers(), email)).toBe(true);
  });

  test('canMail and mailableSubscribers: only confirmed addresses that have not unsubscribed', async () => {
    const now = new Date();
    const [pending, confirmed, left, leftUnconfirmed] = ['pending', 'confirmed', 'left', 'left-unconfirmed'].map(
      address,
    );
    await subscribers().insertMany([
      { email: pending!, source: 'hero', subscribedAt: now },
      { email: confirmed!, source: 'hero', subscribedAt: now, confirmedAt: now },
      { email: left!, source: 'hero', subscribedAt: now, confirmedAt: now, unsubscribedAt: now },
      { email: leftUnconfirmed!, source: 'hero', subscribedAt: now, unsubscribedAt: now },
    ]);
    expect(await canMail(subscribers(), pending!)).toBe(false);
    expect(await canMail(subscribers(), confirmed!)).toBe(true);
    expect(await canMail(subscribers(), ` ${confirmed!.toUpperCase()}`)).toBe(true);
    expect(await canMail(subscribers(), left!)).toBe(false);
    expect(await canMail(subscribers(), leftUnconfirmed!)).toBe(false);
    expect(await canMail(subscribers(), address('stranger'))).toBe(false);

    const mailable: string[] = [];
    for await (const s of mailableSubscribers(subscribers())) mailable.push(s.email);
    expect(mailable).toContain(confirmed);
    expect(mailable).not.toContain(pending);
    expect(mailable).not.toContain(left);
    expect(mailable).not.toContain(leftUnconfirmed);
  });

  // Last: it replaces the service (one consumer of the durable at a time, or the two would share its events).
  test('when the SMTP server refuses the confirmation and the service restarts, then the e-mail is sent once after the restart', async () => {
    // An SMTP "server" that hangs up on every connection, and counts them.
    let attempts = 0;
    const refusing = net.createServer((socket) => {
      attempts++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const port = (refusing.address() as net.AddressInfo).port;
    service = await suite.restart({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = address('restart');
      expect((await signUp(email)).status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (attempts === 0 && Date.now() < deadline) await sleep(50);
      expect(attempts).toBeGreaterThan(0);
      // The failed delivery is back on the stream (a 1 s backoff) before this service stops.
      await sleep(300);
      service = await suite.restart();

      const mail = await mailpit.client.waitForMessage(
        { to: email, subject: 'Please confirm your subscription' },
        40_000,
      );
      expect((await confirm(confirmTokenIn(mail))).status).toBe(200);
      await sleep(1500);
      const toIt = (await mailpit.client.messages()).filter((m) => m.To.some((a) => a.Address === email));
      expect(toIt).toHaveLength(1);
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
    }
  }, 60_000);
});
