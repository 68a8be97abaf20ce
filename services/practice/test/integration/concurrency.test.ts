// What must hold when requests race, fired truly at once against real FerretDB (no transactions there): two admins
// revoking each other never leave the console without an admin, and one invite claimed by two registrations at
// once makes exactly one staff member.
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { SoftwarePasskey } from './authenticator.js';
import {
  address,
  ConsoleClient,
  firstAdmin,
  inviteTokenFor,
  invitedStaff,
  RP_ID,
  startPractice,
  uniqueDb,
  type PracticeService,
} from './harness.js';

const ROUNDS = 50;

let mailpit: Mailpit;
let service: PracticeService;
let admin: ConsoleClient;

beforeAll(async () => {
  mailpit = await startMailpit();
  const email = address('race-admin');
  service = await startPractice(uniqueDb('race'), { SMTP_URL: mailpit.smtpUrl, PRACTICE_FIRST_ADMIN_EMAIL: email });
  ({ client: admin } = await firstAdmin(service, mailpit, email));
}, 60_000);

afterAll(async () => {
  await service?.mongo.connection.dropDatabase().catch(() => undefined);
  await service?.close();
  await mailpit?.stop();
});

const activeAdmins = () =>
  service.mongo.connection.collection('staff').countDocuments({ role: 'admin', status: 'active' });

test(`when two admins revoke each other at the same moment (${ROUNDS} rounds), then one admin always remains`, async () => {
  let survivor = admin;
  let survivorId = ((await (await admin.get('/api/practice/me')).json()) as { id: string }).id;
  for (let round = 1; round <= ROUNDS; round++) {
    const other = await invitedStaff(survivor, mailpit, address(`race-${round}`), 'admin');
    const [first, second] = await Promise.all([
      survivor.post(`/api/practice/staff/${other.id}/revoke`),
      other.client.post(`/api/practice/staff/${survivorId}/revoke`),
    ]);
    const statuses = [first.status, second.status];
    expect([round, await activeAdmins()]).toEqual([round, 1]);
    // Exactly one revocation happened; the other was refused (409), or its session had ended before (401).
    expect([round, statuses.filter((status) => status === 200).length]).toEqual([round, 1]);
    expect([round, statuses.every((status) => [200, 401, 409].includes(status))]).toEqual([round, true]);
    if (second.status === 200) {
      survivor = other.client;
      survivorId = other.id;
    }
    admin = survivor;
    expect((await survivor.get('/api/practice/staff')).status).toBe(200);
  }
}, 180_000);

test(`when one invite is registered twice at the same moment (${ROUNDS} rounds), then exactly one staff member with one passkey`, async () => {
  const staff = service.mongo.connection.collection('staff');
  const passkeys = service.mongo.connection.collection('passkeys');
  for (let round = 1; round <= ROUNDS; round++) {
    const email = address(`claim-${round}`);
    expect((await admin.post('/api/practice/staff/invite', { email, role: 'practitioner' })).status).toBe(200);
    const token = await inviteTokenFor(mailpit, email);
    // Two browsers, each with its own ceremony begun on the one invite, finish at once.
    const browsers = [0, 1].map(() => ({ client: new ConsoleClient(service.url), key: new SoftwarePasskey(RP_ID) }));
    const credentials = await Promise.all(
      browsers.map(async ({ client, key }) => {
        const options = await client.post('/api/practice/register/options', { token });
        expect(options.status).toBe(200);
        return key.register(await options.json(), { origin: client.origin });
      }),
    );
    const answers = await Promise.all(
      browsers.map(({ client }, i) =>
        client.post('/api/practice/register/verify', { token, credential: credentials[i] }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect([round, statuses]).toEqual([round, [200, 410]]);
    const made = await staff.find({ email }).toArray();
    expect([round, made.length]).toEqual([round, 1]);
    expect([round, await passkeys.countDocuments({ staffId: made[0]!._id })]).toEqual([round, 1]);
  }
}, 180_000);

test('when the only admin registers an invite to her own address as practitioner, then she stays admin (an invite never lowers an admin)', async () => {
  const me = (await (await admin.get('/api/practice/me')).json()) as { email: string };
  expect((await admin.post('/api/practice/staff/invite', { email: me.email, role: 'practitioner' })).status).toBe(200);
  const client = new ConsoleClient(service.url);
  expect((await client.register(await inviteTokenFor(mailpit, me.email), new SoftwarePasskey(RP_ID))).status).toBe(200);
  expect(((await (await client.get('/api/practice/me')).json()) as { role: string }).role).toBe('admin');
  expect(await activeAdmins()).toBe(1);
  expect((await client.get('/api/practice/staff')).status).toBe(200);
});

test(`when two invites to one new address are registered at the same moment (${ROUNDS} rounds), then one staff member with both passkeys`, async () => {
  const staff = service.mongo.connection.collection('staff');
  const passkeys = service.mongo.connection.collection('passkeys');
  for (let round = 1; round <= ROUNDS; round++) {
    const email = address(`twice-${round}`);
    for (let i = 0; i < 2; i++) {
      expect((await admin.post('/api/practice/staff/invite', { email, role: 'practitioner' })).status).toBe(200);
    }
    const mails = await mailpit.client.messages();
    const tokens = mails.filter((m) => m.To.some((a) => a.Address === email)).map((m) => m.ID);
    expect(tokens).toHaveLength(2);
    const texts = await Promise.all(tokens.map((id) => mailpit.client.message(id)));
    const links = texts.map((mail) => /\/practice\/invite#([A-Za-z0-9_-]{43})/.exec(mail.Text)![1]!);
    const browsers = links.map((token) => ({
      token,
      client: new ConsoleClient(service.url),
      key: new SoftwarePasskey(RP_ID),
    }));
    const credentials = await Promise.all(
      browsers.map(async ({ token, client, key }) => {
        const options = await client.post('/api/practice/register/options', { token });
        expect(options.status).toBe(200);
        return key.register(await options.json(), { origin: client.origin });
      }),
    );
    const answers = await Promise.all(
      browsers.map(({ token, client }, i) =>
        client.post('/api/practice/register/verify', { token, credential: credentials[i] }),
      ),
    );
    expect([round, answers.map((res) => res.status)]).toEqual([round, [200, 200]]);
    const made = await staff.find({ email }).toArray();
    expect([round, made.length]).toEqual([round, 1]);
    expect([round, await passkeys.countDocuments({ staffId: made[0]!._id })]).toEqual([round, 2]);
  }
}, 180_000);
