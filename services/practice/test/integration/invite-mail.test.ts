// The invitation e-mail is sent inside the admin's request: a mail server that accepts the connection and never
// says a word must not hold the request (or the service's start) longer than PRACTICE_MAIL_TIMEOUT_MS allows, and the
// rule stays: the e-mail not sent, 503 and no invite kept.
import net from 'node:net';
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { address, ConsoleClient, firstAdmin, startPractice, uniqueDb, type PracticeService } from './harness.js';

let mailpit: Mailpit;
let silent: net.Server;
const sockets: net.Socket[] = [];
const running = new Set<PracticeService>();

beforeAll(async () => {
  mailpit = await startMailpit();
  // Accepts, and then stays silent: no greeting, no answer, ever.
  silent = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const service of running) {
    await service.mongo.connection.dropDatabase().catch(() => undefined);
    await service.close();
  }
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await mailpit.stop();
});

const silentSmtp = () => `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;

test('when the mail server accepts and never answers, then an invite is 503 within the mail timeout and nothing is kept', async () => {
  const db = uniqueDb('silent');
  const email = address('silent-admin');
  const staffed = await startPractice(db, { SMTP_URL: mailpit.smtpUrl, PRACTICE_FIRST_ADMIN_EMAIL: email });
  const { client } = await firstAdmin(staffed, mailpit, email);
  await staffed.close();

  const service = await startPractice(db, { SMTP_URL: silentSmtp(), PRACTICE_MAIL_TIMEOUT_MS: '1000' });
  running.add(service);
  const admin = new ConsoleClient(service.url);
  admin.cookie = client.cookie;
  const invited = address('never-mailed');
  const started = Date.now();
  const res = await admin.post('/api/practice/staff/invite', { email: invited, role: 'practitioner' });
  const ms = Date.now() - started;
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expect((await res.json()).message).toMatch(/could not be sent/);
  expect(ms).toBeLessThan(2500);
  expect(await service.mongo.connection.collection('invites').countDocuments({ email: invited })).toBe(0);
  // The admin is still served at once: nothing waits on the silent server.
  expect((await admin.get('/api/practice/me')).status).toBe(200);
}, 30_000);

test('when the mail server never answers at start, then the service starts within the mail timeout and keeps no invite', async () => {
  const started = Date.now();
  const service = await startPractice(uniqueDb('silent-start'), {
    SMTP_URL: silentSmtp(),
    PRACTICE_MAIL_TIMEOUT_MS: '1000',
    PRACTICE_FIRST_ADMIN_EMAIL: address('silent-first'),
  });
  running.add(service);
  expect(Date.now() - started).toBeLessThan(4000);
  expect(await service.mongo.connection.collection('invites').countDocuments()).toBe(0);
}, 30_000);
