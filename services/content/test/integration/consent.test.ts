// The list's consent over time, against real Mailpit, FerretDB and NATS: joining again after an unsubscribe
// (a fresh confirmation e-mail; still unsubscribed until its link is confirmed), an old confirmation link after
// an unsubscribe (superseded: 410, nothing changes), and the consent record of each step.
import type { Mailpit, MailDetail } from '../../../../infra/src/testing/mailpit.js';
import { canMail, consentRecord } from '../../src/subscribers/opt-in.js';
import { subscriberModel } from '../../src/subscribers/subscriber.model.js';
import {
  address,
  confirmTokenIn,
  listRoutes,
  sleep,
  startListSuite,
  unsubscribeTokenIn,
  type ContentService,
  type ListSuite,
} from './harness.js';

const SUBJECT = 'Please confirm your subscription';

let suite: ListSuite;
let mailpit: Mailpit;
let service: ContentService;

const subscribers = () => subscriberModel(service.mongo.connection);
const { signUp, confirm, unsubscribeOneClick, unsubscribePage } = listRoutes(() => service, 'hero');

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
  expect((await confirm(confirmTokenIn(first!))).status).toBe(200);
  expect((await unsubscribeOneClick(unsubscribeTokenIn(first!))).status).toBe(200);
  expect(await canMail(subscribers(), email)).toBe(false);
  return first!;
}

beforeAll(async () => {
  suite = await startListSuite('consent');
  ({ mailpit, service } = suite);
});

afterAll(() => suite?.stop());

describe("the list's consent", () => {
  test('when an address that unsubscribed signs up again, then a fresh confirmation e-mail is sent and it stays unsubscribed until that link is confirmed', async () => {
    const email = address('rejoin');
    const first = await joinedAndLeft(email);

    const again = await signUp(email);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: 'Subscribed' });
    const [, second] = await confirmations(email, 2);
    expect(confirmTokenIn(second!)).not.toEqual(confirmTokenIn(first));
    expect(second!.MessageID).not.toEqual(first.MessageID);
    expect(await canMail(subscribers(), email)).toBe(false);

    const res = await confirm(confirmTokenIn(second!));
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

    const old = await confirm(confirmTokenIn(first));
    expect(old.status).toBe(410);
    expect(((await old.json()) as { message: string }).message).toMatch(/^token: .*superseded/);
    expect(await canMail(subscribers(), email)).toBe(false);

    expect((await signUp(email)).status).toBe(200);
    const [, second] = await confirmations(email, 2);
    expect((await confirm(confirmTokenIn(first))).status).toBe(410);
    expect(await canMail(subscribers(), email)).toBe(false);

    // Unsubscribing from the new e-mail before confirming retires its link as well.
    expect((await unsubscribePage(unsubscribeTokenIn(second!))).status).toBe(200);
    expect((await confirm(confirmTokenIn(second!))).status).toBe(410);
    expect(await canMail(subscribers(), email)).toBe(false);
  });

  test('when an address signs up, confirms, leaves and joins again, then its consent record shows each step with its time and route, and nothing more about the visitor', async () => {
    const email = address('record');
    const before = new Date();
    const first = await joinedAndLeft(email);
    expect((await signUp(email)).status).toBe(200);
    const [, second] = await confirmations(email, 2);
    expect((await confirm(confirmTokenIn(second!))).status).toBe(200);
    expect((await unsubscribePage(unsubscribeTokenIn(first))).status).toBe(200);

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
