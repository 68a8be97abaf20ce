// The practice service with its database gone: every route of the console answers 503 JSON with Retry-After at
// once (as booking and content do), not a 500 or a request held, and the answers come back with the database.
// The suite runs its own PostgreSQL and FerretDB so that it can kill FerretDB.
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { answerOf, startOwnDatabase, type OwnDatabase } from '../../../../infra/src/testing/own-database.js';
import type { SoftwarePasskey } from './authenticator.js';
import { address, ConsoleClient, firstAdmin, startPractice, uniqueDb, type PracticeService } from './harness.js';

const DB_TIMEOUT_MS = 800;

let db: OwnDatabase;
let mailpit: Mailpit;
let service: PracticeService;
let admin: ConsoleClient;
let passkey: SoftwarePasskey;

beforeAll(async () => {
  db = await startOwnDatabase('practice-db-lost');
  mailpit = await startMailpit();
  const email = address('db-lost-admin');
  service = await startPractice(uniqueDb('db-lost'), {
    MONGODB_URI: db.uri,
    SMTP_URL: mailpit.smtpUrl,
    PRACTICE_FIRST_ADMIN_EMAIL: email,
    // The sign-in limit is on, as in production: its counters are in this database too.
    PRACTICE_SIGN_INS_PER_ADDRESS: '1000',
    DB_TIMEOUT_MS: String(DB_TIMEOUT_MS),
  });
  ({ client: admin, passkey } = await firstAdmin(service, mailpit, email));
}, 90_000);

afterAll(async () => {
  await service?.close();
  await mailpit?.stop();
  await db?.stop();
});

/** Every route of the console, as the signed-in admin calls it (the public ones with what they take). */
const routes: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
  ['GET', '/api/practice/me'],
  ['GET', '/api/practice/staff'],
  ['GET', '/api/practice/audit'],
  ['POST', '/api/practice/staff/invite', { email: 'nobody@example.com', role: 'practitioner' }],
  ['POST', '/api/practice/staff/00000000-0000-4000-8000-000000000000/revoke'],
  ['POST', '/api/practice/sign-in/options', {}],
  ['POST', '/api/practice/register/options', { token: 'A'.repeat(43) }],
];

async function ask(client: ConsoleClient, [method, target, body]: (typeof routes)[number]) {
  const started = Date.now();
  const res = await client.call(method, target, method === 'POST' ? (body ?? {}) : undefined, {}, 10_000);
  return { route: `${method} ${target}`, ...(await answerOf(res, started)) };
}

test('when FerretDB stops answering (stopped, its connections open), then every route is 503 JSON within DB_TIMEOUT_MS, and answers again once it resumes', async () => {
  const stalled = new ConsoleClient(service.url);
  stalled.cookie = admin.cookie;
  db.ferret.process.child.kill('SIGSTOP');
  try {
    const answers = await Promise.all(routes.map((route) => ask(stalled, route)));
    for (const answer of answers) {
      expect(answer).toMatchObject({
        route: answer.route,
        status: 503,
        retryAfter: expect.stringMatching(/^[1-9]\d*$/),
        contentType: 'application/json; charset=utf-8',
        body: { message: 'The practice console cannot reach its database right now. Please try again in a moment.' },
      });
      expect([answer.route, answer.ms < DB_TIMEOUT_MS + 1500]).toEqual([answer.route, true]);
    }
  } finally {
    db.ferret.process.child.kill('SIGCONT');
  }
  expect(stalled.cookie).toBe(admin.cookie);
  const back = Date.now();
  while ((await admin.get('/api/practice/me')).status !== 200) {
    expect(Date.now() - back).toBeLessThan(15_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 60_000);

test('when FerretDB is killed, then every route is 503 JSON with Retry-After at once, not 500, and they answer again once it is back', async () => {
  db.ferret.process.child.kill('SIGKILL');
  await db.ferret.stop();
  // A copy of the admin's cookie: a 503 must not end her session.
  const down = new ConsoleClient(service.url);
  down.cookie = admin.cookie;
  const answers = [];
  for (const route of routes) answers.push(await ask(down, route));
  // And a sign-in with her passkey while it is away.
  const signIn = await down.signIn(passkey);
  answers.push({ route: 'sign-in', status: signIn.status, body: (await signIn.json()) as unknown });
  for (const answer of answers) {
    expect(answer).toMatchObject({
      status: 503,
      body: { message: expect.stringMatching(/\S/) },
      ...('retryAfter' in answer
        ? { retryAfter: expect.stringMatching(/^[1-9]\d*$/), contentType: 'application/json; charset=utf-8' }
        : {}),
    });
    if ('ms' in answer) expect([answer.route, answer.ms < 3500]).toEqual([answer.route, true]);
  }
  expect(down.cookie).toBe(admin.cookie);

  await db.restartFerret();
  const back = Date.now();
  for (;;) {
    const me = await admin.get('/api/practice/me');
    if (me.status === 200) break;
    expect(me.status).toBe(503);
    expect(Date.now() - back).toBeLessThan(15_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect((await admin.get('/api/practice/staff')).status).toBe(200);
  expect((await new ConsoleClient(service.url).signIn(passkey)).status).toBe(200);
}, 90_000);
