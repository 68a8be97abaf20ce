// The practice service's own metrics on /metrics, read as Prometheus scrapes them: sign-ins by outcome, invites
// sent, sessions alive now (an ended or idle one no longer counted).
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { SoftwarePasskey } from './authenticator.js';
import {
  address,
  ConsoleClient,
  firstAdmin,
  invitedStaff,
  RP_ID,
  startPractice,
  uniqueDb,
  type PracticeService,
} from './harness.js';

let mailpit: Mailpit;
let service: PracticeService;

beforeAll(async () => {
  mailpit = await startMailpit();
});

afterAll(async () => {
  await service?.mongo.connection.dropDatabase().catch(() => undefined);
  await service?.close();
  await mailpit?.stop();
});

/** The value of one sample (`name{labels}`) on /metrics, 0 when it is not there. */
async function sample(name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && (labels === '' || l.includes(labels)) && !l.startsWith('#'));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test('when staff are invited, register, sign in, are refused and sign out, then /metrics counts each and the sessions alive now', async () => {
  const email = address('metrics-admin');
  service = await startPractice(uniqueDb('metrics'), { SMTP_URL: mailpit.smtpUrl, PRACTICE_FIRST_ADMIN_EMAIL: email });
  expect(await sample('practice_invites_sent_total', 'role="admin"')).toBe(1);
  const admin = await firstAdmin(service, mailpit, email);
  expect(await sample('practice_sign_ins_total', 'outcome="registered"')).toBe(1);
  expect(await sample('practice_sessions_active')).toBe(1);

  const practitioner = await invitedStaff(admin.client, mailpit, address('metrics-p'), 'practitioner');
  expect(await sample('practice_invites_sent_total', 'role="practitioner"')).toBe(1);
  expect(await sample('practice_sessions_active')).toBe(2);

  const again = new ConsoleClient(service.url);
  expect((await again.signIn(admin.passkey)).status).toBe(200);
  expect(await sample('practice_sign_ins_total', 'outcome="signed-in"')).toBe(1);
  expect((await new ConsoleClient(service.url).signIn(new SoftwarePasskey(RP_ID))).status).toBe(401);
  expect(await sample('practice_sign_ins_total', 'outcome="refused"')).toBe(1);
  expect(await sample('practice_sessions_active')).toBe(3);

  expect((await practitioner.client.post('/api/practice/sign-out')).status).toBe(200);
  expect(await sample('practice_sessions_active')).toBe(2);
  // Idle past 30 minutes: not alive, though the sweep has not removed them yet.
  service.clock.advance(31 * 60_000);
  expect(await sample('practice_sessions_active')).toBe(0);
});
