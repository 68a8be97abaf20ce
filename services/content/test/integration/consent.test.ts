// The list's consent over time, against real Mailpit, FerretDB and NATS: joining again after an unsubscribe
// (a fresh confirmation e-mail; still unsubscribed until its link is confirmed), an old confirmation link after
// an unsubscribe (superseded: 410, nothing changes), and the consent record of each step.
import { randomUUID } from 'node:crypto';
import { startMailpit, type Mailpit, type MailDetail } from '../../../../infra/src/testing/mailpit.js';
import { canMail, consentRecord } from '../../src/subscribers/opt-in.js';
import { subscriberModel } from '../../src/subscribers/subscriber.model.js';
import { postJson, sleep, startContent, uniqueDb, type ContentService } from './harness.js';

const LIST_SECRET = 'test-list-token-secret-0123456789abcdef01234567';
const PUBLIC_URL = 'https://portal.example';
const SUBJECT = 'Please confirm your subscription';

let mailpit: Mailpit;
let service: ContentService;

const address = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const subscribers = () => subscriberModel(service.mongo.connection);
const signUp = (email: string) => postJson(`${service.url}/api/subscribe-email`, { email, source: 'hero' });
const confirm = (token: string) => postJson(`${service.url}/api/subscribe-email/confirm`, { token });
const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;
const confirmToken = (mail: MailDetail) =>
  tokenIn(/https:\/\/portal\.example\/email-confirmed\?token=\S+/.exec(mail.Text)![0]);
const unsubscribeToken = (mail: MailDetail) => tokenIn(mail.headers['List-Unsubscribe']![0]!.slice(1, -1));
const unsubscribeOneClick = (token: string) =>
  fetch(`${service.url}/api/subscribe-email/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
const unsubscribePage = (token: string) =>
  postJson(`${service.url}/api/subscribe-email/unsubscribe?token=${encodeURIComponent(token)}`, {});

/** The confirmation e-mails sent to `email`, oldest first, once there are `count` of them. */
async function confirmations(email: string, count: number): Promise<MailDetail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await mailpit.client.messages())
      .filter((m) => m.Subject === SUBJECT && m.To.some((a) => a.Address === email))
      .reverse();
    if (found.length >= count) return Promise.all(found.map((m) => mailpit.client.message(m.ID)));
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} confirmation e-mails to ${email}`);
    await sleep(100);
  }
}

/** Signed up, confirmed by the e-mail's link and unsubscribed by its one-click header: the first e-mail. */
async function joinedAndLeft(email: string): Promise<MailDetail> {
  expect((await signUp(email)).status).toBe(200);
  const [first] = await confirmations(email, 1);
  expect((await confirm(confirmToken(first!))).status).toBe(200);
  expect((await unsubscribeOneClick(unsubscribeToken(first!))).status).toBe(200);
  expect(await canMail(subscribers(), email)).toBe(false);
  return first!;
}

beforeAll(async () => {
  mailpit = await startMailpit();
  service = await startContent(uniqueDb('consent'), {
    SMTP_URL: mailpit.smtpUrl,
    LIST_TOKEN_SECRET: LIST_SECRET,
    PUBLIC_URL,
  });
});

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await service.close();
  await mailpit.stop();
});

describe("the list's consent", () => {
  test('when an address that unsubscribed signs up again, then a fresh confirmation e-mail is sent and it stays unsubscribed until that link is confirmed', async () => {
    const email = address('rejoin');
    const first = await joinedAndLeft(email);

    const again = await signUp(email);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: 'Subscribed' });
    const [, second] = await confirmations(email, 2);
    expect(confirmToken(second!)).not.toEqual(confirmToken(first));
    expect(second!.MessageID).not.toEqual(first.MessageID);
    expect(await canMail(subscribers(), email)).toBe(false);

    const res = await confirm(confirmToken(second!));
    expect(res.status).toBe(200);
    expect(await canMail(subscribers(), email)).toBe(true);

    // Signing up while on the list sends nothing more.
    expect((await signUp(email)).status).toBe(200);
    await sleep(1000);
    expect(await confirmations(email, 2)).toHaveLength(2);
  });

  test('when an address has unsubscribed, then its old confirmation link answers 410 naming the token and changes nothing, also after it signs up again', async () => {
    const email = address('old-link');
    const first = await joinedAndLeft(email);

    const old = await confirm(confirmToken(first));
    expect(old.status).toBe(410);
    expect(((await old.json()) as { message: string }).message).toMatch(/^token: .*superseded/);
    expect(await canMail(subscribers(), email)).toBe(false);

    expect((await signUp(email)).status).toBe(200);
    const [, second] = await confirmations(email, 2);
    expect((await confirm(confirmToken(first))).status).toBe(410);
    expect(await canMail(subscribers(), email)).toBe(false);

    // Unsubscribing from the new e-mail before confirming retires its link as well.
    expect((await unsubscribePage(unsubscribeToken(second!))).status).toBe(200);
    expect((await confirm(confirmToken(second!))).status).toBe(410);
    expect(await canMail(subscribers(), email)).toBe(false);
  });

  test('when an address signs up, confirms, leaves and joins again, then its consent record shows each step with its time and route, and nothing more about the visitor', async () => {
    const email = address('record');
    const before = new Date();
    const first = await joinedAndLeft(email);
    expect((await signUp(email)).status).toBe(200);
    const [, second] = await confirmations(email, 2);
    expect((await confirm(confirmToken(second!))).status).toBe(200);
    expect((await unsubscribePage(unsubscribeToken(first))).status).toBe(200);

    const record = await consentRecord(subscribers(), email.toUpperCase());
    expect(record.map(({ action, via }) => [action, via])).toEqual([
      ['signup', 'sign-up form (hero)'],
      ['confirm', 'confirmation link'],
      ['unsubscribe', 'one-click unsubscribe'],
      ['signup', 'sign-up form (hero)'],
      ['confirm', 'confirmation link'],
      ['unsubscribe', 'unsubscribe page'],
    ]);
    for (const step of record) {
      expect(step.at).toBeInstanceOf(Date);
      expect(step.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(Object.keys(step).sort()).toEqual(['action', 'at', 'via']);
    }
    expect(record.map((s) => s.at.getTime())).toEqual(record.map((s) => s.at.getTime()).sort((a, b) => a - b));
  });
});
